// Generated from src/output/formats/*.ts by `npm run docs` (scripts/format-registry.mjs); do not edit.
// Each format's adapter, loaded when a command renders: a file without a whole Adapter does not compile.
import type { Format } from './formats.js';
import type { Adapter } from './formats/adapter.js';

const LOAD = {
  table: () => import('./formats/table.js'),
  json: () => import('./formats/json.js'),
  ndjson: () => import('./formats/ndjson.js'),
  csv: () => import('./formats/csv.js'),
  markdown: () => import('./formats/markdown.js'),
  github: () => import('./formats/github.js'),
  sarif: () => import('./formats/sarif.js'),
  yaml: () => import('./formats/yaml.js'),
} satisfies Record<Format, () => Promise<{ adapter: Adapter }>>;

/** The adapter of a format. */
export async function adapterOf(format: Format): Promise<Adapter> {
  return (await LOAD[format]()).adapter;
}
