import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminGet, runtimeName, target } from './cli.js';
import { onTerminal } from './terminal.js';

// Issue 35 item 2 at scale: `features search --all` of 5,000 flags on an 80-column
// pseudo-terminal. The server is filled up to 5,000 flags (Unleash 8 allows no more) with
// names unique to this runtime, removed afterwards: the servers are shared by every e2e file.

const scratch = mkdtempSync(join(tmpdir(), 'flagctl-e2e-scale-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const TOTAL = 5000;

type Server = { url: string; adminToken: string };

async function post(server: Server, path: string, body: unknown): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { authorization: server.adminToken, 'content-type': 'application/json', connection: 'close' },
        body: JSON.stringify(body),
      });
    } catch (err) {
      if (attempt >= 3) throw err;
    }
  }
}

/** Creates the flags, 8 at a time; one a retried request already made is fine. */
async function create(server: Server, names: string[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < names.length) {
      const name = names[next++]!;
      const res = await post(server, '/api/admin/projects/default/features', { name, type: 'release' });
      if (!res.ok && !(res.status === 409 || /already exists/i.test(await res.clone().text()))) throw new Error(`create ${name}: HTTP ${res.status} ${await res.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/** Bulk archive, then delete (the project's own endpoints), in batches. */
async function remove(server: Server, names: string[]): Promise<void> {
  for (let i = 0; i < names.length; i += 100) {
    const features = names.slice(i, i + 100);
    for (const step of ['archive', 'delete']) {
      const res = await post(server, `/api/admin/projects/default/${step}`, { features }).catch((err: unknown) => {
        throw new Error(`${step} of ${features[0]}…: ${String(err)} (batch ${i / 100})`);
      });
      if (!res.ok) throw new Error(`${step}: HTTP ${res.status} ${await res.text()}`);
    }
  }
}

for (const server of inject('servers')) {
  describe(`a 5,000-flag search at 80 columns on Unleash ${server.pkg}`, () => {
    const prefix = runtimeName('pty-scale');
    let names: string[] = [];
    beforeAll(async () => {
      const before = ((await adminGet(server, '/api/admin/search/features?limit=1')) as { total: number }).total;
      names = Array.from({ length: TOTAL - before }, (_, i) => `${prefix}.flag-${String(i).padStart(5, "0")}`);
      await create(server, names);
    }, 900_000);
    afterAll(() => remove(server, names), 600_000);

    it('--all: 5,000 rows, every name whole, every line within 80 columns', async () => {
      const tty = await onTerminal(80, ['features', 'search', '--all'], target(server, server.adminToken), scratch);
      expect(tty.code, tty.stderr).toBe(0);
      const lines = tty.out.trimEnd().split('\n');
      for (const line of lines) expect([...line].length, line).toBeLessThanOrEqual(80);
      const shown = lines.filter((l) => l.startsWith('│ ')).slice(1).map((l) => l.split('│')[1]!.trim());
      expect(shown.length).toBe(TOTAL);
      expect(shown.filter((n) => n.startsWith(prefix)).sort()).toEqual([...names].sort());
      expect(tty.stderr).toContain(`flagctl: note: ${TOTAL} rows;`);
    }, 300_000);
  });
}
