import { isUtf8 } from 'node:buffer';

// "Looks like a flag": the first argument of an Unleash SDK flag call, written as a literal
// between two of the delimiters: isEnabled("x"), is_enabled('x'), IsEnabled("x"),
// getVariant/get_variant/GetVariant, React's useFlag/useVariant, Ruby's is_enabled?("x").
// Any quoted string could be a flag name; only these calls say it is one, so the gate on
// unknown names does not fire on every string a change adds. The caller decides which of these
// are known (a flag's exact name or, with --aliases, one of its case forms).

const CALLS = ['isEnabled', 'is_enabled?', 'is_enabled', 'IsEnabled', 'getVariant', 'get_variant', 'GetVariant', 'useFlag', 'useVariant', 'enabled?'];
/** Unleash's names are URL-friendly; a longer or stranger argument is not a flag name. */
const NAME = '[A-Za-z0-9_.~-]{1,100}';
const TEXT_MAX = 240;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

export interface Candidate {
  name: string;
  line: number;
  column: number;
  text: string;
}

/** A matcher of flag calls whose argument sits between two of the same delimiter. */
export function callMatcher(delimiters: string[]): (bytes: Buffer) => (Candidate & { whole: string })[] {
  const quotes = delimiters.filter((d) => d.length === 1 && !/[\sA-Za-z0-9_.~-]/.test(d));
  if (quotes.length === 0) return () => [];
  const call = `(?<![A-Za-z0-9_$])(?:${CALLS.map(escape).join('|')})`;
  const re = new RegExp(`${call}\\s*\\(\\s*([${quotes.map(escape).join('')}])(${NAME})\\1`, 'g');
  return (bytes) => {
    const text = bytes.toString(isUtf8(bytes) ? 'utf8' : 'latin1');
    const out: (Candidate & { whole: string })[] = [];
    let line = 1;
    let lineStart = 0;
    for (const m of text.matchAll(re)) {
      const at = m.index! + m[0].length - m[2]!.length - 1;
      for (let nl = text.indexOf('\n', lineStart); nl >= 0 && nl < at; nl = text.indexOf('\n', lineStart)) {
        line++;
        lineStart = nl + 1;
      }
      let end = text.indexOf('\n', at);
      if (end < 0) end = text.length;
      const whole = text.slice(lineStart, end).trim();
      out.push({ name: m[2]!, line, column: at - lineStart + 1, text: whole.length > TEXT_MAX ? `${whole.slice(0, TEXT_MAX)}…` : whole, whole });
    }
    return out;
  };
}
