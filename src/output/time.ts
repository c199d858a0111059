const UNITS: [number, string][] = [
  [365 * 24 * 3600, 'y'],
  [30 * 24 * 3600, 'mo'],
  [7 * 24 * 3600, 'w'],
  [24 * 3600, 'd'],
  [3600, 'h'],
  [60, 'm'],
];

/** "3d ago", "in 2h", "just now": for people at a terminal. */
export function relativeTime(iso: string, now = Date.now()): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  const secs = Math.round((now - t) / 1000);
  const abs = Math.abs(secs);
  if (abs < 60) return 'just now';
  const [size, unit] = UNITS.find(([s]) => abs >= s) ?? [60, 'm'];
  const n = Math.floor(abs / size);
  return secs >= 0 ? `${n}${unit} ago` : `in ${n}${unit}`;
}
