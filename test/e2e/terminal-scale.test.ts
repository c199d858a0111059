import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminGet, target } from './cli.js';
import { startServers } from './harness/servers.mjs';
import { createPlainFeatures } from './harness/seed.mjs';
import { onTerminal } from './terminal.js';

// Issue 35 item 2 at scale: `features search --all` of 5,000 flags on an 80-column
// pseudo-terminal. The flags are made on servers of this file's own (Unleash 8 allows no more
// than 5,000), as rate-limit.test.ts does: filling and emptying the shared servers took a
// loaded 6.10.1 down once, and every later file with it. One runtime (ONE_RUNTIME): the width
// of a table is the same code on every Node.

const scratch = mkdtempSync(join(tmpdir(), 'flagctl-e2e-scale-'));
const TOTAL = 5000;
const VERSIONS = ['6', '8'] as const;

type Fleet = Awaited<ReturnType<typeof startServers>>;
let fleet: Fleet | undefined;
const made = new Map<string, string[]>();

beforeAll(async () => {
  fleet = await startServers({ versions: [...VERSIONS] });
  await Promise.all(
    fleet.servers.map(async (s) => {
      const before = ((await adminGet(s, '/api/admin/search/features?limit=1')) as { total: number }).total;
      const names = Array.from({ length: TOTAL - before }, (_, i) => `pty-scale.flag-${String(i).padStart(5, '0')}`);
      made.set(s.version, names);
      await createPlainFeatures(s.url, s.adminToken, names.length, { name: (i) => names[i]! });
    }),
  );
}, 900_000);

afterAll(async () => {
  await fleet?.stopAll();
  rmSync(scratch, { recursive: true, force: true });
}, 60_000);

for (const version of VERSIONS) {
  describe(`a 5,000-flag search at 80 columns on Unleash ${version}`, () => {
    it('--all: 5,000 rows, every name whole, every line within 80 columns', async () => {
      const server = fleet!.servers.find((s) => s.version === version)!;
      const tty = await onTerminal(80, ['features', 'search', '--all'], target(server, server.adminToken), scratch);
      expect(tty.code, tty.stderr).toBe(0);
      const lines = tty.out.trimEnd().split('\n');
      for (const line of lines) expect([...line].length, line).toBeLessThanOrEqual(80);
      const shown = lines
        .filter((l) => l.startsWith('│ '))
        .slice(1)
        .map((l) => l.split('│')[1]!.trim());
      expect(shown.length).toBe(TOTAL);
      expect(shown.filter((n) => n.startsWith('pty-scale.')).sort()).toEqual([...made.get(version)!].sort());
      expect(tty.stderr).toContain(`flagctl: note: ${TOTAL} rows;`);
    }, 300_000);
  });
}
