// Small helpers shared by the e2e harness and scripts/demo.mjs.
// Plain ESM JavaScript with JSDoc types: importable from vitest and from node without a build.

import net from 'node:net';

/**
 * Ask the kernel for a free TCP port on 127.0.0.1.
 * (There is a small window between closing and reusing the port; callers retry on EADDRINUSE.)
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen({ host: '127.0.0.1', port: 0, exclusive: true }, () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** @param {number} ms */
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Keeps the last `max` lines written by a process, so failures can show context
 * without flooding normal runs.
 */
export class LogTail {
  /** @param {number} [max] */
  constructor(max = 200) {
    this.max = max;
    /** @type {string[]} */
    this.lines = [];
    this.partial = '';
  }

  /** @param {Buffer|string} chunk */
  push(chunk) {
    const text = this.partial + chunk.toString();
    const parts = text.split('\n');
    this.partial = parts.pop() ?? '';
    for (const line of parts) {
      this.lines.push(line);
      if (this.lines.length > this.max) this.lines.shift();
    }
  }

  toString() {
    return [...this.lines, this.partial].filter(Boolean).join('\n');
  }
}

/** True when the user asked for verbose harness output. */
export const debugEnabled = () => /^(1|true|yes)$/i.test(process.env.FLAGCTL_E2E_DEBUG ?? '');

/**
 * Wait for a child process to exit, with a timeout after which it is SIGKILLed.
 * Resolves immediately if the process has already exited.
 * @param {import('node:child_process').ChildProcess} child
 * @param {number} [timeoutMs]
 * @returns {Promise<void>}
 */
export function waitForExit(child, timeoutMs = 10_000) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => {
      try {
        child.kill('SIGKILL');
      } catch {
        /* already gone */
      }
    }, timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
