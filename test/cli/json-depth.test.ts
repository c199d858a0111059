import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';
import { expectUsageError } from '../support/usage.js';
import { makeRepo, type TestRepo } from '../support/refs-diff-repo.js';

// Every JSON file flagctl reads (snapshot, retire plan, --from result, config, flagctl.json)
// refuses one nested beyond the same limit with exit 2 naming the file, before anything is
// sent: a file 20,000 levels deep used to end in "Maximum call stack size exceeded".

const server = useFixtureServer();
const dir = mkdtempSync(join(tmpdir(), 'flagctl-depth-'));
const repos: TestRepo[] = [];
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  for (const r of repos) r.cleanup();
});

const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const env = (extra: Record<string, string> = {}) => ({
  FLAGCTL_URL: server.url,
  FLAGCTL_TOKEN: '*:*.unit-secret',
  FLAGCTL_CONFIG_DIR: '/nonexistent',
  ...extra,
});
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe('a JSON file nested 20,000 levels deep is a usage error naming the file', () => {
  it('retire apply <plan>', async () => {
    const plan = file(
      'deepplan.json',
      `{"kind":"flagctl-retire-plan","version":1,"server":"${server.url}","project":"default","flags":[],"digest":"x","extra":${deep(20_000)}}`,
    );
    const r = await runCli(['retire', 'apply', plan, '--yes'], { env: env() });
    expectUsageError(
      r,
      new RegExp(
        `^flagctl: plan file "${plan}": nested more than 64 levels deep; expected the output of \`flagctl retire plan -o json\`\\n`,
      ),
      server,
    );
  });

  it('features revive --from <result>', async () => {
    const result = file('deepresult.json', `{"kind":"flagctl-retire-result","archived":${deep(20_000)}}`);
    const r = await runCli(['features', 'revive', '--from', result], { env: env() });
    expectUsageError(
      r,
      new RegExp(
        `^flagctl: --from "${result}": nested more than 64 levels deep; expected the file of retire apply --result\\n`,
      ),
      server,
    );
  });

  it('a snapshot (diff @file)', async () => {
    const snap = file('deepsnap.json', `{"format":"flagctl-snapshot","version":2,"x":${deep(20_000)}}`);
    const other = file('other.json', `{"format":"flagctl-snapshot","version":2,"x":${deep(20_000)}}`);
    const r = await runCli(['diff', `@${snap}`, `@${other}`], { env: env() });
    expectUsageError(
      r,
      new RegExp(`^flagctl: @${snap}: nested more than 64 levels deep; not a snapshot written by \`flagctl export\`\n`),
      server,
    );
  });

  it('the config file', async () => {
    const cfg = join(dir, 'cfg');
    mkdirSync(cfg, { mode: 0o700 });
    writeFileSync(join(cfg, 'config.json'), `{"profiles":{"a":${deep(20_000)}}}`, { mode: 0o600 });
    const r = await runCli(['feature', 'get', 'f'], { env: env({ FLAGCTL_CONFIG_DIR: cfg }) });
    expectUsageError(
      r,
      new RegExp(`^flagctl: ${join(cfg, 'config.json')}: nested more than 64 levels deep; not a flagctl config\\n`),
      server,
    );
  });

  it('flagctl.json of refs --diff', async () => {
    const repo = makeRepo({ 'a.ts': '\n', 'flagctl.json': `{"projects":${deep(20_000)}}` });
    repos.push(repo);
    repo.commit('base');
    const r = await runCli(['refs', '--root', repo.dir, '--diff', 'HEAD'], { env: env() });
    expectUsageError(
      r,
      /^flagctl: flagctl\.json: nested more than 64 levels deep; expected \{"projects": \{"<path>": "<project id>"\}\}\n/,
      server,
    );
  });

  it('a file just inside the limit is read as before (a snapshot 64 levels deep gets the usual schema message)', async () => {
    const snap = file('snap64.json', `{"format":"flagctl-snapshot","version":2,"x":${deep(63)}}`);
    const other = file('snap64b.json', `{"format":"flagctl-snapshot","version":2,"x":${deep(63)}}`);
    const r = await runCli(['diff', `@${snap}`, `@${other}`], { env: env() });
    expectUsageError(r, /not a valid snapshot at/, server);
  });
});
