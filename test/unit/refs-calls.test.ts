import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sendJson, useFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';
import { expectUsageError } from '../support/usage.js';
import { makeRepo, type TestRepo } from './refs-diff-repo.js';
import { callMatcher, callsFrom, SDK_CALLS } from '../../src/refs/calls.js';
import type { RefsDiff } from '../../src/refs/diff/model.js';

// The calls a codebase makes (refs.calls in flagctl.json, --calls): names in them that are no
// flag, with --diff (added-unknown) and in a full scan (--fail-on unknown), through main().

const server = useFixtureServer();
const repos: TestRepo[] = [];
const scratch = mkdtempSync(join(tmpdir(), 'flagctl-calls-'));
afterAll(() => {
  for (const r of repos) r.cleanup();
  rmSync(scratch, { recursive: true, force: true });
});
const recent = new Date(Date.now() - 24 * 3600 * 1000).toISOString();
const FLAGS = ['new-project-list', 'live-flag'];

function serve(s: FixtureServer) {
  s.json('/api/admin/projects', { version: 1, projects: [{ id: 'default', name: 'default' }] });
  s.json('/api/admin/feature-types', { version: 1, types: [{ id: 'release', lifetimeDays: 40 }] });
  s.route('/api/admin/search/features', (_req, res) => sendJson(res, 200, { features: [], total: 0 }));
  s.json('/api/admin/projects/default/features', {
    version: 2,
    features: FLAGS.map((name) => ({ name, type: 'release', stale: false, createdAt: recent, environments: [] })),
  });
  for (const name of FLAGS)
    s.json(`/api/admin/projects/default/features/${name}`, { name, lifecycle: { stage: 'live' } });
}
const env = { FLAGCTL_URL: '', FLAGCTL_TOKEN: '*:*.unit-secret', FLAGCTL_CONFIG_DIR: '/nonexistent' };
const cli = (args: string[]) => runCli(args, { env: { ...env, FLAGCTL_URL: server.url } });
const repo = (files: Record<string, string>) => {
  const r = makeRepo(files);
  repos.push(r);
  r.commit('base');
  return r;
};
const unknownIn = async (r: TestRepo, extra: string[] = []) => {
  const got = await cli(['refs', '--root', r.dir, '--diff', 'HEAD', '-o', 'json', ...extra]);
  expect(got.stderr).toBe('');
  expect(got.code).toBe(0);
  return (JSON.parse(got.stdout) as RefsDiff).unknown.map((u) => `${u.file}:${u.line}:${u.column} ${u.name}`);
};

const WRAPPED = [
  "const list = useUiFlag('newProjectLst');",
  "if (flagResolver.isEnabled('live-flg')) go();",
  "if (this.flags.isOn('new-project-lst')) go();",
  "if (this.flags.isOn('new-project-list')) go();",
  "const ok = useUiFlag('live-flag');",
  '',
].join('\n');

