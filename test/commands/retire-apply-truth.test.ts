import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  symlinkSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { planWriter } from '../support/retire-cli.js';
import { main } from '../../src/main.js';
import { planDigest, type Plan } from '../../src/retire/model.js';
import { SkippingClock } from '../support/clock.js';
import { sendJson, useFixtureServer } from '../support/fixture-server.js';
import { runCli, testIO, type TestIOOptions } from '../support/io.js';
import { archiveNow, NOW, serveCleanup, type FixtureFlag } from '../support/retire-fixture.js';

// A write never lies: an answer that proves nothing (a 504 after forwarding, a timeout, a reset)
// leaves each flag unknown until a read says what happened; the record is written after every
// batch and in every case; a closed stdout or a signal keeps the exit code; no token is written.

const server = useFixtureServer();
const dir = mkdtempSync(join(tmpdir(), 'flagctl-retire-truth-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// The scanned tree: empty, so that no plan or result file written beside it counts as a reference.
const tree = join(dir, 'tree');
mkdirSync(tree);

const TOKEN = '*:*.truth-secret-0123456789';
const clock = (busy?: () => boolean) => {
  const c = new SkippingClock(busy);
  c.advance(NOW);
  return c;
};
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN, FLAGCTL_CONFIG_DIR: '/nonexistent' });
const cli = (args: string[], opts: TestIOOptions = {}) => runCli(args, { env: env(), clock: clock(), ...opts });
const named = (n: number, prefix = 'f') =>
  Array.from({ length: n }, (_, i): FixtureFlag => ({ name: `${prefix}-${String(i).padStart(4, '0')}`, stale: true }));

interface Result {
  kind: string;
  complete: boolean;
  archived: string[];
  revived?: string[];
  skipped: { name: string; reason: string }[];
  failed: { name: string; message: string }[];
  unverified: { name: string; message: string }[];
  unclear: { name: string; message: string }[];
  notAttempted: string[];
  interrupted: boolean;
}
const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Result;

const writePlan = planWriter({ server, dir, tree, cli });

