import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';
import { APP, WORKER, useTrees } from '../support/cleanup-sources.js';

const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const server = useFixtureServer();
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN });

const repo = useTrees();

const lifecycle = (stage: string, status?: string) => ({
  name: 'new-checkout',
  project: 'default',
  lifecycle: { stage, status, enteredStageAt: '2026-11-01T00:00:00.000Z' },
});

describe('cleanup', () => {
  it('takes the kept branch from a completed flag on the server and prints every edit with -o json', async () => {
    const dir = repo({ 'src/App.tsx': APP, 'src/worker.ts': WORKER });
    server.json('/api/admin/projects/default/features/new-checkout', lifecycle('completed', 'kept'));
    const r = await runCli(['cleanup', 'new-checkout', join(dir, 'src'), '-o', 'json'], { env: env() });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.flags).toEqual([{ name: 'new-checkout', keep: 'on', from: 'server' }]);
    expect(doc.files.map((f: { file: string }) => f.file.slice(dir.length + 1)).sort()).toEqual([
      'src/App.tsx',
      'src/worker.ts',
    ]);
    expect(doc.leftovers).toEqual([]);
    // Only the flag's state was read: nothing written.
    expect(server.requests.map((q) => `${q.method} ${q.url}`)).toEqual([
      'GET /api/admin/projects/default/features/new-checkout',
    ]);
  });

  it('keeps the disabled branch of a discarded flag', async () => {
    const dir = repo({ 'src/worker.ts': WORKER });
    server.json('/api/admin/projects/default/features/new-checkout', lifecycle('completed', 'discarded'));
    const r = await runCli(['cleanup', 'new-checkout', join(dir, 'src'), '--write'], { env: env() });
    expect(r.code).toBe(0);
    expect(readFileSync(join(dir, 'src/worker.ts'), 'utf8')).toBe(
      `import { initialize } from 'unleash-client';\nconst unleash = initialize({ url: 'u', appName: 'w' });\nexport function work() {\n  return legacy();\n}\n`,
    );
  });

  it('exits 2 naming --keep when the server has not decided, and writes nothing', async () => {
    const dir = repo({ 'src/worker.ts': WORKER });
    server.json('/api/admin/projects/default/features/new-checkout', lifecycle('live'));
    const r = await runCli(['cleanup', 'new-checkout', join(dir, 'src')], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'new-checkout: the server has not decided which branch stays (its lifecycle is live, not completed); give --keep on or --keep off',
    );
    expect(r.stdout).toBe('');
    expect(readFileSync(join(dir, 'src/worker.ts'), 'utf8')).toBe(WORKER);
  });

  it('--keep wins and asks no server; a bad value is a usage error', async () => {
    const dir = repo({ 'src/worker.ts': WORKER });
    const r = await runCli(['cleanup', 'new-checkout', join(dir, 'src'), '--keep', 'off', '-o', 'json'], {
      env: env(),
    });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).flags).toEqual([{ name: 'new-checkout', keep: 'off', from: '--keep' }]);
    expect(server.requests).toEqual([]);
    const bad = await runCli(['cleanup', 'new-checkout', '--keep', 'yes'], { env: env() });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--keep/);
  });

  it('lists leftovers on stderr and exits 3 unless --allow-leftovers', async () => {
    const dir = repo({ 'src/a.ts': `const v = unleash.getVariant('new-checkout');\ntrack('new-checkout');\n` });
    const r = await runCli(['cleanup', 'new-checkout', join(dir, 'src'), '--keep', 'on'], { env: env() });
    expect(r.code).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(
      `${join(dir, 'src/a.ts')}:1:30: new-checkout: a variant: getVariant() (its payload decides, not on/off)`,
    );
    expect(r.stderr).toContain(`${join(dir, 'src/a.ts')}:2:7: new-checkout: passed as a value to track()`);
    const allowed = await runCli(['cleanup', 'new-checkout', join(dir, 'src'), '--keep', 'on', '--allow-leftovers'], {
      env: env(),
    });
    expect(allowed.code).toBe(0);
  });

  it('escapes what a file holds when the patch goes to a terminal', async () => {
    const dir = repo({ 'src/a.ts': `if (unleash.isEnabled('new-checkout')) go('\u001b]0;owned\u0007');\n` });
    const r = await runCli(['cleanup', 'new-checkout', join(dir, 'src'), '--keep', 'off'], {
      env: { ...env(), NO_COLOR: '1' },
      stdoutIsTTY: true,
    });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('\u001b');
    expect(r.stdout).toContain('\\x1b]0;owned\\x07');
  });
});

