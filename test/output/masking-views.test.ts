import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';

// A server text that echoes the token (a description, a name) is masked in every human format
// by the same function as errors and --debug; -o json and ndjson stay the server's document.

const SECRET = '0123456789abcdef0123456789abcdef';
const TOKEN = `*:*.${SECRET}`;
const ENCODED = encodeURIComponent(TOKEN); // %2A%3A%2A.0123…
const server = useFixtureServer();
const PATH = '/api/admin/projects/default/features/checkout-v2';
const feature = JSON.parse(readFileSync(new URL('../fixtures/feature.json', import.meta.url), 'utf8'));
const leaky = {
  ...feature,
  description: `whole ${TOKEN} / secret ${SECRET} / encoded ${ENCODED} / lower ${ENCODED.toLowerCase()}`,
};
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN });
beforeEach(() => {
  server.json('/api/admin/segments', { segments: [{ id: 1, name: 'beta-users' }] });
  server.json(PATH, leaky);
});

function search() {
  server.json('/api/admin/search/features', {
    features: [
      { name: 'checkout-v2', type: 'release', project: 'default', description: leaky.description, environments: [] },
    ],
    total: 1,
  });
}

const expectMasked = (out: string) => {
  expect(out).toContain('whole *:*.**** / secret **** / encoded *:*.**** / lower *:*.****');
  expect(out).not.toContain(SECRET);
  expect(out.toLowerCase()).not.toContain(ENCODED.toLowerCase());
};

describe('feature get masks the token in the human formats', () => {
  it('the record view on a terminal', async () => {
    const r = await runCli(['feature', 'get', 'checkout-v2'], { env: env(), stdoutIsTTY: true });
    expect(r.code).toBe(0);
    expectMasked(r.stdout);
  });

  it('-o table, piped', async () => {
    const r = await runCli(['feature', 'get', 'checkout-v2', '-o', 'table'], { env: env() });
    expect(r.code).toBe(0);
    expectMasked(r.stdout);
  });
});

describe('features search masks the token in table, markdown and csv', () => {
  for (const [format, tty] of [
    ['table', true],
    ['table', false],
    ['markdown', false],
    ['csv', false],
    ['csv', true],
  ] as const) {
    it(`-o ${format}${tty ? ' on a terminal' : ', piped'}`, async () => {
      search();
      const r = await runCli(['features', 'search', '-o', format, '--columns', 'name,description'], {
        env: env(),
        stdoutIsTTY: tty,
        columns: 400,
      });
      expect(r.code).toBe(0);
      if (format !== 'markdown') return expectMasked(r.stdout);
      // The mask applies to the escaped cell: the stars of the kind prefix stay escaped, the secret is masked in every spelling.
      expect(r.stdout).toContain('whole \\*:\\*.**** / secret **** / encoded \\*%3A\\*.**** / lower \\*%3a\\*.****');
      expect(r.stdout).not.toContain(SECRET);
    });
  }
});

describe('json and ndjson stay the server document byte for byte', () => {
  it('-o json keeps the description as the server sent it', async () => {
    const r = await runCli(['feature', 'get', 'checkout-v2', '-o', 'json'], { env: env() });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(leaky);
  });

  for (const format of ['json', 'ndjson']) {
    it(`features search -o ${format} keeps it too`, async () => {
      search();
      const r = await runCli(['features', 'search', '-o', format], { env: env() });
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(JSON.stringify(leaky.description));
    });
  }
});
