import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { makeTree } from '../support/refs-tree.js';
import { flagctl, target } from './cli.js';
import { onTerminal } from './terminal.js';

// Issue 35 item 2 on a real pseudo-terminal against the real servers: at 60, 80 and 120
// columns every line fits, the identifier columns (a flag's name, a verdict) stay whole, and
// a column left out is named on stderr with the way to choose them (--columns).

const { dir } = makeTree({ git: true });
const scratch = mkdtempSync(join(tmpdir(), 'flagctl-e2e-pty-'));
afterAll(() => {
  rmSync(dirname(dir), { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});

/** A command, and the piped table's headings of its identifier columns. */
const COMMANDS: [string[], string[]][] = [
  [['features', 'search', '--limit', '100'], ['NAME']],
  [['features', 'stale', '--max', '100000'], ['NAME']],
  [
    ['refs', dir, '--summary'],
    ['NAME', 'VERDICT'],
  ],
  [
    ['retire', 'plan', dir],
    ['NAME', 'VERDICT'],
  ],
  [['project', 'overview', 'default'], ['NAME']],
];

/** The cells of the named columns of a piped (tab-separated) table: the header row names them. */
function keyCells(piped: string, headings: string[]): string[] {
  const lines = piped.split('\n');
  const at = lines.findIndex((l) => headings.every((h) => l.split('\t').includes(h)));
  expect(at, `no heading ${headings.join(', ')} in:\n${piped.slice(0, 400)}`).toBeGreaterThanOrEqual(0);
  const head = lines[at]!.split('\t');
  const cells: string[] = [];
  for (const line of lines.slice(at + 1)) {
    if (!line.includes('\t')) break;
    const row = line.split('\t');
    for (const h of headings) cells.push(row[head.indexOf(h)]!);
  }
  return cells;
}

for (const server of inject('servers')) {
  const env = target(server, server.adminToken);
  describe(`terminal tables on Unleash ${server.pkg}`, () => {
    for (const [args, headings] of COMMANDS) {
      it(`${args.filter((a) => a !== dir).join(' ')}: fits 60, 80 and 120 columns, identifiers whole`, async () => {
        const piped = await flagctl(args, env);
        expect(piped.code, piped.stderr).toBe(0);
        const keys = keyCells(piped.stdout, headings);
        expect(keys.length).toBeGreaterThan(0);
        let shownBefore = 0;
        for (const cols of [60, 80, 120]) {
          const tty = await onTerminal(cols, args, env, scratch);
          expect(tty.code, tty.stderr).toBe(0);
          const table = tty.out.split('\n').filter((l) => /^[│┌├└]/.test(l));
          expect(table.length).toBeGreaterThan(2);
          for (const line of table) expect([...line].length, line).toBeLessThanOrEqual(cols);
          const rows = table.filter((l) => l.startsWith('│'));
          // Each identifier short enough to fit (half the terminal) is in some row whole.
          for (const key of keys.filter((k) => k.length <= cols / 2)) {
            expect(
              rows.some((r) => r.split('│').some((cell) => cell.trim() === key)),
              `${key} cut at ${cols} columns:\n${tty.out}`,
            ).toBe(true);
          }
          const left =
            /flagctl: note: columns? (.+) left out to fit the terminal's (\d+) columns; choose the columns with --columns \(these were --columns ([^)]+)\)/.exec(
              tty.stderr,
            );
          const shownHeads = rows[0]!
            .split('│')
            .slice(1, -1)
            .map((c) => c.trim());
          if (left) {
            expect(Number(left[2])).toBe(cols);
            expect(left[3]!.split(',').length).toBe(shownHeads.length);
          }
          // A wider terminal shows at least the columns a narrower one did.
          expect(shownHeads.length).toBeGreaterThanOrEqual(shownBefore);
          shownBefore = shownHeads.length;
          if (!left) expect(tty.stderr).not.toContain('left out');
        }
      });
    }
  });
}
