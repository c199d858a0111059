// Server strings are untrusted. Before they reach a terminal, every control character
// (C0, DEL, C1 — which covers ESC, CSI, OSC and so titles, colours, hyperlinks and
// screen clears) and every invisible format character (Unicode category Cf: the bidi
// controls, zero-width space and joiners, word joiner, BOM, soft hyphen, tag characters)
// is shown as a visible escape. Cf characters draw nothing, so `new\u200bcheckout` and
// `newcheckout` would otherwise look the same, and some terminals give them a cell anyway.

// Made on first use: a Unicode property class costs its creation at start-up (ICU's sets,
// about 0.5 ms on Node 24), which `-o json` never needs.
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
  const out = text.replace((unsafe ??= /[\u0000-\u001f\u007f-\u009f\p{Cf}]/gu), escaped);
  return out.includes('##[') ? out.replace(LEGACY_COMMAND, '##\\x5b') : out;
}

/** Formula-injection guard for spreadsheets (OWASP "CSV injection"): such cells get a leading quote. */
export function spreadsheetSafe(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}
