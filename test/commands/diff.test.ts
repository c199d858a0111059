import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';
import { serveProject, v8Project } from '../support/export-fixture.js';

const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const OTHER_TOKEN = '*:*.fedcba9876543210fedcba9876543210';
const server = useFixtureServer();
const other = useFixtureServer();
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN });
const dir = mkdtempSync(join(tmpdir(), 'flagctl-diff-'));
const ESC = '\u001b';

function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

async function snapshotFile(name: string, args: string[] = []): Promise<string> {
  serveProject(server, v8Project());
  const r = await runCli(['export', ...args], { env: env() });
  expect(r.code).toBe(0);
  server.reset();
  return file(name, r.stdout);
}

/** A config dir holding profiles (mode 600, as flagctl requires). */
function configWith(profiles: Record<string, { url: string; token: string }>): string {
  const d = mkdtempSync(join(tmpdir(), 'flagctl-diff-config-'));
  writeFileSync(join(d, 'config.json'), JSON.stringify({ version: 1, profiles }), { mode: 0o600 });
  chmodSync(join(d, 'config.json'), 0o600);
  return d;
}

describe('diff between two environments of one server', () => {
  it('fetches once for both sides and exits 3 naming what differs', async () => {
    const p = v8Project();
    serveProject(server, p);
    const r = await runCli(['diff', 'development', 'production', '--feature', 'search-ranking_v3'], { env: env() });
    expect(r.code).toBe(3);
    expect(r.stdout).toBe(`--- development
+++ production

~ search-ranking_v3 (changed)
    enabled
      - true
      + false
    strategies[flexibleRollout].parameters.rollout
      - "100"
      + "5"
    strategies[flexibleRollout].parameters.stickiness
      - "default"
      + "sessionId"
    strategies[flexibleRollout].constraints[country IN]
      + country IN [DK, NO, SE]

1 feature differs: 1 changed
`);
    // The result, its summary line included, is on stdout; stderr stays for diagnostics.
    expect(r.stderr).toBe('');
    expect(server.requests.filter((q) => q.url === '/api/admin/environments/project/default')).toHaveLength(1);
    // Reads only, and only that feature's: its document and tags for both environments (the
    // segment list only when it uses a segment), not the project's list or other documents.
    expect(server.requests.every((q) => q.method === 'GET')).toBe(true);
    const used = JSON.stringify(p.documents['search-ranking_v3']).includes('"segments":[1');
    expect(server.requests.map((q) => q.url).sort()).toEqual(
      [
        '/api/admin/environments/project/default',
        '/api/admin/projects/default/features/search-ranking_v3?variantEnvironments=true',
        '/api/admin/features/search-ranking_v3/tags',
        ...(used ? ['/api/admin/segments'] : []),
      ].sort(),
    );
  });

  it('--fail-on none makes a report of it: the same output, exit 0', async () => {
    serveProject(server, v8Project());
    const gate = await runCli(['diff', 'development', 'production', '--feature', 'search-ranking_v3'], { env: env() });
    serveProject(server, v8Project());
    const report = await runCli(
      ['diff', 'development', 'production', '--feature', 'search-ranking_v3', '--fail-on', 'none'],
      { env: env() },
    );
    expect(gate.code).toBe(3);
    expect(report.code).toBe(0);
    expect(report.stdout).toBe(gate.stdout);
  });

  it('without --feature, every feature of the project is read', async () => {
    const p = v8Project();
    serveProject(server, p);
    const r = await runCli(['diff', 'development', 'production', '--stat'], { env: env() });
    expect(r.code).toBe(3);
    const docs = server.requests.filter((q) => q.url.startsWith('/api/admin/projects/default/features/'));
    expect(docs).toHaveLength(Object.keys(p.documents).length);
  });

  it('a feature document without the environments compared is incomplete: exit 1, never "No differences"', async () => {
    // Real servers list every environment of the project in each feature's document; one that
    // lists none (or not the one compared) would make both sides "off, no strategies".
    const cases: [(d: any) => void, string][] = [
      [(d) => delete d.environments, 'environments "development", "production", which the project has'],
      [(d) => (d.environments = []), 'environments "development", "production", which the project has'],
      [
        (d) => (d.environments = d.environments.filter((e: any) => e.name !== 'production')),
        'environment "production", which the project has',
      ],
    ];
    for (const [strip, what] of cases) {
      const p = v8Project();
      strip(p.documents['new-checkout-flow']);
      serveProject(server, p);
      const r = await runCli(['diff', 'development', 'production', '--stat'], { env: env() });
      expect(r.stderr).toBe(
        `flagctl: the document of feature "new-checkout-flow" (GET /api/admin/projects/default/features/new-checkout-flow) has no ${what}; the answer is incomplete\n`,
      );
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      server.reset();
    }
  });

  it('-o json is {changes: [{name, change, fields: [{path, left, right}]}]}', async () => {
    serveProject(server, v8Project());
    const r = await runCli(['diff', 'development', 'production', '-o', 'json'], { env: env() });
    expect(r.code).toBe(3);
    const { changes } = JSON.parse(r.stdout);
    expect(Object.keys(JSON.parse(r.stdout))).toEqual(['changes', 'segments']);
    expect(JSON.parse(r.stdout).segments).toEqual([]);
    const mixed = changes.find((c: { name: string }) => c.name === 'search-ranking_v3');
    expect(mixed).toEqual({
      name: 'search-ranking_v3',
      change: 'changed',
      fields: [
        { path: 'enabled', left: true, right: false },
        { path: 'strategies[flexibleRollout].parameters.rollout', left: '100', right: '5' },
        { path: 'strategies[flexibleRollout].parameters.stickiness', left: 'default', right: 'sessionId' },
        {
          path: 'strategies[flexibleRollout].constraints[country IN]',
          left: null,
          right: {
            caseInsensitive: false,
            contextName: 'country',
            inverted: false,
            operator: 'IN',
            values: ['DK', 'NO', 'SE'],
          },
        },
      ],
    });
    // Feature-level fields are the same for two environments of one server: never listed.
    for (const c of changes) for (const f of c.fields) expect(f.path).not.toMatch(/^(type|description|tags|stale)/);
  });

  it('--stat gives one line per feature and the totals', async () => {
    serveProject(server, v8Project());
    const r = await runCli(
      [
        'diff',
        'development',
        'production',
        '--stat',
        '--feature',
        'search-ranking_v3',
        '--feature',
        'admin-panel_access',
      ],
      {
        env: env(),
      },
    );
    expect(r.code).toBe(3);
    expect(r.stdout).toBe(
      ' admin-panel_access |   1 +\n search-ranking_v3  |   4 ++++---\n 2 features differ: 2 changed\n',
    );
  });

  it('a --feature on neither side is exit 5 (a typo must not pass a gate)', async () => {
    serveProject(server, v8Project());
    const missing = { name: 'NotFoundError', message: 'Could not find feature no-such-flag' };
    server.json('/api/admin/projects/default/features/no-such-flag', missing, 404);
    server.json('/api/admin/features/no-such-flag/tags', missing, 404);
    const r = await runCli(
      ['diff', 'development', 'production', '--feature', 'search-ranking_v3', '--feature', 'no-such-flag'],
      { env: env() },
    );
    expect(r.code).toBe(5);
    expect(r.stderr).toBe('flagctl: --feature: "no-such-flag" on neither side\n');
    expect(r.stdout).toBe('');
    // Its document and tags are asked for, once; the project's list is not read.
    expect(
      server.requests
        .filter((q) => q.url.includes('no-such-flag'))
        .map((q) => q.url.split('?')[0])
        .sort(),
    ).toEqual(['/api/admin/features/no-such-flag/tags', '/api/admin/projects/default/features/no-such-flag']);
    expect(server.requests.some((q) => q.url.split('?')[0] === '/api/admin/projects/default/features')).toBe(false);
  });

  it('an environment the server lacks is exit 5, listing those it has', async () => {
    serveProject(server, v8Project());
    const r = await runCli(['diff', 'development', 'staging'], { env: env() });
    expect(r.code).toBe(5);
    expect(r.stderr).toBe(
      'flagctl: environment "staging" not found in project "default" (environments: development, production)\n',
    );
  });
});

