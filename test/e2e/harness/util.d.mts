// Type declarations for ./util.mjs (generated from its JSDoc, then committed).
// Regenerate after changing util.mjs:
//   npx tsc --allowJs --declaration --emitDeclarationOnly --module nodenext --moduleResolution nodenext \
//     --target es2022 --strict --skipLibCheck --types node --outDir /tmp/dts test/e2e/harness/*.mjs
//   cp /tmp/dts/util.d.mts test/e2e/harness/   (keep this header)

/**
 * Ask the kernel for a free TCP port on 127.0.0.1.
 * (There is a small window between closing and reusing the port; callers retry on EADDRINUSE.)
 * @returns {Promise<number>}
 */
export function freePort(): Promise<number>;
/**
 * Wait for a child process to exit, with a timeout after which it is SIGKILLed.
 * Resolves immediately if the process has already exited.
 * @param {import('node:child_process').ChildProcess} child
 * @param {number} [timeoutMs]
 * @returns {Promise<void>}
 */
export function waitForExit(child: import('node:child_process').ChildProcess, timeoutMs?: number): Promise<void>;
export function sleep(ms: number): Promise<any>;
/**
 * Keeps the last `max` lines written by a process, so failures can show context
 * without flooding normal runs.
 */
export class LogTail {
  /** @param {number} [max] */
  constructor(max?: number);
  max: number;
  /** @type {string[]} */
  lines: string[];
  partial: string;
  /** @param {Buffer|string} chunk */
  push(chunk: Buffer | string): void;
  toString(): string;
}
export function debugEnabled(): boolean;
