import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { activeNames, post, stoppableApply, tidy, useOwnServers, versions, type Server } from './own-servers.js';
import { BIN, flagctl, NODE, target } from './cli.js';
import { FaultRelay, type Fault, type Seen } from './fault-relay.js';

// A write never lies, against real Unleash servers of its own, through a fault relay on
// 127.0.0.1: every case ends with a result file that says what the server really did, and
// the documented exit code. Each case makes its own stale flags and leaves none of them active,
// so that the next case's plan holds only its own.

const own = useOwnServers('retire-truth');
const dir = own.dir;
const tree = join(dir, 'src');
mkdirSync(tree);

/** `n` stale flags named `<prefix>-000`…, created ten at a time. */
async function staleFlags(s: Server, prefix: string, n: number): Promise<string[]> {
  const names = Array.from({ length: n }, (_, i) => `${prefix}-${String(i).padStart(3, '0')}`);
  for (let i = 0; i < names.length; i += 10) {
    await Promise.all(
      names.slice(i, i + 10).map((name) => post(s, '/api/admin/projects/default/features', { name, type: 'release' })),
    );
  }
  await post(s, '/api/admin/projects/default/stale', { features: names, stale: true });
  return names;
}

/** The plan, made through the relay: a plan names its server, and apply refuses another URL. */
async function planFile(s: Server, relay: FaultRelay, name: string): Promise<string> {
  const plan = await flagctl(['retire', 'plan', tree, '-o', 'json'], target(relay, s.adminToken));
  expect(plan.code, plan.stderr).toBe(0);
  const path = join(dir, `${name}.json`);
  writeFileSync(path, plan.stdout);
  return path;
}

async function relayed(s: Server, fault: (q: Seen) => Fault | undefined): Promise<FaultRelay> {
  return new FaultRelay(s.url, fault).start();
}

interface Result {
  archived: string[];
  revived?: string[];
  skipped: { name: string; reason: string }[];
  failed: { name: string; message: string }[];
  unverified: { name: string; message: string }[];
  unclear: { name: string; message: string }[];
  notAttempted: string[];
  interrupted: boolean;
  complete: boolean;
}
const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Result;
const isArchive = (q: Seen) => q.method === 'POST' && q.path === '/api/admin/projects/default/archive';
const isRevive = (q: Seen) => q.method === 'POST' && q.path === '/api/admin/projects/default/revive';
const isList = (q: Seen) => q.method === 'GET' && q.path === '/api/admin/projects/default/features';
const isEvents = (q: Seen) => q.method === 'GET' && q.path.startsWith('/api/admin/search/events?');

