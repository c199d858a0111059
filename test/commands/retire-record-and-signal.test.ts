import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/main.js';
import { planWriter, useRetireCli } from '../support/retire-cli.js';
import { testIO } from '../support/io.js';
import { archiveNow, serveCleanup } from '../support/retire-fixture.js';

// A --result file that stops being writable once the writes have begun, and a signal at the
// same moment: the exit code is 1 (the signal's code promises a written result), and stderr
// says both, so that a person or a CI log does not read it as a failed write alone.

const t = useRetireCli('retire-record-signal');
const writePlan = planWriter(t);

const named = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ name: `rs-${String(i).padStart(4, '0')}`, stale: true }));

function stoppable(ctl: AbortController) {
  const io = testIO({ env: t.env(), clock: t.clock() });
  io.interrupt = { hold: () => ({ signal: ctl.signal, release: () => undefined }) };
  return io;
}

describe('--result unwritable and a signal together', () => {
  it('retire apply: exit 1, stderr names the file and the signal', async () => {
    const flags = named(150);
    const path = await writePlan(flags);
    const c = serveCleanup(t.server, flags);
    const folder = join(t.dir, 'apply-out');
    mkdirSync(folder);
    const ctl = new AbortController();
    c.onArchive = () => {
      rmSync(folder, { recursive: true });
      ctl.abort('SIGTERM');
    };
    const io = stoppable(ctl);
    expect(await main(['retire', 'apply', path, '--yes', '--result', join(folder, 'r.json')], io)).toBe(1);
    expect(c.writes).toHaveLength(1);
    expect(io.err.text).toContain('100 archived, 0 skipped, 0 failed, 50 not attempted.');
    expect(io.err.text).toContain(`${join(folder, 'r.json')} (--result)`);
    expect(io.err.text).toContain('the run was also stopped by SIGTERM');
  });

  it('features revive: exit 1, stderr names the file and the signal', async () => {
    const flags = named(150);
    const c = serveCleanup(t.server, flags);
    archiveNow(
      c,
      flags.map((f) => f.name),
    );
    const folder = join(t.dir, 'revive-out');
    mkdirSync(folder);
    const ctl = new AbortController();
    c.onRevive = () => {
      rmSync(folder, { recursive: true });
      ctl.abort('SIGHUP');
    };
    const io = stoppable(ctl);
    const names = flags.map((f) => f.name);
    expect(await main(['features', 'revive', ...names, '--result', join(folder, 'r.json')], io)).toBe(1);
    expect(c.writes).toHaveLength(1);
    expect(io.err.text).toContain(`${join(folder, 'r.json')} (--result)`);
    expect(io.err.text).toContain('the run was also stopped by SIGHUP');
  });
});
