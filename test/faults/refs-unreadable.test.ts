import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixtureServer } from '../support/fixture-server.js';

// Unreadable files and directories (issue 20 item 6). Tests run as root here, and root reads
// a file whatever its mode, so the built CLI runs as `nobody` (uid 65534) when this process is
// root, and as this user otherwise: then chmod 000 really makes a file or directory unreadable.

const BIN = fileURLToPath(new URL('../../bin/flagctl', import.meta.url));
const NOBODY = 65534;
const server = new FixtureServer();
const base = mkdtempSync(join(tmpdir(), 'flagctl-refs-unreadable-'));
const dir = join(base, 'tree');

beforeAll(async () => {
  await server.start();
  server.json('/api/admin/projects', { version: 1, projects: [{ id: 'default' }] });
  server.json('/api/admin/feature-types', { version: 1, types: [] });
  server.json('/api/admin/search/features', { features: [], total: 0 });
  server.json('/api/admin/projects/default/features', {
    version: 1,
    features: [{ name: 'stale-one', type: 'release', stale: true, environments: [] }],
  });
  server.json('/api/admin/projects/default/features/stale-one/lifecycle', [{ stage: 'live' }]);
  mkdirSync(join(dir, 'locked'), { recursive: true });
  writeFileSync(join(dir, 'ok.ts'), 'x("stale-one")\n');
  writeFileSync(join(dir, 'secret.ts'), 'x("stale-one")\n');
  writeFileSync(join(dir, 'locked/inside.ts'), 'x("stale-one")\n');
  chmodSync(join(dir, 'secret.ts'), 0o000);
  chmodSync(join(dir, 'locked'), 0o000);
  chmodSync(base, 0o755);
});
afterAll(async () => {
  chmodSync(join(dir, 'locked'), 0o755);
  rmSync(base, { recursive: true, force: true });
  await server.stop();
});

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const asNobody = process.getuid?.() === 0 ? { uid: NOBODY, gid: NOBODY } : {};
  const env = {
    PATH: process.env.PATH,
    HOME: base,
    XDG_CACHE_HOME: join(base, 'cache'),
    FLAGCTL_URL: server.url,
    FLAGCTL_TOKEN: '*:*.unit-secret',
    FLAGCTL_CONFIG_DIR: join(base, 'no-config'),
  };
  const child = spawn(process.execPath, [BIN, ...args], { env, ...asNobody });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

describe('refs over files it cannot read', () => {
  it('counts and names them on stderr; --fail-on exits 1 unless --allow-skipped', async () => {
    const seen = await run(['refs', dir, '-o', 'ndjson', '--columns', 'file']);
    expect(seen.stdout).toBe(`{"file":"${dir}/ok.ts"}\n`);
    expect(seen.stderr).toBe(`flagctl: not read: 2 unreadable (${dir}/locked/, ${dir}/secret.ts)\n`);
    expect(seen.code).toBe(0);

    const gate = await run(['refs', dir, '--fail-on', 'archived', '-o', 'ndjson', '--columns', 'file']);
    expect(gate.stderr).toBe(
      `flagctl: not read: 2 unreadable (${dir}/locked/, ${dir}/secret.ts)\n` +
        'flagctl: --fail-on: 2 paths could not be read, so the gate cannot pass; --allow-skipped passes without them\n',
    );
    expect(gate.code).toBe(1);

    const allowed = await run([
      'refs',
      dir,
      '--fail-on',
      'archived',
      '--allow-skipped',
      '-o',
      'ndjson',
      '--columns',
      'file',
    ]);
    expect(allowed.code).toBe(0);
    // A gate that finds what it gates on says so with its own code.
    expect((await run(['refs', dir, '--fail-on', 'stale', '-o', 'ndjson', '--columns', 'file'])).code).toBe(3);
  }, 60_000);
});
