import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { PassThrough } from 'node:stream';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { planWriter } from '../support/retire-cli.js';
import { main } from '../../src/main.js';
import { planDigest, stateDigest, type Plan } from '../../src/retire/model.js';
import { SkippingClock } from '../support/clock.js';
import { useFixtureServer } from '../support/fixture-server.js';
import { runCli, testIO, type TestIOOptions } from '../support/io.js';
import { archiveNow, NOW, serveCleanup, type FixtureFlag } from '../support/retire-fixture.js';

// A second hostile look at the two writes (issue 33): a signal while the writes are verified,
// a --result file that cannot be written or names the plan itself, a record's mode, and
// `revive --from` on another instance behind the record's URL.

const server = useFixtureServer();
const dir = mkdtempSync(join(tmpdir(), 'flagctl-retire-audit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const tree = join(dir, 'tree');
mkdirSync(tree);

const clock = () => {
  const c = new SkippingClock();
  c.advance(NOW);
  return c;
};
const env = () => ({
  FLAGCTL_URL: server.url,
  FLAGCTL_TOKEN: '*:*.audit-secret-42',
  FLAGCTL_CONFIG_DIR: '/nonexistent',
});
const cli = (args: string[], opts: TestIOOptions = {}) => runCli(args, { env: env(), clock: clock(), ...opts });
const named = (n: number, prefix = 'f') =>
  Array.from({ length: n }, (_, i): FixtureFlag => ({ name: `${prefix}-${String(i).padStart(4, '0')}`, stale: true }));
const read = (path: string) =>
  JSON.parse(readFileSync(path, 'utf8')) as {
    archived: string[];
    revived?: string[];
    interrupted: boolean;
    signal?: string;
    complete: boolean;
    instance?: string | null;
  };

const writePlan = planWriter({ server, dir, tree, cli });

/** An IO whose interrupt is a signal the test sends itself. */
function signalled(ctl: AbortController) {
  const io = testIO({ env: env(), clock: clock() });
  io.interrupt = { hold: () => ({ signal: ctl.signal, release: () => undefined }) };
  return io;
}

describe('a signal while the writes are verified', () => {
  it('retire apply: SIGTERM during the verifying read exits 143 and the record says interrupted', async () => {
    const flags = named(3);
    const path = await writePlan(flags);
    const c = serveCleanup(server, flags);
    const ctl = new AbortController();
    // The history is read before the writes (the judgement) and after them (the verification).
    c.onEvents = () => void (c.writes.length > 0 && ctl.abort('SIGTERM'));
    const result = join(dir, 'verify-term.json');
    const io = signalled(ctl);
    expect(await main(['retire', 'apply', path, '--yes', '--result', result], io), io.err.text).toBe(143);
    expect(c.writes).toHaveLength(1);
    const doc = read(result);
    expect(doc).toMatchObject({ complete: true, interrupted: true, signal: 'SIGTERM' });
    expect(doc.archived).toEqual(flags.map((f) => f.name));
  });

  it('retire apply: SIGHUP while the plan is judged again, every flag then skipped: exit 129, not 0', async () => {
    const flags = named(2);
    const path = await writePlan(flags);
    const c = serveCleanup(server, flags);
    const ctl = new AbortController();
    c.onList = () => {
      ctl.abort('SIGHUP');
      c.active.get('f-0000')!.stale = false;
      c.active.get('f-0001')!.stale = false;
    };
    const io = signalled(ctl);
    expect(await main(['retire', 'apply', path, '--yes'], io), io.err.text).toBe(129);
    expect(c.writes).toEqual([]);
  });

  it('features revive: SIGTERM during the verifying read exits 143 and the record says interrupted', async () => {
    const flags = named(2);
    const c = serveCleanup(server, flags);
    for (const f of flags) {
      c.archived.set(f.name, c.active.get(f.name)!);
      c.active.delete(f.name);
    }
    const ctl = new AbortController();
    c.onList = () => void (c.writes.length > 0 && ctl.abort('SIGTERM'));
    const result = join(dir, 'revive-verify-term.json');
    const io = signalled(ctl);
    const names = flags.map((f) => f.name);
    expect(await main(['features', 'revive', ...names, '--result', result], io), io.err.text).toBe(143);
    expect(read(result)).toMatchObject({ complete: true, interrupted: true, signal: 'SIGTERM', revived: names });
  });
});

describe('a --result file that cannot be written: nothing is written to the server', () => {
  const unwritable = () => [
    ['a folder that does not exist', join(dir, 'no-such-folder', 'r.json')],
    ['a folder', tree],
    ['a full disk', '/dev/full'],
  ];

  it('retire apply: exit 1 naming --result, no archive sent', async () => {
    for (const [i, [what, result]] of unwritable().entries()) {
      server.reset();
      const flags = named(2, `u${i}`);
      const path = await writePlan(flags);
      const c = serveCleanup(server, flags);
      const r = await cli(['retire', 'apply', path, '--yes', '--result', result!]);
      expect(r.code, `${what}: ${r.stdout}${r.stderr}`).toBe(1);
      expect(r.stderr, what).toContain(`${result} (--result)`);
      expect(r.stderr, `${what}: ${r.stdout}`).toContain('nothing was archived');
      expect(c.writes, what).toEqual([]);
    }
  });

  it('features revive: exit 1 naming --result, no revive sent', async () => {
    for (const [what, result] of unwritable()) {
      server.reset();
      const c = serveCleanup(server, named(1));
      c.archived.set('f-0000', c.active.get('f-0000')!);
      c.active.delete('f-0000');
      const r = await cli(['features', 'revive', 'f-0000', '--result', result!]);
      expect(r.code, what).toBe(1);
      expect(r.stderr, what).toContain(`${result} (--result)`);
      expect(r.stderr, what).toContain('nothing was revived');
      expect(c.writes, what).toEqual([]);
    }
  });

  it('retire apply --result naming the plan file itself: exit 2, the plan kept, nothing sent', async () => {
    const flags = named(1, 'same');
    const path = await writePlan(flags);
    const before = readFileSync(path, 'utf8');
    const c = serveCleanup(server, flags);
    const r = await cli(['retire', 'apply', path, '--yes', '--result', join(dir, '.', basename(path))]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain('--result');
    expect(readFileSync(path, 'utf8')).toBe(before);
    expect(c.writes).toEqual([]);
  });

  it('features revive --from r.json --result r.json: exit 2, the apply record kept, nothing sent', async () => {
    const flags = named(1, 'from');
    const path = await writePlan(flags);
    let c = serveCleanup(server, flags);
    const record = join(dir, 'from-same.json');
    expect((await cli(['retire', 'apply', path, '--yes', '--result', record])).code).toBe(0);
    const before = readFileSync(record, 'utf8');
    server.reset();
    c = serveCleanup(server, flags);
    c.archived.set('from-0000', c.active.get('from-0000')!);
    c.active.delete('from-0000');
    const r = await cli(['features', 'revive', '--from', record, '--result', record]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain('--result');
    expect(readFileSync(record, 'utf8')).toBe(before);
    expect(c.writes).toEqual([]);
  });
});

describe('features revive --from on another instance behind the same URL', () => {
  it('the record names the instance; revive refuses another one (exit 2), nothing sent', async () => {
    const flags = named(2, 'inst');
    const path = await writePlan(flags);
    let c = serveCleanup(server, flags);
    const record = join(dir, 'instance.json');
    expect((await cli(['retire', 'apply', path, '--yes', '--result', record])).code).toBe(0);
    const id = c.instanceId.value;
    expect(read(record).instance).toBe(id);
    // The URL now answers as another instance, which has archived flags of the same names.
    server.reset();
    c = serveCleanup(server, flags);
    c.instanceId.value = 'ffffffff-0000-4000-8000-00000000000f';
    // Archived, with their events in the history, as a server keeps them.
    archiveNow(
      c,
      flags.map((f) => f.name),
    );
    const r = await cli(['features', 'revive', '--from', record]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(id!);
    expect(r.stderr).toContain('ffffffff-0000-4000-8000-00000000000f');
    expect(c.writes).toEqual([]);
    // The same instance: revived.
    c.instanceId.value = id;
    const again = await cli(['features', 'revive', '--from', record, '-o', 'json']);
    expect(again.code, again.stderr).toBe(0);
    expect(c.writes).toEqual([{ path: 'revive', features: flags.map((f) => f.name) }]);
  });
});

describe('a plan whose rules were edited, its digests recomputed', () => {
  it('unseenDays that retire plan never writes (0, negative, a fraction, huge) is refused (exit 2): a flag seen minutes ago is not archived', async () => {
    const flags = named(1, 'rule');
    const path = await writePlan(flags);
    const minutesAgo = new Date(NOW - 2 * 60_000).toISOString();
    for (const days of [0, -36500, 0.0001, 1e9]) {
      server.reset();
      const c = serveCleanup(
        server,
        flags.map((f) => ({ ...f, lastSeen: minutesAgo })),
      );
      const plan = JSON.parse(readFileSync(path, 'utf8')) as Plan;
      plan.options.unseenDays = days;
      for (const f of plan.flags) {
        f.state.seen = f.state.seen.map(([w, at]) => [w, w === 'production' ? minutesAgo : at]);
        f.stateDigest = stateDigest(f.state);
      }
      plan.digest = planDigest(plan);
      const forged = join(dir, `forged-${days}.json`);
      writeFileSync(forged, JSON.stringify(plan));
      const r = await cli(['retire', 'apply', forged, '--yes']);
      expect(r.code, `${days}: ${r.stdout}${r.stderr}`).toBe(2);
      expect(r.stderr).toContain('unseenDays');
      expect(c.writes, String(days)).toEqual([]);
    }
  });
});

describe('a plan with a damaged createdAt (digest recomputed)', () => {
  it('missing or not a time: a clear refusal (exit 2) naming it, not an unexpected error; nothing sent', async () => {
    const flags = named(1, 'when');
    const path = await writePlan(flags);
    for (const createdAt of [undefined, 'yesterday']) {
      server.reset();
      const c = serveCleanup(server, flags);
      const plan = JSON.parse(readFileSync(path, 'utf8')) as Partial<Plan>;
      if (createdAt === undefined) delete plan.createdAt;
      else plan.createdAt = createdAt;
      plan.digest = planDigest(plan as Plan);
      const damaged = join(dir, `when-${String(createdAt)}.json`);
      writeFileSync(damaged, JSON.stringify(plan));
      const r = await cli(['retire', 'apply', damaged, '--yes']);
      expect(r.code, `${String(createdAt)}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toContain('createdAt');
      expect(r.stderr).not.toContain('unexpected');
      expect(c.writes).toEqual([]);
    }
  });
});

describe('the record replaces an existing file', () => {
  it("keeps that file's mode (a record someone made private stays private)", async () => {
    const { writeRecord } = await import('../../src/retire/result-file.js');
    const path = join(dir, 'private.json');
    writeFileSync(path, '{}');
    chmodSync(path, 0o600);
    await writeRecord(path, { a: 1 });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ a: 1 });
  });
});

describe('the judgement is made again after the question', () => {
  it('a flag seen by an SDK while the person read the prompt is skipped, not archived', async () => {
    const flags = named(2, 'asked');
    const path = await writePlan(flags);
    const c = serveCleanup(server, flags);
    const io = testIO({ env: env(), clock: clock(), stdinIsTTY: true, stderrIsTTY: true });
    const stdin = new PassThrough();
    io.stdin = stdin;
    const run = main(['retire', 'apply', path, '-o', 'json'], io);
    while (!io.err.text.includes('[y/N]')) await new Promise((r) => setTimeout(r, 5));
    // Minutes at the prompt: meanwhile an SDK evaluates one of the flags.
    c.active.get('asked-0001')!.lastSeen = new Date(NOW).toISOString();
    stdin.write('y\n');
    expect(await run, io.err.text).toBe(0);
    expect(c.writes).toEqual([{ path: 'archive', features: ['asked-0000'] }]);
    const doc = JSON.parse(io.out.text) as { archived: string[]; skipped: { name: string; reason: string }[] };
    expect(doc.archived).toEqual(['asked-0000']);
    expect(doc.skipped.map((x) => x.name)).toEqual(['asked-0001']);
    expect(doc.skipped[0]!.reason).toMatch(/^changed since the plan: seen since the plan in production/);
  });
});

describe('--only names a flag the plan does not archive', () => {
  it('a remove-code or blocked flag: exit 2 naming its verdict, nothing sent (not a silent exit 0)', async () => {
    serveCleanup(server, [
      { name: 'only-ok', stale: true },
      { name: 'only-seen', stale: true, lastSeen: new Date(NOW - 60_000).toISOString() },
    ]);
    const r = await cli(['retire', 'plan', tree, '-o', 'json']);
    const path = join(dir, 'plan-only.json');
    writeFileSync(path, r.stdout);
    server.reset();
    const c = serveCleanup(server, [
      { name: 'only-ok', stale: true },
      { name: 'only-seen', stale: true, lastSeen: new Date(NOW - 60_000).toISOString() },
    ]);
    const a = await cli(['retire', 'apply', path, '--yes', '--only', 'only-seen']);
    expect(a.code, a.stdout + a.stderr).toBe(2);
    expect(a.stderr).toBe(
      'flagctl: --only: "only-seen" is not a flag the plan archives (its verdict is blocked); the plan archives: only-ok\n',
    );
    expect(c.writes).toEqual([]);
  });
});

describe('a refusal that echoes the token over several lines', () => {
  const TOKEN = '*:*.audit-secret-42';
  const secret = 'audit-secret-42';
  const b64 = Buffer.from(TOKEN).toString('base64');
  // A header dump folded at a narrow width, and the base64 of the header wrapped as MIME wraps it.
  const echo = [
    'You may not archive. Request was:',
    `authorization: *:*.audit-se`,
    `  cret-42`,
    `encoded: ${b64.slice(0, 10)}`,
    `${b64.slice(10)}`,
  ].join('\n');
  const free = (text: string) => {
    const joined = text.replace(/\\n|\\r|\s/g, '');
    expect(joined).not.toContain(secret);
    expect(joined).not.toContain(b64.replace(/=+$/, ''));
  };

  it('reaches no stdout (json, table), stderr or result file', async () => {
    const flags = named(1, 'wrap');
    const path = await writePlan(flags);
    const c = serveCleanup(server, flags);
    c.refuse.set('wrap-0000', { status: 403, name: 'NoAccessError', message: echo });
    const result = join(dir, 'wrapped-secret.json');
    for (const format of ['json', 'table']) {
      const r = await cli(['retire', 'apply', path, '--yes', '--result', result, '-o', format]);
      expect(r.code, r.stderr).toBe(1);
      free(r.stdout);
      free(r.stderr);
      free(readFileSync(result, 'utf8'));
      expect(readFileSync(result, 'utf8')).toContain('You may not archive');
    }
  });
});

describe('the same apply again with the same --result file', () => {
  it("carries the earlier run's archived flags into the record it replaces, so revive --from undoes both runs", async () => {
    const flags = named(150, 'again');
    const names = flags.map((f) => f.name);
    const path = await writePlan(flags);
    const c = serveCleanup(server, flags);
    const ctl = new AbortController();
    c.onArchive = () => void ctl.abort('SIGTERM');
    const result = join(dir, 'again.json');
    const io = signalled(ctl);
    expect(await main(['retire', 'apply', path, '--yes', '--result', result], io), io.err.text).toBe(143);
    expect(read(result).archived).toEqual(names.slice(0, 100));
    c.onArchive = undefined;

    const r = await cli(['retire', 'apply', path, '--yes', '--result', result]);
    expect(r.code, r.stderr).toBe(0);
    const doc = read(result) as ReturnType<typeof read> & { skipped: unknown[]; earlier?: string[] };
    expect(doc.archived).toEqual(names);
    expect(doc.earlier).toEqual(names.slice(0, 100));
    expect(doc.skipped).toEqual([]);
    expect(r.stdout).toMatch(/again-0000\s+archived\s+archived by an earlier run of this plan/);
    expect(r.stderr).toContain('150 archived, 0 skipped, 0 failed');

    const undo = await cli(['features', 'revive', '--from', result, '-o', 'json']);
    expect(undo.code, undo.stderr).toBe(0);
    expect((JSON.parse(undo.stdout) as { revived: string[] }).revived).toEqual(names);
  });

  it('a record of another plan is replaced as before: nothing carried over', async () => {
    const first = named(1, 'other-a');
    const p1 = await writePlan(first);
    serveCleanup(server, first);
    const result = join(dir, 'other.json');
    expect((await cli(['retire', 'apply', p1, '--yes', '--result', result])).code).toBe(0);
    server.reset();
    const second = named(1, 'other-b');
    const p2 = await writePlan(second);
    serveCleanup(server, second);
    expect((await cli(['retire', 'apply', p2, '--yes', '--result', result])).code).toBe(0);
    const doc = read(result) as ReturnType<typeof read> & { earlier?: string[] };
    expect(doc.archived).toEqual(['other-b-0000']);
    expect(doc.earlier ?? []).toEqual([]);
  });
});

describe("features revive --from: a flag touched since the record's archive", () => {
  it('archived again after a revive, or deleted and created again: skipped with the reason, not revived', async () => {
    const flags = named(3, 'later');
    const path = await writePlan(flags);
    const c = serveCleanup(server, flags);
    const record = join(dir, 'later.json');
    expect((await cli(['retire', 'apply', path, '--yes', '--result', record])).code).toBe(0);
    expect(read(record).archived).toEqual(['later-0000', 'later-0001', 'later-0002']);
    // Later, someone revives later-0000 and archives it again, for reasons of their own; and
    // later-0001 is deleted, made again under its name, and archived.
    const at = (h: number) => new Date(NOW + h * 60 * 60_000).toISOString();
    const event = (type: string, featureName: string, h: number) =>
      c.events.unshift({ type, featureName, project: 'default', createdAt: at(h) });
    event('feature-revived', 'later-0000', 2);
    event('feature-archived', 'later-0000', 3);
    event('feature-deleted', 'later-0001', 4);
    event('feature-created', 'later-0001', 5);
    event('feature-archived', 'later-0001', 6);
    const r = await cli(['features', 'revive', '--from', record, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as { revived: string[]; skipped: { name: string; reason: string }[] };
    expect(doc.revived).toEqual(['later-0002']);
    expect(doc.skipped).toEqual([
      { name: 'later-0000', reason: `archived again since the record's archive (${at(3)}): not the archive it made` },
      { name: 'later-0001', reason: `archived again since the record's archive (${at(6)}): not the archive it made` },
    ]);
    expect(c.writes.filter((w) => w.path === 'revive')).toEqual([{ path: 'revive', features: ['later-0002'] }]);
  });
});
