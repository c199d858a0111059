import { expect } from 'vitest';
import type { RunResult } from './io.js';

/**
 * Bad input: exit 2, the message on stderr (exactly, for a string), nothing on stdout, and no
 * request sent to the fixture server.
 */
export function expectUsageError(r: RunResult, message: string | RegExp, server: { requests: unknown[] }): void {
  expect(r.code).toBe(2);
  if (typeof message === 'string') expect(r.stderr).toBe(message);
  else expect(r.stderr).toMatch(message);
  expect(r.stdout).toBe('');
  expect(server.requests).toEqual([]);
}
