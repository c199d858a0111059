import type { FlagLifecycle } from '../api/flag-list.js';

// The branch a flag keeps: --keep wins; else the server's verdict on a completed flag.

export type KeepSource = '--keep' | 'server';

export interface Kept {
  flag: string;
  keep: boolean;
  source: KeepSource;
}

/** The kept value a lifecycle decides, or why it decides none. */
export function keepFromLifecycle(lifecycle: FlagLifecycle | null): boolean | string {
  if (!lifecycle) return 'the server has no lifecycle for it';
  if (lifecycle.stage !== 'completed') return `its lifecycle is ${lifecycle.stage}, not completed`;
  if (lifecycle.status === 'kept') return true;
  if (lifecycle.status === 'discarded') return false;
  return 'it is completed without kept or discarded';
}
