// Type declarations for ./node-runtime.mjs, for the tests and vitest.config.ts that import it.

/** `${process.platform}-${process.arch}` of this machine. */
export const here: string;
/** The pinned Node version (package.json "seaNode".version). */
export const NODE_VERSION: string;
/** Where the pinned node for a target lives once fetched (nothing is fetched). */
export function nodePath(target?: string): string;
/** Fetches, verifies and unpacks the pinned node for a target unless it is there; returns its path. */
export function ensureNode(target?: string): string;
/** vitest globalSetup: fetches the pinned node for this machine. */
export default function setup(): void;
