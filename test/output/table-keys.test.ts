import { describe, expect, it } from 'vitest';
import { useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';
import { makeFeatures, searchOver, SEARCH_PATH } from '../support/search-fixture.js';
import { layout } from '../../src/output/table.js';

// Issue 35 item 2: on a terminal the identifier column (a flag's name, a verdict) is the last to
// shrink; when the width runs out whole columns go, the rightmost first, and stderr names them.

const server = useFixtureServer();
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: '*:*.unit-secret', NO_COLOR: '1' });
const names = ['scale-00041-checkout-experiment', 'scale-00042-checkout-experiment', 'scale-00043-checkout-experiment'];

async function search(columns: number, args: string[] = []) {
  server.route(SEARCH_PATH, searchOver(makeFeatures(3).map((f, i) => ({ ...f, name: names[i]! }))));
  return runCli(['features', 'search', ...args], { env: env(), stdoutIsTTY: true, columns });
}

describe('layout', () => {
  it('keeps everything at its width when it fits', () => {
    expect(layout([10, 7, 7], [true, false, false], 80)).toEqual({ shown: [0, 1, 2], widths: [10, 7, 7], dropped: [] });
  });

  it('shrinks the other columns before the identifier, then leaves out the rightmost', () => {
    // 80 columns, 5 columns: 64 cells. The name (31) stays whole; the last column gives way.
    expect(layout([31, 7, 7, 5, 20], [true, false, false, false, false], 80)).toEqual({
      shown: [0, 1, 2, 3, 4],
      widths: [31, 7, 7, 5, 14],
      dropped: [],
    });
    const tight = layout([31, 7, 7, 5, 9, 26, 9], [true, false, false, false, false, false, false], 80);
    expect(tight.dropped).toEqual([5, 6]);
    expect(tight.widths[0]).toBe(31);
  });

  it('never leaves out an identifier, wherever it stands', () => {
    const l = layout([20, 30, 30, 17, 30], [true, false, false, true, false], 60);
    expect(l.shown).toContain(0);
    expect(l.shown).toContain(3);
    expect(l.widths[l.shown.indexOf(3)]).toBe(17);
  });
});

describe('features search on a terminal', () => {
  it('at 80 columns every name is whole; the columns left out are named on stderr with --columns', async () => {
    const r = await search(80);
    expect(r.code).toBe(0);
    for (const name of names) expect(r.stdout).toContain(`│ ${name} │`);
    for (const line of r.stdout.trimEnd().split('\n')) expect([...line].length).toBeLessThanOrEqual(80);
    expect(r.stderr).toContain(
      "flagctl: note: columns environments, createdAt left out to fit the terminal's 80 columns; choose the columns with --columns (these were --columns name,type,project,stale,lifecycle), or pipe or -o csv for all of them",
    );
  });

  it('at 120 columns nothing is left out; piped, nothing is', async () => {
    const wide = await search(120);
    expect(wide.stderr).not.toContain('left out');
    server.route(SEARCH_PATH, searchOver(makeFeatures(3).map((f, i) => ({ ...f, name: names[i]! }))));
    const piped = await runCli(['features', 'search'], { env: env(), columns: 40 });
    expect(piped.stdout.split('\n')[0]).toBe('NAME\tTYPE\tPROJECT\tSTALE\tLIFECYCLE\tENVIRONMENTS\tCREATEDAT');
    expect(piped.stderr).not.toContain('left out');
  });

  it('--columns chosen narrower fits without leaving any out', async () => {
    const r = await search(60, ['--columns', 'name,type,createdAt']);
    expect(r.stderr).not.toContain('left out');
    for (const name of names) expect(r.stdout).toContain(name);
  });
});
