import { execFile as execFileCb } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { NODE_VERSION } from '../../scripts/node-runtime.mjs';
import { SEED } from './harness/seed.mjs';
import { adminGet, target } from './cli.js';

// The single executable (built on the pinned Node 24 by `npm run build:binary`) against real
// servers: copied alone into an empty directory and run with no node on PATH. The binary the
// artifact project built is reused (--if-changed) unless the code changed since.

const execFile = promisify(execFileCb);
const root = new URL('../../', import.meta.url).pathname;
const tmp = mkdtempSync(join(tmpdir(), 'flagctl-e2e-binary-'));
const binary = join(tmp, 'flagctl');

beforeAll(async () => {
  await execFile(process.execPath, [join(root, 'scripts/build-binary.mjs'), '--if-changed'], {
    cwd: root,
    timeout: 280_000,
  });
  copyFileSync(join(root, 'dist', `flagctl-${process.platform}-${process.arch}`), binary);
}, 300_000);

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the binary with no node anywhere on PATH; a failed run resolves with its exit code. */
function run(args: string[], env: Record<string, string>): Promise<Run> {
  return execFile(binary, args, { cwd: tmp, env: { PATH: '/nonexistent', HOME: tmp, ...env } }).then(
    (r) => ({ code: 0, ...r }),
    (e: Run) => e,
  );
}

describe(`single executable (Node ${NODE_VERSION} inside)`, () => {
  it('runs cleanup with the parser and grammars it embeds (no file beside it)', async () => {
    writeFileSync(join(tmp, 'flagged.ts'), "if (unleash.isEnabled('x')) {\n  fresh();\n}\n");
    const r = await run(['cleanup', 'x', join(tmp, 'flagged.ts'), '--keep', 'on'], {});
    expect(r.stderr).toBe('flagctl cleanup: would edit 1 file; 0 leftovers\n');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("-if (unleash.isEnabled('x')) {\n-  fresh();\n-}\n+fresh();\n");
  });

  it('embeds the pinned Node, not the one running the build', () => {
    const bytes = readFileSync(binary);
    expect(bytes.includes(`/release/v${NODE_VERSION}/node-v${NODE_VERSION}`)).toBe(true);
    if (process.version !== `v${NODE_VERSION}`)
      expect(bytes.includes(`/release/${process.version}/node-${process.version}`)).toBe(false);
  });

  for (const server of inject('servers')) {
    it(`feature get -o json equals the document of Unleash ${server.pkg}`, async () => {
      const path = `/api/admin/projects/default/features/${encodeURIComponent(SEED.fullFeature)}?variantEnvironments=true`;
      const expected = await adminGet(server, path);
      const r = await run(['feature', 'get', SEED.fullFeature, '-o', 'json'], target(server, server.adminToken));
      expect(r.stderr).toBe('');
      expect(JSON.parse(r.stdout)).toEqual(expected);
    });

    it(`features search --all pages through every active feature of Unleash ${server.pkg}`, async () => {
      const r = await run(['features', 'search', '--all', '-o', 'ndjson'], target(server, server.adminToken));
      expect(r.stderr).toBe('');
      expect(r.stdout.trim().split('\n')).toHaveLength(server.seed.total);
    });

    it(`exits 5 for a missing feature and 4 for a bad token on Unleash ${server.pkg}`, async () => {
      const missing = await run(['feature', 'get', 'no-such-feature-anywhere'], target(server, server.adminToken));
      expect(missing.code).toBe(5);
      const denied = await run(['feature', 'get', SEED.fullFeature], target(server, '*:*.not-a-real-token'));
      expect(denied.code).toBe(4);
    });
  }
});
