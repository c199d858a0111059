// Server strings are untrusted. Before they reach a terminal, every control character
// (C0, DEL, C1 — which covers ESC, CSI, OSC and so titles, colours, hyperlinks and
// screen clears) and every invisible format character (Unicode category Cf: the bidi
// controls, zero-width space and joiners, word joiner, BOM, soft hyphen, tag characters)
// is shown as a visible escape. Cf characters draw nothing, so `new\u200bcheckout` and
// `newcheckout` would otherwise look the same, and some terminals give them a cell anyway.

// Made on first use: a Unicode property class costs its creation at start-up (ICU's sets,
// measurable on Node 24), which `-o json` never needs.
let unsafe: RegExp | undefined;

function escaped(ch: string): string {
  switch (ch) {
    case '\n':
      return '\\n';
    case '\r':
      return '\\r';
    case '\t':
      return '\\t';
    default: {
      const code = ch.codePointAt(0)!;
      if (code <= 0xff) return `\\x${code.toString(16).padStart(2, '0')}`;
      if (code <= 0xffff) return `\\u${code.toString(16).padStart(4, '0')}`;
      return `\\u{${code.toString(16)}}`;
    }
  }
}

/**
 * The GitHub Actions runner reads every line of a step's output for workflow commands, and
 * honours the legacy form `##[set-output name=x;]value` (also add-mask, stop-commands, error…)
 * anywhere in a line, not only at its start (actions/runner ActionCommand.TryParse). Text for
 * people spells the bracket as an escape, `##\x5b`, so no server or source text can be one.
 */
const LEGACY_COMMAND = /##\[/g;

export function termSafe(text: string): string {
  // eslint-disable-next-line no-control-regex
  return noLegacyCommand(text.replace((unsafe ??= /[\u0000-\u001f\u007f-\u009f\p{Cf}]/gu), escaped));
}

export function noLegacyCommand(text: string): string {
  return text.includes('##[') ? text.replace(LEGACY_COMMAND, '##\\x5b') : text;
}

/**
 * The runner also takes a line that starts, after white space, with `::` for a command
 * (`::error::…`, `::add-mask::…`). Server text never holds a raw line break here, but the piped
 * table starts each line with its first cell, and record views with the feature's name: the
 * `:` that would open such a line is spelled `\x3a` (in text for people that is not -o github,
 * whose own lines are these commands, built by output/github.ts).
 */
export function noLineCommand(text: string): string {
  return text.includes('::') ? text.replace(/^(\s*)::/gm, '$1\\x3a:') : text;
}

/** Formula-injection guard for spreadsheets (OWASP "CSV injection"): such cells get a leading quote. */
export function spreadsheetSafe(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

// JSON.stringify escapes C0 controls only: C1 controls, bidi overrides and the other invisible
// format characters go out raw, and so does `##[`. Made on first use, like `unsafe`.
let jsonUnsafe: RegExp | undefined;
const hex4 = (code: number) => `\\u${code.toString(16).padStart(4, '0')}`;
const jsonEscape = (m: string) =>
  m === '##[' ? '##\\u005b' : m.length === 1 ? hex4(m.charCodeAt(0)) : hex4(m.charCodeAt(0)) + hex4(m.charCodeAt(1));

/**
 * JSON text (json, ndjson, sarif) with characters written as JSON's own `\u` escapes: the same
 * strings to every JSON reader. Outside strings JSON text is ASCII punctuation, digits and
 * words, so every match is inside a string. `##[` (a legacy workflow command, see termSafe) is
 * always escaped: finding it costs almost nothing. For a terminal (`all`), so is everything
 * termSafe shows as an escape (C1 controls, DEL, Unicode Cf: bidi overrides, zero-width
 * characters); that scan costs about a third of JSON.stringify, which piped output, read by
 * programs, does not pay.
 */
export function inertJson(text: string, all: boolean): string {
  if (!all) return text.includes('##[') ? text.replace(LEGACY_COMMAND, '##\\u005b') : text;
  const re = (jsonUnsafe ??= /[\u007f-\u009f\p{Cf}]|##\[/gu);
  re.lastIndex = 0;
  return re.test(text) ? text.replace(re, jsonEscape) : text;
}
