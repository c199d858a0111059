import { execFile as execFileCb } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson, useFixtureServer } from '../support/fixture-server.js';

// The single executable (Node SEA), built here as `npm run build:binary` does (on the pinned
// Node 24 of package.json "seaNode", not the Node running the tests), then copied alone into an
// empty directory and run with no node on PATH. test/e2e/binary.test.ts runs it against real
// servers. Both ask with --if-changed: in one `npm test` it is built once (the artifact
// project runs before e2e), and again only when its inputs change.

const execFile = promisify(execFileCb);
const root = new URL('../../', import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const feature = JSON.parse(readFileSync(join(root, 'test/fixtures/feature.json'), 'utf8'));
const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const PATH = '/api/admin/projects/default/features/checkout-v2';
const name = `flagctl-${process.platform}-${process.arch}`;

const tmp = mkdtempSync(join(tmpdir(), 'flagctl-binary-'));
const binary = join(tmp, 'flagctl');
const server = useFixtureServer();

beforeAll(async () => {
  await execFile(process.execPath, [join(root, 'scripts/build-binary.mjs'), '--if-changed'], {
    cwd: root,
    timeout: 280_000,
  });
  copyFileSync(join(root, 'dist', name), binary);
}, 300_000);

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

/** Runs the binary with an environment that has no node anywhere on PATH. */
function run(args: string[], env: Record<string, string> = {}) {
  return execFile(binary, args, { cwd: tmp, env: { PATH: '/nonexistent', HOME: tmp, ...env } });
}

describe(`single executable dist/${name}`, () => {
  it('is an executable file', () => {
    expect(statSync(binary).mode & 0o111).toBe(0o111);
  });

  it('--version prints the package version, with no experimental-feature warning', async () => {
    const r = await run(['--version']);
    expect(r.stdout).toBe(`${pkg.version}\n`);
    expect(r.stderr).toBe('');
  });

  it('answers a real query against a server', async () => {
    server.json(PATH, feature);
    const r = await run(['feature', 'get', 'checkout-v2', '-o', 'json'], {
      FLAGCTL_URL: server.url,
      FLAGCTL_TOKEN: TOKEN,
    });
    expect(JSON.parse(r.stdout)).toEqual(feature);
    expect(server.requests[0]!.headers['user-agent']).toBe(`flagctl/${pkg.version}`);
  });

  it('prints csv from the same query (lazy modules load inside the binary too)', async () => {
    server.json(PATH, feature);
    const r = await run(['feature', 'get', 'checkout-v2', '-o', 'csv', '--columns', 'environment,enabled'], {
      FLAGCTL_URL: server.url,
      FLAGCTL_TOKEN: TOKEN,
    });
    expect(r.stdout).toBe('environment,enabled\r\ndevelopment,true\r\nproduction,false\r\n');
  });

  it('exits with the code of the failure: 5 for not found, 2 for a usage error', async () => {
    server.route(PATH, (_req, res) => sendJson(res, 404, { name: 'NotFoundError', message: 'Could not find feature' }));
    // After a 404, feature get looks in the archive (issue 35): not there either.
    server.json('/api/admin/search/features', { features: [], total: 0 });
    const notFound = await run(['feature', 'get', 'checkout-v2'], {
      FLAGCTL_URL: server.url,
      FLAGCTL_TOKEN: TOKEN,
    }).catch((e) => e);
    expect(notFound.code).toBe(5);
    const usage = await run(['featurs']).catch((e) => e);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Did you mean one of feature, features?');
  });

  it('prints the same completion script as the committed one', async () => {
    const r = await run(['completion', 'bash']);
    expect(r.stdout).toBe(readFileSync(join(root, 'completions/flagctl.bash'), 'utf8'));
  });
});