describe('retire apply: an unclear answer', () => {
  it('a 504 after the server archived: verified archived, noted unclear, exit 0', async () => {
    const flags = named(3);
    const path = await writePlan(flags);
    const c = serveCleanup(server, flags);
    c.afterWrite = (_p, _n, res) => (sendJson(res, 504, { message: 'gateway timeout' }), true);
    const result = join(dir, 'r504.json');
    const r = await cli(['retire', 'apply', path, '--yes', '--result', result]);
    expect(r.code, r.stderr).toBe(0);
    const doc = read(result);
    expect(doc.archived).toEqual(flags.map((f) => f.name));
    expect(doc.failed).toEqual([]);
    expect(doc.unverified).toEqual([]);
    expect(doc.unclear.map((u) => u.name)).toEqual(flags.map((f) => f.name));
    expect(doc.unclear[0]!.message).toContain('HTTP 504');
    expect(r.stdout).toMatch(/f-0000\s+archived\s+.*unclear/);
  });

  it('a timeout, and the server archives later: verification waits (on the clock) and finds them archived', async () => {
    const flags = named(2);
    const path = await writePlan(flags);
    const c = serveCleanup(server, flags);
    let lists = 0;
    const held: (() => void)[] = [];
    c.onArchive = () => new Promise<void>((resolve) => held.push(resolve)); // no answer before --timeout
    c.onList = () => {
      // The first read after the writes still sees them active; the server finishes before the second.
      if (c.writes.length > 0 && ++lists === 2)
        archiveNow(
          c,
          flags.map((f) => f.name),
        );
    };
    // Time stands still until the archive is sent and while a request other than the held ones is
    // being answered: the reads apply makes side by side before writing must not time out.
    const t = clock(() => c.writes.length === 0 || server.inFlight > held.length);
    const result = join(dir, 'rlate.json');
    const r = await runCli(['retire', 'apply', path, '--yes', '--result', result, '--timeout', '5'], {
      env: env(),
      clock: t,
      timeouts: t,
    });
    held.forEach((h) => h());
    expect(r.code, r.stderr).toBe(0);
    const doc = read(result);
    expect(doc.archived).toEqual(flags.map((f) => f.name));
    expect(doc.unclear.map((u) => u.name)).toEqual(flags.map((f) => f.name));
    expect(doc.failed).toEqual([]);
  });

  it('a timeout and nothing archived within the wait: unverified (not failed), exit 1, and a re-run finishes the job', async () => {
    const flags = named(2);
    const path = await writePlan(flags);
    const c = serveCleanup(server, flags);
    const held: (() => void)[] = [];
    c.onArchive = () => new Promise<void>((resolve) => held.push(resolve));
    const t = clock(() => c.writes.length === 0 || server.inFlight > held.length);
    const result = join(dir, 'rnever.json');
    const r = await runCli(['retire', 'apply', path, '--yes', '--result', result, '--timeout', '5'], {
      env: env(),
      clock: t,
      timeouts: t,
    });
    expect(r.code).toBe(1);
    const doc = read(result);
    expect(doc.archived).toEqual([]);
    expect(doc.failed).toEqual([]);
    expect(doc.unverified.map((u) => u.name)).toEqual(flags.map((f) => f.name));
    expect(r.stderr).toContain('2 unverified');
    c.onArchive = undefined;
    held.forEach((h) => h()); // the held requests now archive
    const again = await cli(['retire', 'apply', path, '--yes', '-o', 'json']);
    expect(again.code, again.stderr).toBe(0);
  });

  it('a proven refusal (403) is failed; a 500 on a write is unclear and verified', async () => {
    const flags = named(2);
    const path = await writePlan(flags);
    const c = serveCleanup(server, flags);
    c.refuse.set('f-0000', { status: 500, name: 'InternalError', message: 'db' });
    const r = await cli(['retire', 'apply', path, '--yes', '-o', 'json']);
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout) as Result;
    expect(doc.failed).toEqual([]);
    expect(doc.unverified.map((u) => u.name)).toEqual(['f-0000', 'f-0001']);
    expect(doc.unverified[0]!.message).toContain('HTTP 500');
  });
});

