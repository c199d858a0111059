import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';
import { serveProject, v8Project } from '../support/export-fixture.js';

// What `export` and `diff` must tell in full: a changed segment (once, with its features),
// a strategy parameter named `__proto__`, a snapshot too deep to be one, and where the
// drift line goes.

const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const server = useFixtureServer();
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN });
const dir = mkdtempSync(join(tmpdir(), 'flagctl-diff-truth-'));

function file(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

async function exported(name: string, p = v8Project(), args: string[] = []): Promise<string> {
  serveProject(server, p);
  const r = await runCli(['export', ...args], { env: env() });
  expect(r.code, r.stderr).toBe(0);
  server.reset();
  return file(name, r.stdout);
}

describe('a changed segment', () => {
  const narrowed = () => {
    const p = v8Project();
    p.segments.segments[0].constraints[0].values = ['enterprise'];
    return p;
  };

  it('is drift: reported once, naming the segment, what changed and the features that use it; exit 3', async () => {
    const before = await exported('seg-before.json', v8Project(), ['--env', 'development']);
    serveProject(server, narrowed());
    const r = await runCli(['diff', `@${before}`, 'development', '-o', 'json'], { env: env() });
    expect(r.code).toBe(3);
    const doc = JSON.parse(r.stdout);
    expect(doc.changes).toEqual([]);
    expect(doc.segments).toEqual([
      {
        segment: 'beta-testers',
        change: 'changed',
        features: ['new-checkout-flow'],
        fields: [{ path: 'constraints[plan IN].values', left: ['enterprise', 'pro'], right: ['enterprise'] }],
      },
    ]);
    const text = await runCli(['diff', `@${before}`, 'development'], { env: env() });
    expect(text.code).toBe(3);
    expect(text.stdout).toBe(
      `--- @${before}\n+++ development\n\n~ segment beta-testers (used by new-checkout-flow) (changed)\n` +
        `    constraints[plan IN].values\n      - [enterprise, pro]\n      + [enterprise]\n\n` +
        '1 segment differs: beta-testers (used by new-checkout-flow)\n',
    );
    expect(text.stderr).toBe('');
    const md = await runCli(['diff', `@${before}`, 'development', '-o', 'markdown'], { env: env() });
    expect(md.stdout).toContain(
      '| beta-testers | new-checkout-flow | constraints\\[plan IN\\].values | \\[enterprise, pro\\] | \\[enterprise\\] |',
    );
  });

  it('--feature limits the features named; a segment no compared feature uses is not drift', async () => {
    const before = await exported('seg-scope.json', v8Project(), ['--env', 'development']);
    serveProject(server, narrowed());
    const r = await runCli(['diff', `@${before}`, 'development', '--feature', 'admin-panel_access'], { env: env() });
    expect(r.stdout).toContain('No differences');
    expect(r.code).toBe(0);
  });
});

describe('diff --stat and the drift line', () => {
  it('"No differences" starts the line; the summary goes to stdout only', async () => {
    const snap = await exported('same.json', v8Project(), ['--env', 'production']);
    serveProject(server, v8Project());
    const r = await runCli(['diff', `@${snap}`, 'production', '--stat'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`No differences: @${snap} and production match.\n`);
    server.reset();
    serveProject(server, v8Project());
    const drift = await runCli(['diff', 'development', 'production', '--stat', '--feature', 'admin-panel_access'], {
      env: env(),
    });
    expect(drift.code).toBe(3);
    expect(drift.stdout).toBe(' admin-panel_access |   1 +\n 1 feature differs: 1 changed\n');
    expect(drift.stderr).toBe('');
  });
});

describe('untrusted keys in snapshots', () => {
  const withParameter = (value: string) => {
    const p = v8Project();
    const doc = p.documents['admin-panel_access'];
    const strategy = doc.environments.find((e: { name: string }) => e.name === 'production').strategies[0];
    // As JSON.parse gives it: an own property named __proto__, not the prototype.
    strategy.parameters = JSON.parse(`{"__proto__": ${JSON.stringify(value)}, "rollout": "100"}`);
    return p;
  };

  it('a strategy parameter named __proto__ survives export and reading the file back', async () => {
    const path = await exported('proto.json', withParameter('x'), ['--env', 'production']);
    serveProject(server, withParameter('x'));
    const same = await runCli(['diff', `@${path}`, 'production'], { env: env() });
    expect(same.stderr).toBe('');
    expect(same.code).toBe(0);
    server.reset();
    serveProject(server, withParameter('y'));
    const changed = await runCli(['diff', `@${path}`, 'production', '-o', 'json'], { env: env() });
    expect(changed.code).toBe(3);
    expect(JSON.parse(changed.stdout).changes[0].fields).toEqual([
      { path: 'strategies[flexibleRollout].parameters.__proto__', left: 'x', right: 'y' },
    ]);
  });

  it('two files that differ only in that parameter differ', async () => {
    const a = await exported('proto-a.json', withParameter('a'), ['--env', 'production']);
    const b = await exported('proto-b.json', withParameter('b'), ['--env', 'production']);
    const r = await runCli(['diff', `@${a}`, `@${b}`], { env: {} });
    expect(r.code).toBe(3);
    expect(r.stdout).toContain('parameters.__proto__\n      - "a"\n      + "b"');
  });

  it('a snapshot nested 5,000 levels deep is exit 2 naming the file, without a stack trace', async () => {
    const deep = `{"format":"flagctl-snapshot","version":2,"project":"d","environments":["p"],"segments":[],"features":[{"name":"f","p":${'['.repeat(5000)}${']'.repeat(5000)}}]}`;
    const path = file('deep.json', deep);
    const r = await runCli(['diff', `@${path}`, `@${path}:p`], { env: {} });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `flagctl: @${path}: nested more than 64 levels deep; not a snapshot written by \`flagctl export\`\n`,
    );
  });
});

describe('strategies of one type', () => {
  const constraint = (contextName: string, values: string[]) => ({
    contextName,
    operator: 'IN',
    inverted: false,
    caseInsensitive: false,
    values,
  });
  const rollout = (rollout: string, country: string[], title?: string) => ({
    name: 'flexibleRollout',
    ...(title ? { title } : {}),
    disabled: false,
    parameters: { groupId: 'f', rollout, stickiness: 'default' },
    constraints: [constraint('country', country)],
    segments: [],
    variants: [],
  });
  const snapshotWith = (strategies: unknown[]) =>
    JSON.stringify({
      format: 'flagctl-snapshot',
      version: 2,
      project: 'default',
      environments: ['production'],
      segments: [],
      features: [
        {
          name: 'f',
          type: 'release',
          description: null,
          stale: false,
          impressionData: false,
          tags: [],
          dependencies: [],
          environments: [{ name: 'production', enabled: true, strategies, variants: [] }],
        },
      ],
    });

  it('are matched by content before position and named by what sets them apart, in every format', async () => {
    const left = file('two-left.json', snapshotWith([rollout('20', ['SE']), rollout('50', ['DE'])]));
    // The other order, and only the Swedish one changed.
    const right = file('two-right.json', snapshotWith([rollout('50', ['DE']), rollout('10', ['SE'])]));
    const json = await runCli(['diff', `@${left}`, `@${right}`, '-o', 'json'], { env: {} });
    expect(json.code).toBe(3);
    const name = 'flexibleRollout (country IN SE; groupId=f; rollout=20; stickiness=default)';
    expect(JSON.parse(json.stdout).changes[0].fields).toEqual([
      { path: `strategies[${name}].parameters.rollout`, left: '20', right: '10' },
    ]);
    const text = await runCli(['diff', `@${left}`, `@${right}`], { env: {} });
    expect(text.stdout).toContain(`    strategies[${name}].parameters.rollout\n      - "20"\n      + "10"\n`);
    const md = await runCli(['diff', `@${left}`, `@${right}`, '-o', 'markdown'], { env: {} });
    expect(md.stdout).toContain(
      'strategies\\[flexibleRollout (country IN SE; groupId=f; rollout=20; stickiness=default)\\].parameters.rollout',
    );
  });

  it('a title alone names a strategy, even beside untitled ones of its type', async () => {
    const left = file('titled-left.json', snapshotWith([rollout('20', ['SE'], 'Nordics'), rollout('50', ['DE'])]));
    const right = file('titled-right.json', snapshotWith([rollout('30', ['SE'], 'Nordics'), rollout('50', ['DE'])]));
    const r = await runCli(['diff', `@${left}`, `@${right}`, '-o', 'json'], { env: {} });
    expect(JSON.parse(r.stdout).changes[0].fields).toEqual([
      { path: 'strategies[flexibleRollout "Nordics"].parameters.rollout', left: '20', right: '30' },
    ]);
  });

  it('"moved" where only the order changed and order decides (variants on several strategies)', async () => {
    const v = [{ name: 'blue', weight: 1000, weightType: 'variable', stickiness: 'default' }];
    const a = { ...rollout('20', ['SE'], 'A'), variants: v };
    const b = rollout('50', ['DE'], 'B');
    const ordered = (s: unknown[]) => snapshotWith(s).replace('"enabled":true,', '"enabled":true,"ordered":true,');
    const left = file('order-left.json', ordered([a, b]));
    const right = file('order-right.json', ordered([b, a]));
    const r = await runCli(['diff', `@${left}`, `@${right}`], { env: {} });
    expect(r.code).toBe(3);
    expect(r.stdout).toContain('    strategies[flexibleRollout "A"].moved\n      - position 1\n      + position 2\n');
    expect(r.stdout).toContain('    strategies[flexibleRollout "B"].moved\n      - position 2\n      + position 1\n');
  });
});

describe('the progress line of a read', () => {
  it('on a terminal: "Reading features: N of M" on stderr, cleared at the end; piped: nothing', async () => {
    serveProject(server, v8Project());
    const tty = await runCli(['export'], { env: env(), stderrIsTTY: true });
    expect(tty.code).toBe(0);
    expect(tty.stderr).toContain('\r\u001b[KReading features: 7 of 7');
    expect(tty.stderr.endsWith('\r\u001b[K')).toBe(true);
    server.reset();
    serveProject(server, v8Project());
    const piped = await runCli(['export'], { env: env() });
    expect(piped.stderr).toBe('');
  });
});
