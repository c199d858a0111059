// The shells flagctl writes completion scripts for. Apart from the generators, so that the
// `completion` command's declaration can list them without loading those.

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];
