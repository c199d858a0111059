import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseJson } from '../../src/api/http/json-text.js';
import { makeUi } from '../../src/output/context.js';
import { adapterOf } from '../../src/output/format-adapters.js';
import type { Format } from '../../src/output/formats.js';
import { yamlText } from '../../src/output/formats/yaml.js';
import type { View } from '../../src/output/view.js';
import { serveProject, v8Project } from '../support/export-fixture.js';
import { useFixtureServer } from '../support/fixture-server.js';
import { runCli, testIO } from '../support/io.js';
import { SEARCH_PATH, searchV6, searchV8 } from '../support/search-fixture.js';

// -o yaml is the document -o json prints, as YAML 1.2: every fixture's json output, parsed back
// from the yaml output, deep-equals it; and no string, however hostile, reads back as anything
// but itself, to a YAML 1.2 reader or a YAML 1.1 one.

const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const server = useFixtureServer();
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN });
const yaml12 = (text: string) => parse(text, { version: '1.2', uniqueKeys: false });
const yaml11 = (text: string) => parse(text, { version: '1.1', uniqueKeys: false, merge: false });

async function rendered(format: Format, view: View, tty = false): Promise<string> {
  const io = testIO({ stdoutIsTTY: tty });
  const ui = await makeUi(io, { format, headers: true, csvRaw: false }, await adapterOf(format), false, []);
  await ui.adapter.render(ui, view);
  return io.out.text;
}

const fixtures = (dir: URL) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !f.startsWith('sarif-schema'))
    .map((f) => [f, parseJson(readFileSync(new URL(f, dir), 'utf8'))] as const);
const all = [
  ...fixtures(new URL('../fixtures/', import.meta.url)),
  ...fixtures(new URL('../fixtures/export/', import.meta.url)),
];

describe('-o yaml: the json document, round-tripped', () => {
  it.each(all)('%s as a document', async (_name, doc) => {
    const view: View = { kind: 'document', document: doc, table: async () => undefined };
    const json = JSON.parse(await rendered('json', view));
    expect(yaml12(await rendered('yaml', view))).toEqual(json);
  });

  it.each(all.filter(([, doc]) => Object.values(doc as object).some(Array.isArray)))(
    '%s: its first list as streamed rows, bare and in an object',
    async (_name, doc) => {
      const list = Object.values(doc as object).find(Array.isArray) as unknown[];
      const bare: View = { kind: 'rows', columns: [], rows: list };
      expect(yaml12(await rendered('yaml', bare))).toEqual(JSON.parse(await rendered('json', bare)));
      const wrapped = (): View => ({
        kind: 'rows',
        columns: [],
        rows: list,
        jsonObject: { key: 'items', after: () => ({ total: list.length, more: { a: [] } }) },
      });
      expect(yaml12(await rendered('yaml', wrapped()))).toEqual(JSON.parse(await rendered('json', wrapped())));
    },
  );

  it('no rows: an empty list, bare and in an object', async () => {
    const bare: View = { kind: 'rows', columns: [], rows: [] };
    expect(await rendered('yaml', bare)).toBe('[]\n');
    const wrapped: View = {
      kind: 'rows',
      columns: [],
      rows: [],
      jsonObject: { key: 'features', after: () => ({ total: 0 }) },
    };
    expect(await rendered('yaml', wrapped)).toBe('features: []\ntotal: 0\n');
    expect(yaml12(await rendered('yaml', wrapped))).toEqual(JSON.parse(await rendered('json', wrapped)));
  });

  it("block style, as kubectl writes it: a list under a key at the key's indent", () => {
    expect(
      yamlText({
        name: 'checkout',
        tags: [{ type: 'team', value: 'web' }],
        env: { on: true, n: 2 },
        none: null,
        empty: {},
      }),
    ).toBe('name: checkout\ntags:\n- type: team\n  value: web\nenv:\n  "on": true\n  "n": 2\nnone: null\nempty: {}\n');
  });

  it("numbers a double would change keep the server's digits, as in json", async () => {
    const doc = parseJson('{"id":12345678901234567890,"ratio":1234567.123456789123,"huge":1e400,"small":7}');
    const view: View = { kind: 'document', document: doc, table: async () => undefined };
    expect(await rendered('yaml', view)).toBe(
      'id: 12345678901234567890\nratio: 1234567.123456789123\nhuge: 1e400\nsmall: 7\n',
    );
  });

  it('keys sorted when the view asks (export)', () => {
    const view: View = {
      kind: 'document',
      document: { b: 1, a: { d: 1, c: 2 }, '10': 0, '9': 0 },
      sortedKeys: true,
      table: async () => undefined,
    };
    return expect(rendered('yaml', view)).resolves.toBe('"10": 0\n"9": 0\na:\n  c: 2\n  d: 1\nb: 1\n');
  });
});

