import type { Adapter } from './formats/adapter.js';

// The output formats, apart from what renders them: the commands' records list them in help
// and completion without loading an adapter. Each format is one adapter in formats/<name>.ts,
// loaded when a command renders; this table is the one place that names it.

export interface FormatEntry {
  /** Offered by every command that offers this other format: yaml wherever json is. */
  with?: string;
  load(): Promise<{ adapter: Adapter }>;
}

/** Every format, in the order help lists them. Its type makes a format without an adapter a compile error. */
const ENTRIES = {
  table: { load: () => import('./formats/table.js') },
  json: { load: () => import('./formats/json.js') },
  ndjson: { load: () => import('./formats/ndjson.js') },
  csv: { load: () => import('./formats/csv.js') },
  markdown: { load: () => import('./formats/markdown.js') },
  github: { load: () => import('./formats/github.js') },
  sarif: { load: () => import('./formats/sarif.js') },
  yaml: { with: 'json', load: () => import('./formats/yaml.js') },
} satisfies Record<string, FormatEntry>;

export type Format = keyof typeof ENTRIES;
export const ALL_FORMATS = Object.keys(ENTRIES) as Format[];

/** The adapter of a format. */
export async function adapterOf(format: Format): Promise<Adapter> {
  return (await ENTRIES[format].load()).adapter;
}

/** A record view (one document): drawn for people, or printed whole. */
export const DOCUMENT_FORMATS = ['table', 'json'] as const satisfies readonly Format[];
/** Rows, and a document with rows: every format made of rows. */
export const ROW_FORMATS = [...DOCUMENT_FORMATS, 'ndjson', 'csv', 'markdown'] as const satisfies readonly Format[];

/**
 * A command's formats: the ones it names, and every format that goes with one of them (yaml
 * with json), in help order; the first one named is the default.
 */
export function offer(...named: (Format | readonly Format[])[]): Format[] {
  const base = named.flat();
  return [base[0]!, ...withCompanions(base).filter((f) => f !== base[0])];
}

/** The data formats of most commands: the row formats and those that go with them. */
export const FORMATS = offer(ROW_FORMATS);

/** The formats named, with those that go with them (yaml with json), in help order. */
export function withCompanions(named: readonly Format[]): Format[] {
  return ALL_FORMATS.filter((f) => named.includes(f) || named.includes((ENTRIES[f] as FormatEntry).with as Format));
}
