// The sections of the insights view, apart from the view and its charts: `insights --help`
// and shell completion list them without evaluating those.

export const SECTIONS = ['users', 'flags', 'projects', 'metrics', 'environments'] as const;
export type Section = (typeof SECTIONS)[number];
