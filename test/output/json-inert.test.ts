import { describe, expect, it } from 'vitest';
import { sendJson, useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';

// json, ndjson and sarif keep the server's values exactly, but not every raw character of them:
// JSON.stringify escapes C0 controls and leaves C1 controls (U+0080-U+009F, which xterm and
// others obey as CSI, OSC, ...), bidi overrides and other invisible format characters as they
// are, so `-o json` on a terminal could still drive it or reorder what it shows, and a legacy
// workflow command `##[...]` went into a CI log whole. On a terminal those are now written as
// JSON \u escapes, and `##[` everywhere: the same strings to any JSON reader.

const server = useFixtureServer();
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: '*:*.0123456789abcdef0123456789abcdef' });
const TEXT =
  'a\u009b2Jb\u009d8;;https://evil.example\u009cc\u202egnp.exe\u200bd\u007fe ##[set-output name=gate;]pass é 日本';
const RAW = /[\u007f-\u009f\u200b\u202e]|##\[/;
const feature = { name: 'f', type: 'release', project: 'default', description: TEXT, environments: [] };

describe('json output writes control and format characters as \\u escapes', () => {
  for (const [label, args] of [
    ['features search -o json', ['features', 'search', '-o', 'json']],
    ['features search -o ndjson', ['features', 'search', '-o', 'ndjson']],
    ['features search -o json --columns', ['features', 'search', '-o', 'json', '--columns', 'name,description']],
    ['feature get -o json', ['feature', 'get', 'f', '-o', 'json']],
  ] as const) {
    it(label, async () => {
      server.route('/api/admin/search/features', (_req, res) => sendJson(res, 200, { features: [feature], total: 1 }));
      server.json('/api/admin/projects/default/features/f', feature);
      const r = await runCli([...args], { env: env(), stdoutIsTTY: true });
      expect(r.code).toBe(0);
      expect(r.stdout).not.toMatch(RAW);
      expect(r.stdout).toContain(
        'a\\u009b2Jb\\u009d8;;https://evil.example\\u009cc\\u202egnp.exe\\u200bd\\u007fe ##\\u005bset-output name=gate;]pass é 日本',
      );
      const values = label.includes('ndjson')
        ? r.stdout
            .trim()
            .split('\n')
            .map((l) => JSON.parse(l))
        : [JSON.parse(r.stdout)];
      expect(JSON.stringify(values)).toContain(JSON.stringify(TEXT));
    });
  }

  it('piped (read by a program): only ##[ is escaped, the rest as JSON.stringify writes it', async () => {
    server.json('/api/admin/projects/default/features/f', feature);
    const r = await runCli(['feature', 'get', 'f', '-o', 'json'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${JSON.stringify(feature, null, 2).replace('##[', '##\\u005b')}\n`);
    expect(JSON.parse(r.stdout)).toEqual(feature);
  });

  it('plain text is printed as before', async () => {
    const plain = { ...feature, description: 'Ünïcode 日本 emoji 🚀 and "quotes" \\ backslash' };
    server.json('/api/admin/projects/default/features/f', plain);
    const r = await runCli(['feature', 'get', 'f', '-o', 'json'], { env: env() });
    expect(r.stdout).toBe(`${JSON.stringify(plain, null, 2)}\n`);
  });
});