describe('-o yaml: hostile strings read back as themselves', () => {
  const HOSTILE = [
    ...['yes', 'No', 'ON', 'off', 'y', 'N', 'true', 'False', 'null', 'Null', '~', '', ' ', 'NULL'],
    ...[
      '0',
      '-1',
      '+1',
      '1.5',
      '.5',
      '1e3',
      '0x1F',
      '0o17',
      '017',
      '0b101',
      '1_000',
      '190:20:30',
      '.inf',
      '-.Inf',
      '.NaN',
      'Infinity',
      'NaN',
    ],
    ...['2001-12-14', '2001-12-14t21:59:43.10-05:00', '2026-11-25 10:00:00'],
    ...[
      ' leading',
      'trailing ',
      'a: b',
      'a #b',
      '#comment',
      'key:',
      '- item',
      '-',
      '--- ',
      '---',
      '...',
      '? q',
      ': v',
      ',a',
      '[a]',
      '{a: 1}',
      '*anchor',
      '&a',
      '!tag',
      '!!str x',
      '|',
      '>',
      '@at',
      '`tick',
      '%YAML 1.2',
      "'single'",
      '"double"',
      '=',
      '<<',
    ],
    ...[
      'line\nbreak',
      'cr\rlf',
      'tab\there',
      'trail\n',
      '\u0000nul',
      '\u001b[31mred',
      '\u0085nel',
      '\u009bcsi',
      '\u2028ls',
      '\u2029ps',
      '\u202eevil',
      'zero\u200bwidth',
      '\ufeffbom',
      '\ufffe',
      '\uffff',
      'tag\u{e0041}',
      'lone\ud800',
      '\udc00lone',
      'emoji 😀',
      'é ü',
      'back\\slash',
    ],
    ...[
      '##[set-output name=gate;]pass',
      '::error::x',
      'a ## b',
      'plain words',
      'with/slash',
      'v1.2.3',
      'name@example.com',
      '__proto__',
      'constructor',
      'toString',
    ],
  ];

  it.each(HOSTILE.map((s) => [JSON.stringify(s), s]))('%s as a value, a key and a list item', async (_shown, s) => {
    const doc = { [s]: s, list: [s, { k: s }] };
    const text = yamlText(doc);
    expect(yaml12(text)).toEqual(doc);
    expect(yaml11(text)).toEqual(doc);
  });

  it('no raw control, invisible or line-breaking character, and no ##[, reaches the text', () => {
    const text = yamlText(HOSTILE);
    expect(text.replace(/\n/g, '')).not.toMatch(
      /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200b\u202e\ufeff\ufffe\uffff\u{e0041}]|##\[/u,
    );
    expect(text).toContain('"##\\x5bset-output name=gate;]pass"');
  });
});

describe('-o yaml from the commands: the json output, round-tripped', () => {
  const both = async (argv: string[], serve: () => void, code = 0) => {
    serve();
    const json = await runCli([...argv, '-o', 'json'], { env: env() });
    serve();
    const yaml = await runCli([...argv, '-o', 'yaml'], { env: env() });
    expect([json.code, yaml.code]).toEqual([code, code]);
    expect(yaml.stderr).toBe(json.stderr);
    expect(yaml12(yaml.stdout)).toEqual(JSON.parse(json.stdout));
    return yaml.stdout;
  };

  it.each([
    ['v8', searchV8],
    ['v6', searchV6],
  ])('features search --all, %s', async (_v, body) => {
    const out = await both(['features', 'search', '--all'], () => server.json(SEARCH_PATH, body));
    expect(out).toMatch(/^features:\n- /);
  });

  it('features stale (an object: the features, then their total)', async () => {
    // json and yaml print every field, the ages too: the flag types and the stale markings are read.
    await both(['features', 'stale', '--max', '1000'], () => {
      server.json(SEARCH_PATH, searchV8);
      server.json('/api/admin/feature-types', {
        types: [
          { id: 'release', lifetimeDays: 40 },
          { id: 'experiment', lifetimeDays: 40 },
          { id: 'operational', lifetimeDays: 7 },
          { id: 'kill-switch', lifetimeDays: null },
          { id: 'permission', lifetimeDays: null },
        ],
      });
      server.json('/api/admin/search/events', { events: [], total: 0 });
    });
  });

  it('export (keys sorted, like the json snapshot)', async () => {
    await both(['export'], () => serveProject(server, v8Project()));
  });

  it('diff (its own -o before; exit 3 on drift either way)', async () => {
    const out = await both(['diff', 'development', 'production'], () => serveProject(server, v8Project()), 3);
    expect(out).toMatch(/^changes:\n- /);
  });

  it('insights', async () => {
    const insights = JSON.parse(readFileSync(new URL('../fixtures/insights.json', import.meta.url), 'utf8'));
    await both(['insights'], () => server.json('/api/admin/insights', insights));
  });

  it('api --paginate (one list)', async () => {
    await both(['api', '/api/admin/search/features', '--paginate'], () => server.json(SEARCH_PATH, searchV8));
  });
});
