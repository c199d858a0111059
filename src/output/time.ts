const UNITS: [number, string][] = [
  [365 * 24 * 3600, 'y'],
  [30 * 24 * 3600, 'mo'],
  [7 * 24 * 3600, 'w'],
  [24 * 3600, 'd'],
  [3600, 'h'],
  [60, 'm'],
];

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * The time an ISO 8601 date or date-time names, or undefined when it names none. Date.parse
 * alone is too kind: it takes "1" (the year 2001) and rolls February 30th over to March 1st.
 */
export function calendarTime(iso: unknown): number | undefined {
  if (typeof iso !== 'string') return undefined;
  const m = ISO.exec(iso);
  if (!m) return undefined;
  const [year, month, day, hour = 0, minute = 0, second = 0] = m
    .slice(1, 7)
    .map((v) => (v === undefined ? undefined : Number(v))) as number[];
  const days = new Date(Date.UTC(year!, month!, 0)).getUTCDate();
  if (month! < 1 || month! > 12 || day! < 1 || day! > days || hour > 23 || minute > 59 || second > 59) return undefined;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? undefined : t;
}

/** "3d ago", "in 2h", "just now": for people at a terminal. Text that is no calendar time comes back as given. */
export function relativeTime(iso: string, now = Date.now()): string {
  const t = calendarTime(iso);
  if (t === undefined) return iso;
  const secs = Math.round((now - t) / 1000);
  const abs = Math.abs(secs);
  if (abs < 60) return 'just now';
  const [size, unit] = UNITS.find(([s]) => abs >= s) ?? [60, 'm'];
  const n = Math.floor(abs / size);
  return secs >= 0 ? `${n}${unit} ago` : `in ${n}${unit}`;
}

/** `2026-01-15T09:30:00Z (3d ago)` on a terminal; the text alone, once, when piped or when it is no real time. */
export function whenText(iso: string, tty: boolean, now: number): string {
  return tty && calendarTime(iso) !== undefined ? `${iso} (${relativeTime(iso, now)})` : iso;
}