describe('retire apply: a record in every case', () => {
  it('a 500 on the verification reads: the table and the file, with the batch as unverified, exit 1', async () => {
    const flags = named(8);
    const path = await writePlan(flags);
    const c = serveCleanup(server, flags);
    // The history after the writes fails, and so does the list read in its place.
    c.onEvents = () => (c.writes.length > 0 ? { status: 500, body: { message: 'boom' } } : undefined);
    c.onList = () => (c.writes.length > 0 ? { status: 500, body: { message: 'boom' } } : undefined);
    const result = join(dir, 'r500.json');
    const r = await cli(['retire', 'apply', path, '--yes', '--result', result]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/f-0000\s+unverified/);
    const doc = read(result);
    expect(doc.unverified.map((u) => u.name)).toEqual(flags.map((f) => f.name));
    expect(doc.unverified[0]!.message).toContain('HTTP 500');
    expect(doc.complete).toBe(true);
    // The undo takes the unverified names as candidates.
    c.onList = undefined;
    c.onEvents = undefined;
    const back = await cli(['features', 'revive', '--from', result, '-o', 'json']);
    expect(back.code, back.stderr).toBe(0);
    expect((JSON.parse(back.stdout) as Result).revived).toEqual(flags.map((f) => f.name));
  });

  it('a 500 on the history after the writes: the list is read in its place, and a flag gone from it is unverified (archived or deleted is not known), exit 1', async () => {
    const flags = named(3);
    const path = await writePlan(flags);
    const c = serveCleanup(server, flags);
    c.onEvents = () => (c.writes.length > 0 ? { status: 500, body: { message: 'boom' } } : undefined);
    const result = join(dir, 'r500-history.json');
    const r = await cli(['retire', 'apply', path, '--yes', '--result', result]);
    expect(r.code).toBe(1);
    const doc = read(result);
    expect(doc.archived).toEqual([]);
    expect(doc.unverified.map((u) => u.name)).toEqual(flags.map((f) => f.name));
    expect(doc.unverified[0]!.message).toMatch(
      /left the active list, but whether it is archived could not be checked: .*HTTP 500/,
    );
    const lists = server.requests.filter((q) => q.url === '/api/admin/projects/default/features');
    expect(lists).toHaveLength(2); // the judgement's, and verification's in place of the history
  });

  it('the history shows one flag not archived and the list read for it fails: the rest archived, that one unverified, exit 1', async () => {
    const flags = named(3);
    const path = await writePlan(flags);
    const c = serveCleanup(server, flags);
    c.deleteAfterArchive = new Set(['f-0001']);
    c.onList = () => (c.writes.length > 0 ? { status: 500, body: { message: 'boom' } } : undefined);
    const r = await cli(['retire', 'apply', path, '--yes', '-o', 'json']);
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout) as Result;
    expect(doc.archived).toEqual(['f-0000', 'f-0002']);
    expect(doc.unverified.map((u) => u.name)).toEqual(['f-0001']);
    expect(doc.unverified[0]!.message).toMatch(/^sent and accepted, but the read that verifies it failed \(.*HTTP 500/);
  });

  it('every flag archived by the history: no second list is read; a 500 on that list would not matter', async () => {
    const flags = named(3);
    const path = await writePlan(flags);
    const c = serveCleanup(server, flags);
    c.onList = () => (c.writes.length > 0 ? { status: 500, body: { message: 'boom' } } : undefined);
    const r = await cli(['retire', 'apply', path, '--yes', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as Result).archived).toEqual(flags.map((f) => f.name));
    expect(server.requests.filter((q) => q.url === '/api/admin/projects/default/features')).toHaveLength(1);
  });

  it('the file is written before and after each batch, atomically: sent names and the batch in flight unverified, the rest not attempted', async () => {
    const flags = named(150);
    const path = await writePlan(flags);
    const c = serveCleanup(server, flags);
    const result = join(dir, 'progress', 'r.json');
    mkdirSync(join(dir, 'progress'));
    let seen: Result | undefined;
    c.onArchive = () => {
      if (c.writes.length === 2) seen = read(result);
    };
    const r = await cli(['retire', 'apply', path, '--yes', '--result', result]);
    expect(r.code, r.stderr).toBe(0);
    expect(seen!.complete).toBe(false);
    // While the 2nd batch (the last 50) is in flight, the record already names it: nothing runs after a SIGKILL.
    expect(seen!.unverified).toEqual([
      ...flags.slice(0, 100).map((f) => ({ name: f.name, message: 'sent and accepted; not verified yet' })),
      ...flags.slice(100).map((f) => ({ name: f.name, message: 'sent; no answer yet, so not verified' })),
    ]);
    expect(seen!.notAttempted).toEqual([]);
    expect(read(result)).toMatchObject({ complete: true, archived: flags.map((f) => f.name), unverified: [] });
    expect(readdirSync(join(dir, 'progress'))).toEqual(['r.json']);
  });

  it('SIGTERM (the abort reason) stops as Ctrl-C does and exits 143; SIGHUP 129', async () => {
    for (const [sig, code] of [
      ['SIGTERM', 143],
      ['SIGHUP', 129],
    ] as const) {
      server.reset();
      const flags = named(150, sig);
      const path = await writePlan(flags);
      const c = serveCleanup(server, flags);
      const ctl = new AbortController();
      c.onArchive = () => ctl.abort(sig);
      const io = testIO({ env: env(), clock: clock() });
      io.interrupt = { hold: () => ({ signal: ctl.signal, release: () => undefined }) };
      const result = join(dir, `${sig}.json`);
      expect(await main(['retire', 'apply', path, '--yes', '--result', result], io), io.err.text).toBe(code);
      expect(c.writes).toHaveLength(1);
      const doc = read(result);
      expect(doc.archived).toHaveLength(100);
      expect(doc.notAttempted).toHaveLength(50);
      expect(doc.interrupted).toBe(true);
    }
  });
});

