import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServers, type UnleashMajor } from './harness/servers.mjs';
import { createPlainFeatures } from './harness/seed.mjs';
import { admin, flagctl, target } from './cli.js';

// `export` and `diff` write nothing to the server, its audit log included (`--batch-export`,
// which Unleash logged as a features-exported event, is refused before any request), and a changed
// segment is drift. These tests count every event and change a segment, so they run on
// servers of their own (other files assert on the shared seed, `evaluate` on its segment).

const versions = (process.env.FLAGCTL_E2E_VERSIONS?.trim() || '6,8').split(',').map((v) => v.trim()) as UnleashMajor[];
const P = '/api/admin/projects/default';
const SEGMENT = 'truth-testers';
const USERS = ['flag-0', 'flag-1'].map((n) => `truth.${n}`);
const CONSTRAINT = {
  contextName: 'userId',
  operator: 'IN',
  values: ['alice', 'bob'],
  inverted: false,
  caseInsensitive: false,
};

type Fleet = Awaited<ReturnType<typeof startServers>>;
type Server = Fleet['servers'][number] & { segmentId: number };
let fleet: Fleet | undefined;
const servers: Server[] = [];
const dir = mkdtempSync(join(tmpdir(), 'flagctl-e2e-read-only-'));

/** 30 features; two use the segment in both environments (one with strategy variants beside a second strategy), one is tagged. */
async function prepare(s: Fleet['servers'][number]): Promise<Server> {
  const segment = await admin(s, 'POST', '/api/admin/segments', { name: SEGMENT, constraints: [CONSTRAINT] });
  await createPlainFeatures(s.url, s.adminToken, 30, { name: (i) => `truth.flag-${i}` });
  for (const name of USERS) {
    for (const env of ['development', 'production']) {
      await admin(s, 'POST', `${P}/features/${name}/environments/${env}/strategies`, {
        name: 'flexibleRollout',
        parameters: { rollout: '50', stickiness: 'default', groupId: name },
        constraints: [],
        segments: [segment.id],
      });
    }
  }
  await admin(s, 'POST', `${P}/features/truth.flag-0/environments/production/strategies`, {
    name: 'default',
    title: 'everyone else',
    constraints: [],
    parameters: {},
    variants: [
      {
        name: 'blue',
        weight: 1000,
        weightType: 'variable',
        stickiness: 'default',
        payload: { type: 'string', value: 'b' },
      },
    ],
  });
  await admin(s, 'POST', `${P}/features/truth.flag-0/environments/production/on`);
  await admin(s, 'POST', '/api/admin/features/truth.flag-2/tags', { type: 'simple', value: 'truth' });
  return { ...s, segmentId: Number(segment.id) };
}

beforeAll(async () => {
  fleet = await startServers({ versions });
  for (const s of fleet.servers) servers.push(await prepare(s));
}, 300_000);

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await fleet?.stopAll();
}, 60_000);

/** Every event the server holds, and the features-exported ones. */
async function eventCounts(s: Server): Promise<{ all: number; exported: number }> {
  const all = (await admin(s, 'GET', '/api/admin/search/events?limit=1')).total;
  const exported = (await admin(s, 'GET', '/api/admin/search/events?limit=1&type=IS:features-exported')).total;
  return { all, exported };
}

it('the built CLI sends no request at all for --batch-export (a recording server on 127.0.0.1)', async () => {
  const seen: string[] = [];
  const recorder = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`;
    for (const args of [
      ['export', '--batch-export'],
      ['diff', 'development', 'production', '--batch-export', '-o', 'json'],
    ]) {
      const r = await flagctl(args, { FLAGCTL_URL: url, FLAGCTL_TOKEN: '*:*.0123456789abcdef' });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stdout).toBe('');
    }
    expect(seen).toEqual([]);
  } finally {
    recorder.closeAllConnections();
    await new Promise((resolve) => recorder.close(resolve));
  }
});

describe.each(versions)('on an Unleash %s.x of its own', (version) => {
  const server = () => servers.find((s) => s.version === version)!;
  const env = () => target(server(), server().adminToken);

  it('export and diff add no event to the audit log; --batch-export is refused and sends nothing', async () => {
    const before = await eventCounts(server());
    const exported = await flagctl(['export'], env());
    expect(exported.code, exported.stderr).toBe(0);
    const file = join(dir, `v${version}.json`);
    writeFileSync(file, exported.stdout);
    // The exact code each run must give: truth.flag-0 has a second strategy and is on in
    // production only (3); the snapshot was just taken (0). A run failing with 2 or 5 fails here.
    const runs: [string[], number][] = [
      [['diff', 'development', 'production'], 3],
      [['diff', `@${file}:production`, 'production'], 0],
      [['export', '--env', 'production'], 0],
    ];
    for (const [args, code] of runs) {
      const r = await flagctl(args, env());
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(code);
    }
    expect(await eventCounts(server())).toEqual(before);

    for (const args of [
      ['export', '--batch-export', '--env', 'production'],
      ['diff', 'development', 'production', '--batch-export'],
    ]) {
      const batch = await flagctl(args, env());
      expect(batch.code, batch.stderr).toBe(2);
      expect(batch.stdout).toBe('');
      expect(batch.stderr).toContain('--batch-export: removed: ');
    }
    expect(await eventCounts(server())).toEqual(before);
    const reads = await flagctl(['export', '--env', 'production'], env());
    const snap = JSON.parse(reads.stdout);
    expect(snap.segments).toEqual([{ name: SEGMENT, constraints: [CONSTRAINT] }]);
    expect(snap.features).toHaveLength(30);
  }, 120_000);

  it('a changed segment constraint is drift: exit 3, the segment named once with the features that use it', async () => {
    const s = server();
    const file = join(dir, `segment-v${version}.json`);
    const exported = await flagctl(['export', '--env', 'production'], env());
    writeFileSync(file, exported.stdout);
    const put = (values: string[]) =>
      admin(s, 'PUT', `/api/admin/segments/${s.segmentId}`, {
        name: SEGMENT,
        constraints: [{ ...CONSTRAINT, values }],
      });
    await put(['alice', 'bob', 'mallory']);
    try {
      const json = await flagctl(['diff', `@${file}`, 'production', '-o', 'json'], env());
      expect(json.code).toBe(3);
      expect(JSON.parse(json.stdout)).toEqual({
        changes: [],
        segments: [
          {
            segment: SEGMENT,
            change: 'changed',
            features: USERS,
            fields: [
              { path: 'constraints[userId IN].values', left: ['alice', 'bob'], right: ['alice', 'bob', 'mallory'] },
            ],
          },
        ],
      });
      const text = await flagctl(['diff', `@${file}`, 'production'], env());
      expect(text.code).toBe(3);
      expect(text.stdout).toContain(`~ segment ${SEGMENT} (used by ${USERS.join(', ')}) (changed)\n`);
      expect(text.stdout.endsWith(`1 segment differs: ${SEGMENT} (used by ${USERS.join(', ')})\n`)).toBe(true);
      expect(text.stderr).toBe('');
    } finally {
      await put(['alice', 'bob']);
    }
    const reverted = await flagctl(['diff', `@${file}`, 'production'], env());
    expect(reverted.code).toBe(0);
  }, 120_000);
});
