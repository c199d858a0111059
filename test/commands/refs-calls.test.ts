import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sendJson, useFixtureServer, type FixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';
import { expectUsageError } from '../support/usage.js';
import { makeRepo, type TestRepo } from '../support/refs-diff-repo.js';
import { sarifValidator } from '../support/refs-tree.js';
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
  for (const name of FLAGS) s.json(`/api/admin/projects/default/features/${name}/lifecycle`, [{ stage: 'live' }]);
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

  it('--fail-on unknown in a full scan: the unknown names are rows of the output in every format, exit 3; 0 when every name is a flag', async () => {
    // Failed before: the names were listed on stderr only, and no format carried them.
    serve(server);
    const r = repo({
      'flagctl.json': JSON.stringify({ refs: { calls: ['useUiFlag'] } }),
      'src/a.ts': WRAPPED,
      'src/ok.py': 'client.is_enabled("live-flag")\n',
    });
    const dir = r.dir.replace(/\\/g, '/');
    const a = `${dir}/src/a.ts`;
    const GATE = 'flagctl: 2 names in flag calls that no flag has (unknown) (--fail-on)\n';
    const scan = async (args: string[], tty = false) => {
      const got = await runCli(['refs', r.dir, '--fail-on', 'unknown', ...args], {
        env: { ...env, FLAGCTL_URL: server.url },
        stdoutIsTTY: tty,
      });
      expect(got.code, got.stderr).toBe(3);
      expect(got.stderr).toBe(GATE); // the gate's count; the names are in the output
      return got.stdout;
    };
    const unknownRows = [
      {
        name: 'newProjectLst',
        project: null,
        state: 'unknown',
        archived: false,
        lifecycle: null,
        file: a,
        line: 1,
        column: 25,
        text: "const list = useUiFlag('newProjectLst');",
        match: 'exact',
      },
      {
        name: 'live-flg',
        project: null,
        state: 'unknown',
        archived: false,
        lifecycle: null,
        file: a,
        line: 2,
        column: 29,
        text: "if (flagResolver.isEnabled('live-flg')) go();",
        match: 'exact',
      },
    ];

    const ndjson = (await scan(['-o', 'ndjson']))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { name: string; state: string });
    // The references first, then the unknown names after them.
    expect(ndjson.slice(-2)).toEqual(unknownRows);
    expect(ndjson.slice(0, -2).map((x) => x.state)).toEqual(['active', 'active', 'active']);

    const json = JSON.parse(await scan(['-o', 'json'])) as {
      references: unknown[];
      flags: { name: string; state: string; verdict: string; references: number; project: string | null }[];
    };
    expect(json.references.slice(-2)).toEqual(unknownRows);
    expect(json.flags.filter((x) => x.state === 'unknown')).toEqual([
      expect.objectContaining({ name: 'live-flg', project: null, verdict: 'fix-name', references: 1, files: 1 }),
      expect.objectContaining({ name: 'newProjectLst', project: null, verdict: 'fix-name', references: 1, files: 1 }),
    ]);

    const yaml = await scan(['-o', 'yaml']);
    expect(yaml).toMatch(/- name: newProjectLst\n\s+project: null\n\s+state: unknown\n/);

    const csv = await scan(['-o', 'csv']);
    expect(csv).toContain(`newProjectLst,unknown,false,${a},1,25,const list = useUiFlag('newProjectLst');\r\n`);
    expect(csv).toContain(`live-flg,unknown,false,${a},2,29,`);

    const md = await scan(['-o', 'markdown']);
    expect(md).toMatch(/\| newProjectLst \| unknown \| (false|no) \| [^|]*a\.ts \| 1 \| 25 \|/);

    const table = await scan([]);
    expect(table).toMatch(/newProjectLst\s+unknown\s+/);
    expect(table).toMatch(/live-flg\s+unknown\s+/);

    const terminal = (await scan([], true)).replace(/\x1b\[[0-9;]*m/g, '');
    expect(terminal).toContain('newProjectLst (unknown: no flag of that name): 1 reference');

    const github = await scan(['-o', 'github']);
    expect(github).toContain(
      `::error file=${a},line=1,col=25,title=Unknown flag%3A newProjectLst::newProjectLst is called as a flag, but the server has no flag of that name\n`,
    );
    expect(github).toContain(`::error file=${a},line=2,col=29,title=Unknown flag%3A live-flg::`);

    const sarif = JSON.parse(await scan(['-o', 'sarif'])) as {
      runs: { results: { ruleId: string; level: string; message: { text: string } }[] }[];
    };
    const validate = sarifValidator();
    expect(validate(sarif), JSON.stringify(validate.errors)).toBe(true);
    expect(sarif.runs[0]!.results.map((x) => [x.ruleId, x.level, x.message.text])).toEqual([
      [
        'flagctl/unknown-flag',
        'error',
        "'newProjectLst' is called as a flag, but the server has no flag of that name.",
      ],
      ['flagctl/unknown-flag', 'error', "'live-flg' is called as a flag, but the server has no flag of that name."],
    ]);

    const summary = JSON.parse(await scan(['--summary', '-o', 'json'])) as {
      flags: { name: string; verdict: string }[];
    };
    expect(summary.flags.map((x) => [x.name, x.verdict])).toEqual([
      ['live-flg', 'fix-name'],
      ['newProjectLst', 'fix-name'],
      ['live-flag', 'keep'],
      ['new-project-list', 'keep'],
    ]);

    r.write({ 'src/a.ts': "useUiFlag('new-project-list');\n" });
    const ok = await cli(['refs', r.dir, '--fail-on', 'unknown', '-o', 'ndjson']);
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    expect(ok.stdout).not.toContain('"unknown"');
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
