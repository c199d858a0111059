// Generated from src/output/formats/*.ts by `npm run docs` (scripts/format-registry.mjs); do not edit.
// Every format, in help order, and the format it is offered with; loads no adapter.

export const FORMAT_ENTRIES = {
  table: {},
  json: {},
  ndjson: {},
  csv: {},
  markdown: {},
  github: {},
  sarif: {},
  yaml: { with: 'json' },
} as const satisfies Record<string, { with?: string }>;