describe('cleanup -o json edits', () => {
  it('says where each change was made, the removed import on its own line', async () => {
    const dir = repo({ 'src/App.tsx': APP });
    const r = await runCli(['cleanup', 'new-checkout', join(dir, 'src'), '--keep', 'on', '-o', 'json'], { env: env() });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).files[0].edits).toEqual([
      { line: 4, change: 'useFlag() → true' },
      { line: 4, change: 'removed the declaration: every use is now the literal' },
      { line: 5, change: 'ternary: kept one side' },
      { line: 1, change: 'removed the import of useFlag, which the rewrite left unused' },
    ]);
  });
});

describe('cleanup reads the calls refs reads (flagctl.json refs.calls)', () => {
  const WRAPPED = `export function Nav() {\n  const list = useUiFlag('new-checkout');\n  const kind = useUiVariant('new-checkout');\n  return list ? <List kind={kind} /> : <Old />;\n}\n`;
  const top = (config?: unknown) => {
    const dir = repo({ 'src/Nav.tsx': WRAPPED, ...(config ? { 'flagctl.json': JSON.stringify(config) } : {}) });
    mkdirSync(join(dir, '.git')); // the work tree's top, where flagctl.json is looked for
    return dir;
  };

  it('a configured call becomes the kept literal; one named for a variant is left and listed', async () => {
    const dir = top({ refs: { calls: ['useUiFlag', 'useUiVariant'] } });
    const r = await runCli(
      ['cleanup', 'new-checkout', join(dir, 'src'), '--keep', 'on', '-o', 'json', '--allow-leftovers'],
      { env: env() },
    );
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout);
    const file = doc.files.find((f: { file: string }) => f.file.endsWith('Nav.tsx'));
    expect(file.patch).toContain("-  const list = useUiFlag('new-checkout');");
    expect(file.patch).toContain('+  return <List kind={kind} />;');
    expect(doc.leftovers.map((l: { reason: string }) => l.reason)).toEqual([
      expect.stringContaining('a variant: useUiVariant()'),
    ]);
    expect(server.requests).toEqual([]);
  });

  it('without the configuration, the wrapper is not a flag call: nothing is rewritten, the names are listed', async () => {
    const dir = top();
    const r = await runCli(['cleanup', 'new-checkout', join(dir, 'src'), '--keep', 'on', '-o', 'json'], { env: env() });
    expect(r.code).toBe(3);
    const doc = JSON.parse(r.stdout);
    expect(doc.files.every((f: { changed: boolean }) => !f.changed)).toBe(true);
    expect(doc.leftovers.length).toBeGreaterThan(0);
  });

  it('"sdkCalls": false: isEnabled is not a flag call there, so it is left as it was', async () => {
    const dir = repo({
      'src/worker.ts': WORKER,
      'flagctl.json': JSON.stringify({ refs: { sdkCalls: false, calls: ['flags.isOn'] } }),
    });
    mkdirSync(join(dir, '.git'));
    const r = await runCli(['cleanup', 'new-checkout', join(dir, 'src'), '--keep', 'on', '-o', 'json'], { env: env() });
    expect(r.code).toBe(3);
    expect(JSON.parse(r.stdout).files.every((f: { changed: boolean }) => !f.changed)).toBe(true);
  });

  it('a flagctl.json whose refs.calls is wrong exits 2 before any request', async () => {
    const dir = top({ refs: { calls: 'useUiFlag' } });
    const r = await runCli(['cleanup', 'new-checkout', join(dir, 'src')], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('"refs"."calls" must be an array of call names');
    expect(server.requests).toEqual([]);
  });
});
