import { describe, expect, it } from 'vitest';
import { useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';

// Event types and strategy parameter names come from the server: they are data, never members
// of an object flagctl looks things up in.

const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const server = useFixtureServer();
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN });
const PATH = '/api/admin/search/events';

const event = (id: number, type: string, data: unknown, preData: unknown) => ({
  id,
  type,
  createdBy: 'me',
  createdAt: '2026-01-01T00:00:00.000Z',
  environment: 'production',
  featureName: 'f',
  project: 'default',
  tags: [],
  data,
  preData,
});

/** The page as raw text: JSON.parse keeps a `__proto__` key as an own member, as the CLI's parser does. */
function answer(events: string[]) {
  server.route(PATH, (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(`{"events":[${events.join(',')}],"total":${events.length}}`);
  });
}

const summaries = (stdout: string) =>
  stdout
    .trimEnd()
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t').join(' | '));

describe('feature history with event types named after object members', () => {
  it('summarises them as unknown types, like any other', async () => {
    const types = ['__proto__', 'hasOwnProperty', 'toString', 'constructor', 'valueOf'];
    answer(types.map((t, i) => JSON.stringify(event(i + 1, t, { a: 1 }, null))));
    const r = await runCli(['feature', 'history', 'f', '--columns', 'type,summary'], { env: env() });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(summaries(r.stdout)).toEqual([
      '__proto__ | __proto__: a changed',
      'hasOwnProperty | hasOwnProperty: a changed',
      'toString | toString: a changed',
      'constructor | constructor: a changed',
      'valueOf | valueOf: a changed',
    ]);
  });

  it('an unknown type lists a changed top-level field named __proto__ or constructor', async () => {
    const raw = JSON.stringify(event(1, 'feature-odd', { x: 1 }, { x: 1 })).replace(
      '"data":{"x":1}',
      '"data":{"x":1,"__proto__":{},"constructor":"c"}',
    );
    answer([raw]);
    const r = await runCli(['feature', 'history', 'f', '--columns', 'type,summary'], { env: env() });
    expect(summaries(r.stdout)).toEqual(['feature-odd | odd: __proto__, constructor changed']);
  });
});

describe('strategy parameters named after object members', () => {
  const st = (params: string) =>
    `{"id":"S1","name":"flexibleRollout","title":"","disabled":false,"segments":[],"variants":[],"sortOrder":0,"parameters":${params},"constraints":[]}`;
  const update = (pre: string, post: string) =>
    JSON.stringify(event(1, 'feature-strategy-update', 'POST', 'PRE'))
      .replace('"POST"', st(post))
      .replace('"PRE"', st(pre));

  it('an added constructor, toString or __proto__ parameter is shown as set from (unset)', async () => {
    answer([update('{"rollout":"50"}', '{"rollout":"50","constructor":"x","toString":"y","__proto__":"p"}')]);
    const r = await runCli(['feature', 'history', 'f', '--columns', 'summary'], { env: env() });
    expect(r.stderr).toBe('');
    expect(r.stdout.trimEnd().split('\n')[1]).toBe(
      'strategy flexibleRollout: constructor (unset) → x; toString (unset) → y; __proto__ (unset) → p',
    );
  });

  it('a removed __proto__ or constructor parameter is shown as unset, not as {} or undefined', async () => {
    answer([update('{"rollout":"50","__proto__":"p","constructor":"x"}', '{"rollout":"50"}')]);
    const r = await runCli(['feature', 'history', 'f', '--columns', 'summary'], { env: env() });
    expect(r.stdout.trimEnd().split('\n')[1]).toBe(
      'strategy flexibleRollout: __proto__ p → (unset); constructor x → (unset)',
    );
  });
});
