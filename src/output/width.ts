// How many terminal cells a string takes, as a terminal draws it: our own SGR colour codes
// take none, combining marks join the character before them, East Asian wide and full-width
// characters and emoji in emoji presentation take two. Control and format characters never get here: termSafe has
// made them visible escapes first.

// eslint-disable-next-line no-control-regex
const SGR = /\u001b\[[0-9;]*m/g;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
// Made on first use: a Unicode property class costs its creation at start-up (ICU's sets),
// which `-o json` never needs.
let ZERO: RegExp | undefined;
let EMOJI: RegExp | undefined;

let segmenter: Intl.Segmenter | undefined;

/** Graphemes: what a terminal draws as one character (a base and its marks, an emoji sequence). */
export function* graphemes(text: string): Generator<string> {
  segmenter ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  for (const { segment } of segmenter.segment(text)) yield segment;
}

function wideCodePoint(c: number): boolean {
  return (
    (c >= 0x1100 && c <= 0x115f) ||
    (c >= 0x2e80 && c <= 0x303e) ||
    (c >= 0x3041 && c <= 0x33ff) ||
    (c >= 0x3400 && c <= 0x4dbf) ||
    (c >= 0x4e00 && c <= 0x9fff) ||
    (c >= 0xa000 && c <= 0xa4cf) ||
    (c >= 0xa960 && c <= 0xa97f) ||
    (c >= 0xac00 && c <= 0xd7a3) ||
    (c >= 0xf900 && c <= 0xfaff) ||
    (c >= 0xfe10 && c <= 0xfe19) ||
    (c >= 0xfe30 && c <= 0xfe6f) ||
    (c >= 0xff00 && c <= 0xff60) ||
    (c >= 0xffe0 && c <= 0xffe6) ||
    (c >= 0x1f300 && c <= 0x1f64f) ||
    (c >= 0x1f900 && c <= 0x1f9ff) ||
    (c >= 0x20000 && c <= 0x3fffd)
  );
}

/** The cells one grapheme takes: 0, 1 or 2. */
export function graphemeWidth(g: string): number {
  if (g.length === 1 && g >= ' ' && g <= '~') return 1;
  if ((ZERO ??= /^[\p{Mn}\p{Me}\p{Cf}]+$/u).test(g)) return 0;
  // Emoji presentation only: ©, ™, ↔, ♠ or ❤ alone are pictographic but drawn as text, in
  // one cell (wcwidth, xterm, VTE); U+FE0F or a skin tone asks for the emoji, two cells.
  if ((EMOJI ??= /\p{Emoji_Presentation}|\u{fe0f}|\p{Emoji_Modifier}/u).test(g) && !/^[\d#*]/.test(g)) return 2;
  return wideCodePoint(g.codePointAt(0)!) ? 2 : 1;
}

/**
 * Widths of text that needed the grapheme walk, by text. Table cells repeat (`✓`, `✗`,
 * `unknown` in every row of 100,000), and Intl.Segmenter cost about 0.8 s of a 100,000-row
 * terminal table without it. Emptied when full, so memory stays bounded.
 */
const walked = new Map<string, number>();
const WALKED_MAX = 4096;

/** Display width of text without its SGR colour codes. */
export function displayWidth(text: string): number {
  if (PRINTABLE_ASCII.test(text)) return text.length;
  const plain = text.includes('\u001b') ? text.replace(SGR, '') : text;
  if (PRINTABLE_ASCII.test(plain)) return plain.length;
  const known = walked.get(plain);
  if (known !== undefined) return known;
  let width = 0;
  for (const g of graphemes(plain)) width += graphemeWidth(g);
  if (walked.size >= WALKED_MAX) walked.clear();
  walked.set(plain, width);
  return width;
}

/**
 * Cuts text to `width` cells, the last of them an ellipsis, keeping colour codes (and
 * closing them) so a cut cell never bleeds colour into the border.
 */
export function truncate(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  if (width <= 0) return '';
  const room = width - 1;
  let out = '';
  let used = 0;
  let styled = false;
  // eslint-disable-next-line no-control-regex -- our own SGR colour codes, which take no width
  for (const part of text.split(/(\u001b\[[0-9;]*m)/)) {
    if (part.startsWith('\u001b[')) {
      out += part;
      styled = true;
      continue;
    }
    for (const g of graphemes(part)) {
      const w = graphemeWidth(g);
      if (used + w > room) return `${out}${styled ? '\u001b[0m' : ''}${' '.repeat(room - used)}…`;
      out += g;
      used += w;
    }
  }
  return `${out}…`;
}
