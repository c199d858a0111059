// Charts drawn with plain characters, for a terminal. Pure: numbers in, strings out.

const LEVELS = '▁▂▃▄▅▆▇█';

type Value = number | null | undefined;

const finite = (v: Value): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * One character per value, ▁ for the smallest and █ for the largest; a missing value is a
 * space. A flat series sits at ▁ when it is all zero, else in the middle.
 */
export function sparkline(values: readonly Value[]): string {
  const known = values.filter(finite);
  if (known.length === 0) return ' '.repeat(values.length);
  const min = Math.min(...known);
  const max = Math.max(...known);
  return values
    .map((v) => {
      if (!finite(v)) return ' ';
      if (max === min) return max === 0 ? LEVELS[0] : LEVELS[3];
      const level = Math.round(((v - min) / (max - min)) * (LEVELS.length - 1));
      return LEVELS[level];
    })
    .join('');
}

/**
 * Shrinks a series to at most `width` points by averaging neighbours, so a long daily
 * series still fits a line. Missing values are skipped; a bucket of only missing ones stays missing.
 */
export function fitWidth(values: readonly Value[], width: number): Value[] {
  const w = Math.max(1, Math.floor(width));
  if (values.length <= w) return [...values];
  const out: Value[] = [];
  for (let i = 0; i < w; i++) {
    const bucket = values
      .slice(Math.floor((i * values.length) / w), Math.floor(((i + 1) * values.length) / w))
      .filter(finite);
    out.push(bucket.length ? bucket.reduce((a, b) => a + b, 0) / bucket.length : null);
  }
  return out;
}

/**
 * A bar of several parts, each drawn with its own character, scaled so the sum `max` fills
 * `width` cells. Cells are given from the running total, so rounding never adds up to a
 * wider bar than the whole.
 */
export function stackedBar(parts: readonly { value: Value; char: string }[], max: number, width: number): string {
  if (!(max > 0) || width <= 0) return '';
  let sum = 0;
  let drawn = 0;
  let text = '';
  for (const part of parts) {
    if (!finite(part.value) || part.value <= 0) continue;
    sum += part.value;
    const upto = Math.round((Math.min(sum, max) / max) * width);
    text += part.char.repeat(Math.max(0, upto - drawn));
    drawn = Math.max(drawn, upto);
  }
  return text;
}

/** 12345 → "12,345"; fractions keep one decimal. */
export function formatNumber(v: Value): string {
  if (!finite(v)) return '-';
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(v);
}
