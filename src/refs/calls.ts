import { isUtf8 } from 'node:buffer';
import { UsageError } from '../errors.js';
import { readConfig } from './diff/config.js';

// The calls a codebase makes to ask about a flag, and the names written in them. Any quoted
// string could be a flag name; only a flag call says it is one, so the check for unknown names
// (a typo in `useUiFlag('newProjectLst')`) looks at these calls only.
//
// The official Unleash SDKs' calls are always known (Node isEnabled/getVariant, React and the
// proxy client useFlag/useVariant, Python is_enabled/get_variant, Go IsEnabled/GetVariant,
// Java and .NET isEnabled/IsEnabled/getVariant/GetVariant, Ruby is_enabled?/enabled?, PHP
// isEnabled). A codebase that wraps them names its own in flagctl.json:
//
//   { "refs": { "calls": ["useUiFlag", "flagResolver.isEnabled", "this.flags.isOn"] } }
//
// and `"sdkCalls": false` there drops the SDKs' (where `isEnabled` means something else).
// A call is an identifier, or a chain of them joined by `.`, `?.`, `::` or `->`; it matches
// where the text ends with it (`flags.isOn` also matches `this.flags.isOn`), with `.` also
// matching `?.` and whitespace around the joins.

export const SDK_CALLS: readonly string[] = [
  'isEnabled',
  'getVariant',
  'useFlag',
  'useVariant',
  'is_enabled',
  'get_variant',
  'IsEnabled',
  'GetVariant',
  'is_enabled?',
  'enabled?',
];

/** Unleash's names are URL-friendly; a longer or stranger argument is not a flag name. */
const NAME = '[A-Za-z0-9_.~-]{1,100}';
const TEXT_MAX = 240;
const IDENT = '[A-Za-z_$][A-Za-z0-9_$]*';
const CALL = new RegExp(`^(?:${IDENT}(?:\\.|\\?\\.|::|->))*${IDENT}[?!]?$`);
const MAX_CALLS = 200;
const EXPECTED = 'expected {"refs": {"calls": ["useUiFlag", "this.flags.isOn"]}}';

/** A name written as the first argument of a flag call. */
export interface CallName {
  name: string;
  /** 1-based. */
  line: number;
  column: number;
  /** The line, trimmed, cut when long (for display). */
  text: string;
  /** The whole line, trimmed (for comparing lines). */
  whole: string;
}

/** What flagctl.json's `refs` says about calls: the calls to look at, SDKs' first. */
export function callsFrom(doc: unknown, file = 'flagctl.json'): string[] {
  const bad = (what: string) => new UsageError(`${file}: ${what}; ${EXPECTED}`);
  if (
    typeof doc !== 'object' ||
    doc === null ||
    Array.isArray(doc) ||
    !Object.prototype.hasOwnProperty.call(doc, 'refs')
  )
    return [...SDK_CALLS];
  const refs = (doc as Record<string, unknown>).refs;
  if (typeof refs !== 'object' || refs === null || Array.isArray(refs)) throw bad('"refs" must be an object');
  const r = refs as Record<string, unknown>;
  const sdk = Object.prototype.hasOwnProperty.call(r, 'sdkCalls') ? r.sdkCalls : true;
  if (typeof sdk !== 'boolean') throw bad('"refs"."sdkCalls" must be true or false');
  const own = Object.prototype.hasOwnProperty.call(r, 'calls') ? r.calls : [];
  if (!Array.isArray(own)) throw bad('"refs"."calls" must be an array of call names');
  return mergeCalls(sdk ? SDK_CALLS : [], own, (i, v) =>
    bad(
      `"refs"."calls"[${i}]: ${describe(v)} is not a call name (identifiers joined by . ?. :: or ->, e.g. "useUiFlag" or "this.flags.isOn")`,
    ),
  );
}

/** The calls to check for a tree whose flagctl.json lies in `top`, and `extra` (--calls) after them. */
export function loadCalls(top: string, extra: readonly string[] = []): string[] {
  return [...new Set([...callsFrom(readConfig(top)), ...extra])];
}

/** A call as flagctl.json and --calls give it: identifiers joined by `.`, `?.`, `::` or `->`. */
export const isCallName = (v: unknown): boolean => typeof v === 'string' && v.length <= 100 && CALL.test(v);

export function mergeCalls(
  first: readonly string[],
  more: readonly unknown[],
  bad: (i: number, value: unknown) => Error,
): string[] {
  const out = new Set(first);
  more.forEach((v, i) => {
    if (!isCallName(v)) throw bad(i, v);
    out.add(v as string);
  });
  if (out.size > MAX_CALLS) throw bad(MAX_CALLS, `more than ${MAX_CALLS} calls`);
  return [...out];
}

const describe = (v: unknown) => (typeof v === 'string' ? JSON.stringify(v.slice(0, 60)) : typeof v);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** The call's text as a pattern: joins allow whitespace around them, `.` also `?.`. */
function callPattern(call: string): string {
  return call
    .split(/(\?\.|\.|::|->)/)
    .map((part, i) =>
      i % 2 === 0 ? escape(part) : part === '.' || part === '?.' ? '\\s*\\??\\.\\s*' : `\\s*${escape(part)}\\s*`,
    )
    .join('');
}

/**
 * A matcher of calls whose first argument is a name between two of the same delimiter (quotes,
 * not letters or whitespace). A call ending in `?` (Ruby) may leave out the parentheses.
 */
export function callMatcher(calls: readonly string[], delimiters: string[]): (bytes: Buffer) => CallName[] {
  const quotes = delimiters.filter((d) => d.length === 1 && !/[\sA-Za-z0-9_.~-]/.test(d));
  if (quotes.length === 0 || calls.length === 0) return () => [];
  const q = `([${quotes.map(escape).join('')}])(${NAME})\\1`;
  const parens = calls.filter((c) => !c.endsWith('?')).map(callPattern);
  const bare = calls.filter((c) => c.endsWith('?')).map(callPattern);
  const alts = [
    ...(parens.length > 0 ? [`(?:${parens.join('|')})\\s*\\(\\s*`] : []),
    ...(bare.length > 0 ? [`(?:${bare.join('|')})(?:\\s*\\(\\s*|[ \\t]+)`] : []),
  ];
  const re = new RegExp(`(?<![A-Za-z0-9_$])(?:${alts.join('|')})${q}`, 'g');
  // A cheap test before the expression: the file holds some call's last word.
  const words = [
    ...new Set(
      calls.map((c) =>
        c
          .split(/\?\.|\.|::|->/)
          .pop()!
          .replace(/[?!]$/, ''),
      ),
    ),
  ].map((w) => Buffer.from(w));
  return (bytes) => {
    if (!words.some((w) => bytes.indexOf(w) >= 0)) return [];
    const text = bytes.toString(isUtf8(bytes) ? 'utf8' : 'latin1');
    const out: CallName[] = [];
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
      out.push({
        name: m[2]!,
        line,
        column: at - lineStart + 1,
        text: whole.length > TEXT_MAX ? `${whole.slice(0, TEXT_MAX)}…` : whole,
        whole,
      });
    }
    return out;
  };
}