describe('refs.calls: the calls a codebase wraps the SDK in', { timeout: 30_000 }, () => {
  it('a typo in a wrapped call is found once flagctl.json names the call (failed before: only isEnabled and useFlag were known)', async () => {
    serve(server);
    const r = repo({ 'a.ts': '\n' });
    r.write({ 'a.ts': WRAPPED });
    // flagResolver.isEnabled is the SDK's isEnabled on a receiver: known without configuration.
    expect(await unknownIn(r)).toEqual(['a.ts:2:29 live-flg']);
    r.write({ 'flagctl.json': JSON.stringify({ refs: { calls: ['useUiFlag', 'this.flags.isOn'] } }) });
    expect(await unknownIn(r)).toEqual(['a.ts:1:25 newProjectLst', 'a.ts:2:29 live-flg', 'a.ts:3:22 new-project-lst']);
    // --calls adds to them; sdkCalls: false drops the SDKs'.
    r.write({ 'flagctl.json': JSON.stringify({ refs: { calls: ['useUiFlag'], sdkCalls: false } }) });
    expect(await unknownIn(r)).toEqual(['a.ts:1:25 newProjectLst']);
    expect(await unknownIn(r, ['--calls', 'flags.isOn'])).toEqual([
      'a.ts:1:25 newProjectLst',
      'a.ts:3:22 new-project-lst',
    ]);
    const gate = await cli(['refs', '--root', r.dir, '--diff', 'HEAD', '--fail-on', 'added-unknown']);
    expect(gate.code).toBe(3);
    expect(gate.stderr).toMatch(/1 unknown name in flag calls/);
  });

  it('--fail-on unknown in a full scan: every file, each name said on stderr, exit 3; 0 when every name is a flag', async () => {
    serve(server);
    const r = repo({
      'flagctl.json': JSON.stringify({ refs: { calls: ['useUiFlag'] } }),
      'src/a.ts': WRAPPED,
      'src/ok.py': 'client.is_enabled("live-flag")\n',
    });
    const got = await cli(['refs', r.dir, '--fail-on', 'unknown', '-o', 'ndjson']);
    expect(got.code).toBe(3);
    const dir = r.dir.replace(/\\/g, '/');
    expect(got.stderr).toContain(
      `${dir}/src/a.ts:1:25: unknown flag "newProjectLst": const list = useUiFlag('newProjectLst');\n`,
    );
    expect(got.stderr).toContain(`${dir}/src/a.ts:2:29: unknown flag "live-flg"`);
    expect(got.stderr).not.toContain('new-project-lst'); // this.flags.isOn is not configured here
    expect(got.stderr).toMatch(/2 names in flag calls that no flag has \(unknown\) \(--fail-on\)/);
    r.write({ 'src/a.ts': "useUiFlag('new-project-list');\n" });
    const ok = await cli(['refs', r.dir, '--fail-on', 'unknown', '-o', 'ndjson']);
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
  });

  it('bad configuration or --calls: exit 2, nothing sent', async () => {
    const r = repo({ 'a.ts': '\n', 'flagctl.json': '{"refs": {"calls": ["use flag"]}}' });
    expectUsageError(
      await cli(['refs', '--root', r.dir, '--diff', 'HEAD']),
      /flagctl\.json: "refs"\."calls"\[0\]: "use flag" is not a call name/,
      server,
    );
    expectUsageError(await cli(['refs', r.dir, '--fail-on', 'unknown']), /flagctl\.json: "refs"\."calls"\[0\]/, server);
    r.write({ 'flagctl.json': '{"refs": {"sdkCalls": "no"}}' });
    expectUsageError(
      await cli(['refs', r.dir, '--fail-on', 'unknown']),
      /"refs"\."sdkCalls" must be true or false/,
      server,
    );
    expectUsageError(
      await cli(['refs', r.dir, '--calls', 'a b', '--fail-on', 'unknown']),
      /--calls.*"a b" is not a call name/,
      server,
    );
    expectUsageError(
      await cli(['refs', r.dir, '--calls', 'useUiFlag']),
      /--calls: only with --fail-on unknown/,
      server,
    );
    expectUsageError(
      await cli(['refs', r.dir, '--fail-on', 'unknwn']),
      /unknown state "unknwn"; accepted: .*unknown/,
      server,
    );
  });
});

describe("the SDKs' calls by default", () => {
  const names = (src: string, calls = callsFrom(undefined)) =>
    callMatcher(calls, ['"', "'", '`'])(Buffer.from(src)).map((c) => c.name);
  it("every official SDK's spelling", () => {
    expect(SDK_CALLS).toEqual(
      expect.arrayContaining([
        'isEnabled',
        'getVariant',
        'useFlag',
        'useVariant',
        'is_enabled',
        'IsEnabled',
        'is_enabled?',
      ]),
    );
    const src = [
      "unleash.isEnabled('node-a', ctx)", // Node, Java
      "unleash.getVariant('node-b')",
      "const on = useFlag('react-a')", // React, proxy client
      "const v = useVariant('react-b')",
      'client.is_enabled("py-a")', // Python
      'if unleash.IsEnabled("go-a", unleash.WithContext(c)) {', // Go, .NET
      "UNLEASH.is_enabled? 'ruby-a'", // Ruby, parentheses left out
      "$unleash->isEnabled('php-a')", // PHP
      "notAFlag.isEnabledFor('no')", // another name
      "isEnabled(someVariable, 'no')", // not a literal first argument
    ].join('\n');
    expect(names(src)).toEqual(['node-a', 'node-b', 'react-a', 'react-b', 'py-a', 'go-a', 'ruby-a', 'php-a']);
  });
  it('a chained call matches where the text ends with it, with ?. and line breaks at the joins', () => {
    const calls = callsFrom({ refs: { calls: ['this.flags.isOn'], sdkCalls: false } });
    expect(names("this.flags.isOn('a'); this?.flags\n  .isOn('b'); other.isOn('no'); flags.isOn('no')", calls)).toEqual(
      ['a', 'b'],
    );
  });
});
