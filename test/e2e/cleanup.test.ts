import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { BIN, NODE, admin, deleteFlag, runtimeName, target, type BinResult } from './cli.js';

// `flagctl cleanup` against real servers: two flags marked completed through the admin API,
// one kept and one discarded; the patch is applied with git apply, and refs then finds neither.

const P = '/api/admin/projects/default';
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Created, then completed; 6.10.1 writes the 'initial' stage late, so completing is retried until it stays. */
async function completed(
  server: { url: string; adminToken: string },
  name: string,
  status: 'kept' | 'discarded',
): Promise<void> {
  const exists = await fetch(`${server.url}${P}/features/${name}`, { headers: { authorization: server.adminToken } });
  if (exists.status === 404) await admin(server, 'POST', `${P}/features`, { name, type: 'release' });
  for (let attempt = 0; attempt < 10; attempt++) {
    await admin(server, 'POST', `${P}/features/${name}/lifecycle/complete`, {
      status,
      ...(status === 'kept' ? { statusValue: 'on' } : {}),
    });
    await new Promise((r) => setTimeout(r, 300));
    const doc = await admin(server, 'GET', `${P}/features/${name}`);
    if (doc.lifecycle?.stage === 'completed' && doc.lifecycle?.status === status) return;
  }
  throw new Error(`${name}: the lifecycle did not stay completed (${status})`);
}

function inDir(cwd: string, args: string[], env: Record<string, string>): Promise<BinResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, [BIN, ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent', FLAGCTL_CONFIG_DIR: '/nonexistent/flagctl', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The flags of this test that refs finds in the tree, one per reference. */
async function referenced(dir: string, env: Record<string, string>): Promise<string[]> {
  const r = await inDir(dir, ['refs', '.', '-o', 'ndjson'], env);
  expect(r.code).toBe(0);
  const refs = r.stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as { name: string }).name);
  return refs.filter((f) => f.startsWith('cleanup.')).sort();
}

const GIT_ENV = {
  ...process.env,
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 't',
  GIT_AUTHOR_EMAIL: 't@t',
  GIT_COMMITTER_NAME: 't',
  GIT_COMMITTER_EMAIL: 't@t',
};

for (const server of inject('servers')) {
  describe(`cleanup on Unleash ${server.pkg}`, () => {
    const kept = runtimeName('cleanup.kept');
    const gone = runtimeName('cleanup.discarded');
    // The servers are shared: the two flags go again (archived, then deleted), so that files
    // which count the active flags see the seed's.
    afterAll(async () => {
      for (const name of [kept, gone]) await deleteFlag(server, name).catch(() => undefined);
    });
    it('removes a kept and a discarded flag as the server decided; git apply takes the patch and refs finds neither', async () => {
      await completed(server, kept, 'kept');
      await completed(server, gone, 'discarded');
      const dir = mkdtempSync(join(tmpdir(), 'flagctl-cleanup-e2e-'));
      dirs.push(dir);
      mkdirSync(join(dir, 'src'));
      writeFileSync(
        join(dir, 'src/App.tsx'),
        `import { useFlag } from '@unleash/proxy-client-react';\n\nexport function App() {\n  const fresh = useFlag('${kept}');\n  return <main>{fresh ? <New /> : <Old />}{useFlag('${gone}') && <Promo />}</main>;\n}\n`,
      );
      writeFileSync(
        join(dir, 'src/worker.py'),
        `def work(client):\n    if client.is_enabled("${gone}"):\n        return promo()\n    return plain()\n`,
      );
      const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8', env: GIT_ENV });
      git('init', '-q', '.');
      git('add', '-A');
      git('commit', '-qm', 'start');

      const env = target(server, server.adminToken);
      // refs sees both flags before: so its empty answer after means something.
      expect(await referenced(dir, env)).toEqual([gone, gone, kept].sort());
      const r = await inDir(dir, ['cleanup', kept, gone, '.'], env);
      expect(r.stderr).toBe('flagctl cleanup: would edit 2 files; 0 leftovers\n');
      expect(r.code).toBe(0);
      const patch = join(tmpdir(), `${kept}.patch`);
      writeFileSync(patch, r.stdout);
      git('apply', patch);
      rmSync(patch);
      expect(readFileSync(join(dir, 'src/App.tsx'), 'utf8')).toBe(
        `export function App() {\n  return <main><New /></main>;\n}\n`,
      );
      expect(readFileSync(join(dir, 'src/worker.py'), 'utf8')).toBe(`def work(client):\n    return plain()\n`);

      expect(await referenced(dir, env)).toEqual([]);
    });
  });
}