describe('diff against a snapshot', () => {
  it('an unchanged server matches its snapshot: exit 0', async () => {
    const snap = await snapshotFile('same.json');
    serveProject(server, v8Project());
    const r = await runCli(['diff', `@${snap}:production`, 'production'], { env: env() });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`No differences: @${snap}:production and production match.`);
  });

  it('a change on the server since the snapshot names the field, feature-level fields included', async () => {
    const snap = await snapshotFile('before.json');
    const p = v8Project();
    p.documents['admin-panel_access'].description = 'Changed since the snapshot';
    serveProject(server, p);
    const r = await runCli(['diff', `@${snap}:production`, 'production', '-o', 'json'], { env: env() });
    expect(r.code).toBe(3);
    expect(JSON.parse(r.stdout).changes).toEqual([
      {
        name: 'admin-panel_access',
        change: 'changed',
        fields: [
          {
            path: 'description',
            left: 'Grants access to the admin panel for staff.',
            right: 'Changed since the snapshot',
          },
        ],
      },
    ]);
  });

  it('a snapshot of one environment needs no :ENV; of several it does (exit 2, nothing sent)', async () => {
    const one = await snapshotFile('one.json', ['--env', 'production']);
    const both = await snapshotFile('both.json');
    serveProject(server, v8Project());
    expect((await runCli(['diff', `@${one}`, 'production'], { env: env() })).code).toBe(0);
    server.reset();
    const r = await runCli(['diff', `@${both}`, 'production'], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `flagctl: @${both}: the snapshot holds 2 environments (development, production); name one as @${both}:ENV\n`,
    );
    expect(server.requests).toEqual([]);
  });

  it('bad snapshots are exit 2 with a message naming the file, and nothing is sent', async () => {
    const cases: [string, RegExp][] = [
      [join(dir, 'missing.json'), /missing\.json: no such file; expected a snapshot written by `flagctl export`/],
      [file('bad.json', '{not json'), /bad\.json: not valid JSON/],
      [file('other.json', { hello: 1 }), /other\.json: not a flagctl snapshot/],
      [
        file('v1.json', { format: 'flagctl-snapshot', version: 1 }),
        /v1\.json: snapshot format version 1 is not supported; this flagctl reads version 2/,
      ],
      [
        file('shape.json', {
          format: 'flagctl-snapshot',
          version: 2,
          project: 'x',
          environments: ['p'],
          features: [{ name: 1 }],
        }),
        /not a valid snapshot at features\.0\.name/,
      ],
      [
        file('deep.json', `{"format":"flagctl-snapshot","version":2,"x":${'['.repeat(5000)}${']'.repeat(5000)}}`),
        /deep\.json: nested more than 64 levels deep/,
      ],
      [dir, /it is a directory/],
    ];
    for (const [path, message] of cases) {
      const r = await runCli(['diff', `@${path}:production`, 'production'], { env: env() });
      expect(r.code, path).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.split('\n').filter(Boolean).length).toBeLessThanOrEqual(2);
    }
    expect(server.requests).toEqual([]);
  });

  it('a snapshot that lists a feature twice (a merge that kept both sides) is exit 2, whichever copy matches the server', async () => {
    const snap = JSON.parse(readFileSync(await snapshotFile('twice-source.json', ['--env', 'production']), 'utf8'));
    const i = snap.features.findIndex((f: { name: string }) => f.name === 'admin-panel_access');
    const changed = { ...snap.features[i], description: 'edited on a branch' };
    for (const [name, features] of [
      ['twice-a.json', [...snap.features.slice(0, i), changed, ...snap.features.slice(i)]],
      ['twice-b.json', [...snap.features.slice(0, i + 1), changed, ...snap.features.slice(i + 1)]],
    ] as const) {
      const path = file(name, { ...snap, features });
      serveProject(server, v8Project());
      const r = await runCli(['diff', `@${path}`, 'production'], { env: env() });
      expect(r.stderr).toBe(
        `flagctl: @${path}: the snapshot lists feature "admin-panel_access" twice; a snapshot holds each feature once (write it again with \`flagctl export\`)\n`,
      );
      expect(r.code).toBe(2);
      expect(server.requests).toEqual([]);
    }
  });

  it('a snapshot that lists a segment twice is exit 2 too', async () => {
    const snap = JSON.parse(readFileSync(await snapshotFile('segment-source.json', ['--env', 'production']), 'utf8'));
    const seg = snap.segments[0];
    const path = file('segment-twice.json', { ...snap, segments: [{ ...seg, constraints: [] }, seg] });
    serveProject(server, v8Project());
    const r = await runCli(['diff', `@${path}`, 'production'], { env: env() });
    expect(r.stderr).toBe(
      `flagctl: @${path}: the snapshot lists segment "${seg.name}" twice; a snapshot holds each segment once (write it again with \`flagctl export\`)\n`,
    );
    expect(r.code).toBe(2);
    expect(server.requests).toEqual([]);
  });

  it('an environment the snapshot lacks is exit 2, listing those it has', async () => {
    const both = await snapshotFile('both2.json');
    const r = await runCli(['diff', `@${both}:staging`, 'production'], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `flagctl: @${both}: no environment "staging" in the snapshot (environments: development, production)\n`,
    );
  });
});

