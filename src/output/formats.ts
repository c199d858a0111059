// The output formats, apart from the Ui and chalk: the commands' declarations list them in
// help and completion without loading what renders them. Every command lists its formats in
// this order.

export const FORMATS = ['table', 'json', 'ndjson', 'csv', 'markdown'] as const;

/** Every format some command has: the five above, GitHub annotations and SARIF. */
export const ALL_FORMATS = [...FORMATS, 'github', 'sarif'] as const;
export type Format = (typeof ALL_FORMATS)[number];
