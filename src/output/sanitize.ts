// Server strings are untrusted. Before they reach a terminal, every control character
// (C0, DEL, C1 — which covers ESC, CSI, OSC and so titles, colours, hyperlinks and
// screen clears) and the bidi overrides that can disguise text are shown as visible escapes.

// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function termSafe(text: string): string {
  return text.replace(UNSAFE, (ch) => {
    switch (ch) {
      case '\n':
        return '\\n';
      case '\r':
        return '\\r';
      case '\t':
        return '\\t';
      default: {
        const code = ch.charCodeAt(0);
        return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
      }
    }
  });
}

/** Formula-injection guard for spreadsheets (OWASP "CSV injection"): such cells get a leading quote. */
export function spreadsheetSafe(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}