describe('diff sides and profiles', () => {
  it('the same side twice is exit 2 before any request', async () => {
    for (const sides of [
      ['production', 'production'],
      ['production', 'here:production'],
    ]) {
      const config = configWith({ here: { url: server.url, token: TOKEN } });
      const r = await runCli(['diff', ...sides], { env: { ...env(), FLAGCTL_CONFIG_DIR: config } });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/are the same side/);
    }
    expect(server.requests).toEqual([]);
  });

  it('an unknown profile is exit 2 listing the stored ones', async () => {
    const config = configWith({
      staging: { url: server.url, token: TOKEN },
      prod: { url: other.url, token: OTHER_TOKEN },
    });
    const r = await runCli(['diff', 'production', 'nope:production'], {
      env: { ...env(), FLAGCTL_CONFIG_DIR: config },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('flagctl: nope:production: no profile named "nope" (profiles: staging, prod)');
    expect(server.requests).toEqual([]);
  });

  it('two instances through two profiles: each with its own token; feature-level fields compared', async () => {
    const config = configWith({
      staging: { url: server.url, token: TOKEN },
      prod: { url: other.url, token: OTHER_TOKEN },
    });
    serveProject(server, v8Project());
    const p = v8Project();
    p.documents['retire-old-cart'].type = 'release';
    serveProject(other, p);
    const r = await runCli(['diff', 'staging:production', 'prod:production', '-o', 'json'], {
      env: { FLAGCTL_CONFIG_DIR: config },
    });
    expect(r.code).toBe(3);
    expect(JSON.parse(r.stdout).changes).toEqual([
      { name: 'retire-old-cart', change: 'changed', fields: [{ path: 'type', left: 'sunset', right: 'release' }] },
    ]);
    expect(server.requests.every((q) => q.headers.authorization === TOKEN)).toBe(true);
    expect(other.requests.every((q) => q.headers.authorization === OTHER_TOKEN)).toBe(true);
    expect(r.stdout + r.stderr).not.toContain(OTHER_TOKEN);
  });

  it('--stat is refused with -o json before any request', async () => {
    const r = await runCli(['diff', 'development', 'production', '--stat', '-o', 'json'], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^flagctl: --stat: not with -o json/);
    expect(server.requests).toEqual([]);
  });
});

describe('diff output stays inert', () => {
  const hostileName = 'evil\u001b]0;pwned\u0007\u001b[2J';
  const hostileText = '<img src=x onerror=alert(1)> | **bold** `code` @admin #12 \u202eevil';
  const snapshot = (title: string, description: string) => ({
    format: 'flagctl-snapshot',
    version: 2,
    project: 'default',
    environments: ['production'],
    segments: [],
    features: [
      {
        name: hostileName,
        type: 'release',
        description,
        stale: false,
        impressionData: false,
        tags: [],
        dependencies: [],
        environments: [
          {
            name: 'production',
            enabled: true,
            strategies: [
              { name: 'default', title, disabled: false, parameters: {}, constraints: [], segments: [], variants: [] },
            ],
            variants: [],
          },
        ],
      },
    ],
  });
  const left = () => file('hostile-left.json', snapshot('plain', 'old'));
  const right = () => file('hostile-right.json', snapshot(hostileText, hostileText));

  it('on a terminal with colour: only red and green, and no control character from the data', async () => {
    const r = await runCli(['diff', `@${left()}`, `@${right()}`], { env: { FORCE_COLOR: '1' }, stdoutIsTTY: true });
    expect(r.code).toBe(3);
    const colours = new Set(r.stdout.match(/\u001b\[[0-9;]*m/g));
    expect([...colours].sort()).toEqual(['\u001b[31m', '\u001b[32m', '\u001b[39m']);
    const plain = r.stdout.replace(/\u001b\[[0-9;]*m/g, '');
    expect(plain).not.toContain(ESC);
    expect(plain).not.toContain('\u202e');
    expect(plain).toContain('evil\\x1b]0;pwned\\x07\\x1b[2J');
    expect(r.stderr).not.toContain(ESC);
  });

  it('without colour: no escape sequence at all', async () => {
    const r = await runCli(['diff', `@${left()}`, `@${right()}`], { env: {} });
    expect(r.stdout).not.toContain(ESC);
    expect(r.stdout).toContain('- "old"');
  });

  it('markdown: server text cannot add HTML, code, tables, mentions or references', async () => {
    const r = await runCli(['diff', `@${left()}`, `@${right()}`, '-o', 'markdown'], { env: {} });
    expect(r.code).toBe(3);
    expect(r.stdout).not.toContain(ESC);
    expect(r.stdout).not.toMatch(/(^|[^\\])<img/);
    expect(r.stdout).toContain('\\<img src=x onerror=alert(1)\\>');
    expect(r.stdout).toContain('\\| \\*\\*bold\\*\\* \\`code\\`');
    expect(r.stdout).toContain('@\u2060admin #\u206012');
    // Every table row has exactly the five cells of the header: no pipe got through.
    const rows = r.stdout.split('\n').filter((l) => l.startsWith('|'));
    expect(rows.length).toBeGreaterThan(2);
    for (const row of rows) expect(row.replace(/\\\|/g, '').split('|').length - 2).toBe(5);
  });
});
