// The output formats, apart from the Ui and chalk: the commands' declarations list them in
// help and completion without loading what renders them.

export const FORMATS = ['table', 'json', 'ndjson', 'csv', 'markdown'] as const;
export type Format = (typeof FORMATS)[number];
