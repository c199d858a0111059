import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featureServer, loadedModules, UNWANTED } from '../support/startup-modules.js';

// On the machine's Node; test/artifact/startup-modules.test.ts runs the same on the pinned Node 24.

let server: Awaited<ReturnType<typeof featureServer>>;
beforeAll(async () => {
  server = await featureServer();
});
afterAll(() => server.close());

describe('start-up of feature get', () => {
  it('loads neither fs/promises, perf_hooks, zlib, node:module nor worker_threads (nor what they bring)', async () => {
    const r = await loadedModules(process.execPath, server.url, ['feature', 'get', 'f', '-o', 'json']);
    expect(r.code).toBe(0);
    expect(r.modules).toContain('NativeModule http'); // the list is real: the request was made
    expect(r.modules.filter((m) => UNWANTED.test(m))).toEqual([]);
  });
});
