// Small readers over event payloads, which are untrusted and loosely shaped: every accessor
// tolerates a missing or odd field and returns undefined instead of throwing.

export type Rec = Record<string, unknown>;

export function rec(v: unknown): Rec | undefined {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : undefined;
}

/** A field of an untrusted record: its own member only, never one it inherits (`constructor`, `__proto__`). */
export function own(r: Rec | undefined, key: string): unknown {
  return r && Object.hasOwn(r, key) ? r[key] : undefined;
}

export function text(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return undefined;
}

export function list(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

export function quote(v: string): string {
  return JSON.stringify(v);
}

/** Several short values: "a, b, c" (at most `max`, then "… N more"). */
export function some(values: string[], max = 4): string {
  if (values.length === 0) return '(none)';
  const more = values.length > max ? `, … ${values.length - max} more` : '';
  return `${values.slice(0, max).join(', ')}${more}`;
}

/** Stable text for comparing two JSON values. */
export function same(a: unknown, b: unknown): boolean {
  return stable(a) === stable(b);
}

function stable(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stable).join(',')}]`;
  const r = rec(v);
  if (r) {
    return `{${Object.keys(r)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable(r[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}
