import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  activeNames,
  post,
  stoppableApply,
  tidy,
  useOwnServers,
  useSwitchingRelay,
  versions,
  type Server,
} from './own-servers.js';
import { adminGet, flagctl, target } from './cli.js';
import { FaultRelay, type Seen } from './fault-relay.js';

// A second hostile look at the writes, on real servers of its own (they archive and revive):
// a signal while the writes are verified, a --result file that cannot be written, and
// `features revive --from` through a URL that now answers for another instance.

const own = useOwnServers('retire-audit');
const dir = own.dir;
const tree = join(dir, 'src');
mkdirSync(tree);

async function staleFlags(s: Server, names: string[]): Promise<string[]> {
  for (const name of names) await post(s, '/api/admin/projects/default/features', { name, type: 'release' });
  await post(s, '/api/admin/projects/default/stale', { features: names, stale: true });
  return names;
}
const namesOf = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}-${String(i).padStart(3, '0')}`);

async function planThrough(url: string, token: string, name: string): Promise<string> {
  const plan = await flagctl(['retire', 'plan', tree, '-o', 'json'], { FLAGCTL_URL: url, FLAGCTL_TOKEN: token });
  expect(plan.code, plan.stderr).toBe(0);
  const path = join(dir, `${name}.json`);
  writeFileSync(path, plan.stdout);
  return path;
}

const isArchive = (q: Seen) => q.method === 'POST' && q.path === '/api/admin/projects/default/archive';
const isEvents = (q: Seen) => q.method === 'GET' && q.path.startsWith('/api/admin/search/events?');
const read = (path: string) =>
  JSON.parse(readFileSync(path, 'utf8')) as {
    archived: string[];
    revived?: string[];
    interrupted: boolean;
    signal?: string;
    complete: boolean;
    instance?: string | null;
  };

describe.each(versions)('retire apply on Unleash %s', (version) => {
  const server = () => own.server(version);

  it('SIGTERM during the verifying read: exit 143, the record says interrupted and what was archived', async () => {
    const s = server();
    const names = await staleFlags(s, namesOf(`averify${version}`, 3));
    const apply = stoppableApply();
    let archived = false;
    const relay = await new FaultRelay(s.url, (q) => {
      if (isArchive(q)) archived = true;
      // The history is read before the writes (the judgement) and after them (the verification).
      if (!archived || !isEvents(q)) return undefined;
      return { kind: 'before', run: apply.terminate };
    }).start();
    const plan = await planThrough(relay.url, s.adminToken, `pverify-${version}`);
    try {
      const result = join(dir, `rverify-${version}.json`);
      const { code, stderr } = await apply.run(plan, result, target(relay, s.adminToken));
      expect(code, stderr).toBe(143);
      const doc = read(result);
      expect(doc).toMatchObject({ complete: true, interrupted: true, signal: 'SIGTERM' });
      expect(doc.archived.sort()).toEqual(names);
      const active = await activeNames(s);
      expect(names.filter((n) => active.includes(n))).toEqual([]);
    } finally {
      await relay.stop();
      await tidy(s, names);
    }
  }, 120_000);

  it('revive --from skips a flag revived and archived again since the record; revives the rest', async () => {
    const s = server();
    const names = await staleFlags(s, namesOf(`atouch${version}`, 2));
    const env = target(s, s.adminToken);
    const plan = await flagctl(['retire', 'plan', tree, '-o', 'json'], env);
    expect(plan.code, plan.stderr).toBe(0);
    const planPath = join(dir, `ptouch-${version}.json`);
    writeFileSync(planPath, plan.stdout);
    const result = join(dir, `rtouch-${version}.json`);
    try {
      const apply = await flagctl(['retire', 'apply', planPath, '--yes', '--result', result], env);
      expect(apply.code, apply.stderr).toBe(0);
      expect(read(result).archived.sort()).toEqual(names);
      // Someone revives the first and archives it again, for reasons of their own.
      await post(s, '/api/admin/projects/default/revive', { features: [names[0]] });
      await post(s, '/api/admin/projects/default/archive', { features: [names[0]] });
      const revive = await flagctl(['features', 'revive', '--from', result, '-o', 'json'], env);
      expect(revive.code, revive.stderr).toBe(0);
      const doc = JSON.parse(revive.stdout) as { revived: string[]; skipped: { name: string; reason: string }[] };
      expect(doc.revived).toEqual([names[1]]);
      expect(doc.skipped.map((x) => x.name)).toEqual([names[0]]);
      expect(doc.skipped[0]!.reason).toMatch(/^archived again since the record's archive/);
      const active = await activeNames(s);
      expect(names.filter((n) => active.includes(n))).toEqual([names[1]]);
    } finally {
      await tidy(s, names);
    }
  }, 120_000);

  it('a --result file that cannot be written: exit 1 before any archive, nothing archived', async () => {
    const s = server();
    const names = await staleFlags(s, namesOf(`afull${version}`, 2));
    const relay = await new FaultRelay(s.url).start();
    const plan = await planThrough(relay.url, s.adminToken, `pfull-${version}`);
    try {
      for (const result of ['/dev/full', join(dir, 'no-such-folder', 'r.json')]) {
        const r = await flagctl(['retire', 'apply', plan, '--yes', '--result', result], target(relay, s.adminToken));
        expect(r.code, r.stderr).toBe(1);
        expect(r.stderr).toContain(`${result} (--result)`);
        expect(r.stderr).toContain('nothing was archived');
      }
      expect(relay.seen.filter(isArchive)).toEqual([]);
      const active = await activeNames(s);
      expect(names.filter((n) => active.includes(n))).toEqual(names);
    } finally {
      await relay.stop();
      await tidy(s, names);
    }
  }, 120_000);
});

describe('features revive --from through a URL that now answers for another instance', () => {
  const relays = useSwitchingRelay();

  // Two instances are needed: the run's two servers. With one version booted this case cannot be made.
  it.skipIf(versions.length < 2)(
    'is refused with exit 2 and nothing revived on either',
    async () => {
      const [a, b] = own.servers() as [Server, Server];
      const relay = await relays.start(a);
      const { url, env } = relay;
      const names = ['a-elsewhere'];
      for (const s of [a, b]) await staleFlags(s, names);
      // On b the flag of the same name is archived too: revive there would bring it back.
      await post(b, '/api/admin/projects/default/archive', { features: names });

      const plan = await planThrough(url, 'relay-swaps-it', 'plan-instance');
      const result = join(dir, 'result-instance.json');
      const apply = await flagctl(['retire', 'apply', plan, '--yes', '--result', result], env);
      expect(apply.code, apply.stderr).toBe(0);
      const doc = read(result);
      expect(doc.archived).toEqual(names);
      const idA = ((await adminGet(a, '/api/admin/ui-config')) as { versionInfo: { instanceId: string } }).versionInfo
        .instanceId;
      expect(doc.instance).toBe(idA);

      relay.point(b);
      const revive = await flagctl(['features', 'revive', '--from', result], env);
      expect(revive.code, revive.stderr).toBe(2);
      expect(revive.stderr).toContain('another server; nothing was revived');
      expect(await activeNames(b)).not.toContain('a-elsewhere');
      expect(await activeNames(a)).not.toContain('a-elsewhere');
      // Back on the instance of the record: revived.
      relay.point(a);
      const undo = await flagctl(['features', 'revive', '--from', result], env);
      expect(undo.code, undo.stderr).toBe(0);
      expect(await activeNames(a)).toContain('a-elsewhere');
      await tidy(a, names);
    },
    120_000,
  );
});
