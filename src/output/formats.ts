import { FORMAT_ENTRIES } from './format-names.js';

// The output formats, apart from what renders them: the commands' records list them in help
// and completion without loading an adapter. A format is its adapter, formats/<name>.ts;
// format-names.ts (generated from those files by `npm run docs`) names them in help order,
// and format-adapters.ts loads the adapter of the format a command renders.

export type Format = keyof typeof FORMAT_ENTRIES;
export const ALL_FORMATS = Object.keys(FORMAT_ENTRIES) as Format[];

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
  return ALL_FORMATS.filter(
    (f) => named.includes(f) || named.includes((FORMAT_ENTRIES[f] as { with?: string }).with as Format),
  );
}