/** A stdout whose reader has gone: every write fails with EPIPE. */
class ClosedPipe extends Writable {
  override _write(_c: Buffer | string, _e: BufferEncoding, done: (err?: Error) => void): void {
    done(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
  }
}

describe('a closed stdout', () => {
  it('retire apply refused on every flag keeps exit 1 and its stderr summary', async () => {
    const flags = named(3);
    const path = await writePlan(flags);
    const c = serveCleanup(server, flags);
    for (const f of flags) c.refuse.set(f.name, 'You need permission ARCHIVE_FEATURE');
    const io = testIO({ env: env(), clock: clock() });
    io.stdout = new ClosedPipe();
    const code = await main(['retire', 'apply', path, '--yes'], io);
    expect(code).toBe(1);
    expect(io.err.text).toContain('0 archived, 0 skipped, 3 failed');
  });

  it('features revive of a name that is no archived flag (a typo) exits 5 with nothing sent, even beside good names', async () => {
    const c = serveCleanup(server, named(2));
    c.archived.set('f-0001', c.active.get('f-0001')!);
    c.active.delete('f-0001');
    const io = testIO({ env: env(), clock: clock() });
    io.stdout = new ClosedPipe();
    expect(await main(['features', 'revive', 'f-0001', 'no-such-flag', '--result', join(dir, 'typo.json')], io)).toBe(
      5,
    );
    expect(io.err.text).toContain('no-such-flag');
    expect(io.err.text).toContain('not an archived flag of project default');
    expect(c.writes).toEqual([]);
    expect(existsSync(join(dir, 'typo.json'))).toBe(false);
  });

  it('features revive --from skips, unsent, a name the record lists that is no longer an archived flag', async () => {
    const c = serveCleanup(server, named(2));
    for (const n of ['f-0000', 'f-0001']) {
      c.archived.set(n, c.active.get(n)!);
      c.active.delete(n);
    }
    const record = join(dir, 'gone.json');
    writeFileSync(
      record,
      JSON.stringify({
        kind: 'flagctl-retire-result',
        version: 1,
        server: server.url,
        project: 'default',
        archived: ['f-0000', 'f-0001'],
      }),
    );
    c.archived.delete('f-0001'); // deleted since the record
    const r = await cli(['features', 'revive', '--from', record, '-o', 'json']);
    const out = JSON.parse(r.stdout) as { revived: string[]; skipped: { name: string; reason: string }[] };
    expect(out.revived).toEqual(['f-0000']);
    expect(out.skipped).toEqual([
      { name: 'f-0001', reason: expect.stringContaining('not an archived flag of project default') },
    ]);
    expect(c.writes.flatMap((w) => w.features)).toEqual(['f-0000']);
  });
});

describe('no token in anything written', () => {
  const encoded = encodeURIComponent(TOKEN);
  const base64 = Buffer.from(TOKEN).toString('base64').replace(/=+$/, '');
  const echo = `You may not archive. Your authorization: ${TOKEN} (${encoded}) ${JSON.stringify({ authorization: TOKEN }).replace(/"/g, '\\u0022')} [${base64}]`;
  const secretFree = (text: string) => {
    expect(text).not.toContain('truth-secret');
    expect(text).not.toContain('truth%2Dsecret');
    expect(text).not.toContain(base64);
  };

  it('apply: a 403 that echoes the authorization header reaches no stdout, stderr or result file', async () => {
    const flags = named(2);
    const path = await writePlan(flags);
    const c = serveCleanup(server, flags);
    c.refuse.set('f-0000', { status: 403, name: 'NoAccessError', message: echo });
    const result = join(dir, 'rsecret.json');
    for (const format of ['json', 'table']) {
      const r = await cli(['retire', 'apply', path, '--yes', '--result', result, '-o', format]);
      expect(r.code).toBe(1);
      secretFree(r.stdout);
      secretFree(r.stderr);
      secretFree(readFileSync(result, 'utf8'));
      expect(readFileSync(result, 'utf8')).toContain('You may not archive');
    }
  });

  it('revive -o json: the same', async () => {
    const c = serveCleanup(server, named(1));
    c.archived.set('f-0000', c.active.get('f-0000')!);
    c.active.delete('f-0000');
    c.afterWrite = (_p, _n, res) => (sendJson(res, 403, { name: 'NoAccessError', message: echo }), true);
    const r = await cli(['features', 'revive', 'f-0000', '-o', 'json']);
    secretFree(r.stdout);
    secretFree(r.stderr);
  });
});

describe('features revive', () => {
  const archivedAll = (n: number) => {
    const flags = named(n);
    const c = serveCleanup(server, flags);
    for (const f of flags) {
      c.archived.set(f.name, c.active.get(f.name)!);
      c.active.delete(f.name);
    }
    return { c, names: flags.map((f) => f.name) };
  };

  it('a 504 after forwarding: its own read shows them active: revived, noted unclear', async () => {
    const { c, names } = archivedAll(3);
    c.afterWrite = (_p, _n, res) => (sendJson(res, 504, { message: 'gateway timeout' }), true);
    const r = await cli(['features', 'revive', ...names, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as Result;
    expect(doc.revived).toEqual(names);
    expect(doc.failed).toEqual([]);
    expect(doc.unclear.map((u) => u.name)).toEqual(names);
  });

  it('a reset on the 3rd of 11 batches: the table and the file say what was revived, unverified and not attempted', async () => {
    const { c, names } = archivedAll(1050);
    let n = 0;
    c.onRevive = (batch) => {
      if (batch[0] === names[200]) n++;
    };
    c.afterWrite = (_p, batch, _res, req) => {
      if (batch[0] !== names[200]) return false;
      req.socket.destroy();
      return true;
    };
    const result = join(dir, 'revive-reset.json');
    const r = await cli(['features', 'revive', ...names, '--result', result]);
    expect(n).toBeGreaterThan(0);
    // The batch was carried out before the reset: verified revived, every batch after it sent.
    expect(r.code, r.stderr).toBe(0);
    const doc = read(result);
    expect(doc.revived).toHaveLength(1050);
    expect(doc.unclear.map((u) => u.name)).toEqual(names.slice(200, 300));
    expect(r.stdout).toMatch(/f-0200\s+revived/);
  });

  it('a reset before the server acted on the 3rd of 11 batches: those 100 unverified (exit 1), the rest revived, the table and the file written', async () => {
    const { c, names } = archivedAll(1050);
    c.dropRevive = (batch) => batch[0] === names[200];
    const result = join(dir, 'revive-dropped.json');
    const r = await cli(['features', 'revive', ...names, '--result', result]);
    expect(r.code).toBe(1);
    const doc = read(result);
    expect(doc.revived).toEqual([...names.slice(0, 200), ...names.slice(300)]);
    expect(doc.unverified.map((u) => u.name)).toEqual(names.slice(200, 300));
    expect(doc.unverified[0]!.message).toMatch(/not active 15 s later/);
    expect(doc.failed).toEqual([]);
    expect(r.stdout).toMatch(/f-0200\s+unverified/);
    expect(r.stderr).toContain('950 revived, 0 skipped, 0 failed, 100 unverified.');
  });

  it('SIGTERM during a batch: the batch finishes, none after it, exit 143 with the record', async () => {
    const { c, names } = archivedAll(150);
    const ctl = new AbortController();
    c.onRevive = () => ctl.abort('SIGTERM');
    const io = testIO({ env: env(), clock: clock() });
    io.interrupt = { hold: () => ({ signal: ctl.signal, release: () => undefined }) };
    const result = join(dir, 'revive-term.json');
    expect(await main(['features', 'revive', ...names, '--result', result], io), io.err.text).toBe(143);
    expect(c.writes).toHaveLength(1);
    const doc = read(result);
    expect(doc).toMatchObject({ interrupted: true, complete: true });
    expect(doc.revived).toEqual(names.slice(0, 100));
    expect(doc.notAttempted).toEqual(names.slice(100));
  });

  it('an already active flag is skipped as "already active", not revived', async () => {
    const c = serveCleanup(server, named(2));
    c.archived.set('f-0001', c.active.get('f-0001')!);
    c.active.delete('f-0001');
    const r = await cli(['features', 'revive', 'f-0000', 'f-0001', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as Result;
    expect(doc.revived).toEqual(['f-0001']);
    expect(doc.skipped).toEqual([{ name: 'f-0000', reason: 'already active' }]);
    expect(c.writes).toEqual([{ path: 'revive', features: ['f-0001'] }]);
  });
});

describe('the record file', () => {
  it('through a symlink: the file it points at is replaced, the link kept; no temporary file is left', async () => {
    const { writeRecord } = await import('../../src/retire/result-file.js');
    const folder = join(dir, 'link');
    mkdirSync(folder);
    writeFileSync(join(folder, 'real.json'), 'old');
    symlinkSync(join(folder, 'real.json'), join(folder, 'link.json'));
    await writeRecord(join(folder, 'link.json'), { a: 1 });
    expect(lstatSync(join(folder, 'link.json')).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(join(folder, 'real.json'), 'utf8'))).toEqual({ a: 1 });
    expect(readdirSync(folder).sort()).toEqual(['link.json', 'real.json']);
  });
});

describe('smaller', () => {
  it('Ctrl-C at the [y/N] prompt cancels at once: exit 130, nothing sent, even if y is typed later', async () => {
    const flags = named(2);
    const path = await writePlan(flags);
    const c = serveCleanup(server, flags);
    const stdin = new PassThrough();
    const io = testIO({ env: env(), clock: clock(), stdinIsTTY: true, stderrIsTTY: true });
    io.stdin = stdin;
    const ctl = new AbortController();
    io.interrupt = { hold: () => ({ signal: ctl.signal, release: () => undefined }) };
    const running = main(['retire', 'apply', path], io);
    while (!io.err.text.includes('[y/N]')) await new Promise((r) => setImmediate(r));
    ctl.abort('SIGINT');
    expect(await running).toBe(130);
    stdin.write('y\n');
    await new Promise((r) => setImmediate(r));
    expect(c.writes).toEqual([]);
  });

  it('a plan listing a name twice is refused (exit 2), nothing sent', async () => {
    const flags = named(2);
    const path = await writePlan(flags);
    const plan = JSON.parse(readFileSync(path, 'utf8')) as Plan;
    plan.flags.push(plan.flags[0]!);
    plan.digest = planDigest(plan);
    const twice = join(dir, 'twice.json');
    writeFileSync(twice, JSON.stringify(plan));
    const r = await cli(['retire', 'apply', twice, '--yes']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('"f-0000"');
    expect(r.stderr).toContain('twice');
    expect(server.requests).toEqual([]);
  });

  it('--debug shows every name of a write', async () => {
    const flags = named(7);
    const path = await writePlan(flags);
    serveCleanup(server, flags);
    const r = await cli(['retire', 'apply', path, '--yes', '--debug']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`{features: 7 names: ${flags.map((f) => f.name).join(', ')}}`);
    const back = await cli(['features', 'revive', 'f-0006', '--debug']);
    expect(back.stderr).toContain('{features: 1 name: f-0006}');
  });
});