describe.each(versions)('a write never lies on Unleash %s', (version) => {
  const server = () => own.server(version);

  it('a 504 after forwarding: verified archived, noted unclear, exit 0', async () => {
    const s = server();
    const names = await staleFlags(s, 'g504', 3);
    const relay = await relayed(s, (q) => (isArchive(q) ? { kind: 'after', status: 504 } : undefined));
    const plan = await planFile(s, relay, `p504-${version}`);
    try {
      const result = join(dir, `r504-${version}.json`);
      const r = await flagctl(['retire', 'apply', plan, '--yes', '--result', result], target(relay, s.adminToken));
      expect(r.code, r.stderr).toBe(0);
      const doc = read(result);
      expect(doc.archived.sort()).toEqual(names);
      expect(doc.unclear.map((u) => u.name).sort()).toEqual(names);
      expect(doc.failed).toEqual([]);
      expect(await activeNames(s)).not.toContain(names[0]);
    } finally {
      await relay.stop();
      await tidy(s, names);
    }
  });

  it('a timeout followed by a late archive: verification waits and finds them archived', async () => {
    const s = server();
    const names = await staleFlags(s, 'glate', 2);
    // The first archive request reaches the server only after flagctl gave up on every attempt (--timeout 1).
    const relay = await relayed(s, (q) => (isArchive(q) ? { kind: 'hold-request', ms: 6000 } : undefined));
    const plan = await planFile(s, relay, `plate-${version}`);
    try {
      const result = join(dir, `rlate-${version}.json`);
      const r = await flagctl(
        ['retire', 'apply', plan, '--yes', '--result', result, '--timeout', '1', '--debug'],
        target(relay, s.adminToken),
      );
      expect(r.code, r.stderr).toBe(0);
      const doc = read(result);
      expect(doc.archived.sort()).toEqual(names);
      expect(doc.unclear.map((u) => u.name).sort()).toEqual(names);
      expect(r.stderr).toContain('with an unclear answer still active: reading again');
    } finally {
      await relay.stop();
      await tidy(s, names);
    }
  }, 60_000);

  it('a 500 on the verification read: the table and the file, the flags unverified, exit 1; a re-run and revive --from finish and undo', async () => {
    const s = server();
    const names = await staleFlags(s, 'g500', 4);
    let written = false;
    const relay = await relayed(s, (q) => {
      if (isArchive(q)) written = true;
      // Both verifying reads: the history after the writes, and the list read in its place.
      return (isList(q) || isEvents(q)) && written
        ? { kind: 'instead', status: 500, body: '{"name":"InternalError","message":"verification read failed"}' }
        : undefined;
    });
    const plan = await planFile(s, relay, `p500-${version}`);
    try {
      const result = join(dir, `r500-${version}.json`);
      const r = await flagctl(['retire', 'apply', plan, '--yes', '--result', result], target(relay, s.adminToken));
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(/g500-000\s+unverified/);
      const doc = read(result);
      expect(doc.unverified.map((u) => u.name).sort()).toEqual(names);
      expect(doc.archived).toEqual([]);
      // The server did archive them.
      expect(await activeNames(s)).not.toContain(names[0]);
      relay.enabled = false;
      const again = await flagctl(['retire', 'apply', plan, '--yes', '-o', 'json'], target(relay, s.adminToken));
      expect(again.code, again.stderr).toBe(0);
      expect((JSON.parse(again.stdout) as Result).skipped.map((x) => x.reason)).toEqual(
        Array(4).fill('already archived'),
      );
      const back = await flagctl(['features', 'revive', '--from', result, '-o', 'json'], target(relay, s.adminToken));
      expect(back.code, back.stderr).toBe(0);
      expect((JSON.parse(back.stdout) as Result).revived!.sort()).toEqual(names);
    } finally {
      await relay.stop();
      await tidy(s, names);
    }
  });

  it('SIGTERM in the middle of a batch: the batch finishes, none after it, exit 143 with a true record; a re-run finishes; revive with a reset mid-run', async () => {
    const s = server();
    const names = await staleFlags(s, 'gterm', 250);
    const result = join(dir, `rterm-${version}.json`);
    const apply = stoppableApply();
    const relay = await relayed(s, (q) =>
      isArchive(q) && q.n === 0 ? { kind: 'before', run: apply.terminate } : undefined,
    );
    const plan = await planFile(s, relay, `pterm-${version}`);
    try {
      const { code } = await apply.run(plan, result, target(relay, s.adminToken));
      expect(code).toBe(143);
      const doc = read(result);
      expect(doc).toMatchObject({ interrupted: true, complete: true });
      expect(doc.archived).toHaveLength(100);
      expect(doc.notAttempted).toHaveLength(150);
      expect(relay.seen.filter(isArchive)).toHaveLength(1);
      expect((await activeNames(s)).filter((n) => n.startsWith('gterm-'))).toHaveLength(150);
      // A later apply of the same plan finishes the job.
      relay.enabled = false;
      const again = await flagctl(['retire', 'apply', plan, '--yes', '-o', 'json'], target(relay, s.adminToken));
      expect(again.code, again.stderr).toBe(0);
      expect((JSON.parse(again.stdout) as Result).archived).toHaveLength(150);
    } finally {
      await relay.stop();
    }
    // Revive all 250 in 3 batches; the connection of the 2nd is reset after the server acted, on every attempt.
    const reset = await relayed(s, (q) =>
      isRevive(q) && q.body.includes(`"${names[100]}"`) ? { kind: 'reset-after' } : undefined,
    );
    try {
      const revived = join(dir, `revive-reset-${version}.json`);
      const r = await flagctl(['features', 'revive', ...names, '--result', revived], target(reset, s.adminToken));
      expect(r.code, r.stderr).toBe(0);
      const doc = read(revived);
      expect(doc.revived).toHaveLength(250);
      expect(doc.unclear.map((u) => u.name)).toEqual(names.slice(100, 200));
      expect(reset.seen.filter(isRevive).length).toBeGreaterThanOrEqual(3);
      expect(r.stdout).toMatch(/gterm-000\s+revived/);
    } finally {
      await reset.stop();
      await tidy(s, names);
    }
  }, 180_000);

  it('a closed stdout: apply refused on every flag exits 1 and keeps its stderr summary', async () => {
    const s = server();
    const names = await staleFlags(s, 'gpipe', 2);
    const relay = await relayed(s, (q) =>
      isArchive(q)
        ? {
            kind: 'instead',
            status: 403,
            body: '{"name":"NoAccessError","message":"You need permission DELETE_FEATURE"}',
          }
        : undefined,
    );
    const plan = await planFile(s, relay, `ppipe-${version}`);
    try {
      const child = spawn(NODE, [BIN, 'retire', 'apply', plan, '--yes'], {
        env: {
          PATH: process.env.PATH ?? '',
          HOME: '/nonexistent',
          FLAGCTL_CONFIG_DIR: '/nonexistent/flagctl',
          ...target(relay, s.adminToken),
        },
      });
      child.stdout.destroy(); // as `| true`
      let err = '';
      child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
      expect(await new Promise((resolve) => child.on('close', resolve))).toBe(1);
      expect(err).toContain('0 archived, 0 skipped, 2 failed.');
    } finally {
      await relay.stop();
      await tidy(s, names);
    }
  });

  it('a 403 that echoes the token: not in stdout, stderr or the result file, in apply and revive', async () => {
    const s = server();
    const names = await staleFlags(s, 'gecho', 2);
    const echo = (q: Seen) =>
      JSON.stringify({
        name: 'NoAccessError',
        message: `denied for ${q.authorization} (${encodeURIComponent(q.authorization)})`,
        details: [{ message: JSON.stringify({ authorization: q.authorization }) }],
      });
    const relay = await relayed(s, (q) =>
      isArchive(q) || isRevive(q) ? { kind: 'instead', status: 403, body: echo(q) } : undefined,
    );
    const secret = s.adminToken.split('.').pop()!;
    const clean = (text: string) => {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(encodeURIComponent(secret));
    };
    const plan = await planFile(s, relay, `pecho-${version}`);
    try {
      const result = join(dir, `recho-${version}.json`);
      const r = await flagctl(
        ['retire', 'apply', plan, '--yes', '--result', result, '-o', 'json'],
        target(relay, s.adminToken),
      );
      expect(r.code).toBe(1);
      clean(r.stdout);
      clean(r.stderr);
      clean(readFileSync(result, 'utf8'));
      expect(
        read(result)
          .failed.map((f) => f.name)
          .sort(),
      ).toEqual(names);
      await tidy(s, names);
      const back = await flagctl(['features', 'revive', ...names, '-o', 'json'], target(relay, s.adminToken));
      expect(back.code).toBe(1);
      clean(back.stdout);
      clean(back.stderr);
    } finally {
      await relay.stop();
      await tidy(s, names);
    }
  });

  it('revive: a 504 after forwarding is verified revived; an already active flag is "already active"', async () => {
    const s = server();
    const names = await staleFlags(s, 'grev', 3);
    await post(s, '/api/admin/projects/default/archive', { features: names.slice(0, 2) });
    const relay = await relayed(s, (q) => (isRevive(q) ? { kind: 'after', status: 504 } : undefined));
    try {
      const r = await flagctl(['features', 'revive', ...names, '-o', 'json'], target(relay, s.adminToken));
      expect(r.code, r.stderr).toBe(0);
      const doc = JSON.parse(r.stdout) as Result;
      expect(doc.revived!.sort()).toEqual(names.slice(0, 2));
      expect(doc.unclear.map((u) => u.name).sort()).toEqual(names.slice(0, 2));
      expect(doc.skipped).toEqual([{ name: names[2], reason: 'already active' }]);
    } finally {
      await relay.stop();
      await tidy(s, names);
    }
  });
});
