import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/main.js';
import { planWriter, useRetireCli } from '../support/retire-cli.js';
import { testIO } from '../support/io.js';
import { serveCleanup, type FixtureFlag } from '../support/retire-fixture.js';

// Two applies of one plan with one --result file, at the same time: the record each rewrites
// must still name every flag the plan archived, whichever run writes it last.

const t = useRetireCli('retire-shared-result');
const { server, dir, cli, env, clock } = t;
const writePlan = planWriter(t);

const FLAGS: FixtureFlag[] = ['one', 'two', 'three'].map((name) => ({ name: `shared-${name}`, stale: true }));
const NAMES = FLAGS.map((f) => f.name).sort();

describe('two applies of one plan with one --result file', () => {
  it('a run left at the prompt while another archives every flag: its record, written last, still names them archived', async () => {
    const path = await writePlan(FLAGS);
    const c = serveCleanup(server, FLAGS);
    const result = join(dir, 'shared.json');

    // The first run, on a terminal, waits at the question.
    const stdin = new PassThrough();
    const io = testIO({ env: env(), clock: clock(), stdinIsTTY: true, stderrIsTTY: true });
    io.stdin = stdin;
    const asking = main(['retire', 'apply', path, '--result', result], io);
    while (!io.err.text.includes('[y/N]')) await new Promise((r) => setImmediate(r));

    // Meanwhile a second run (CI, another terminal) archives the whole plan, with the same file.
    const other = await cli(['retire', 'apply', path, '--yes', '--result', result]);
    expect(other.code, other.stderr).toBe(0);
    expect((JSON.parse(readFileSync(result, 'utf8')) as { archived: string[] }).archived).toEqual(NAMES);

    // The first run is answered: nothing left to archive, and its record replaces the file.
    stdin.write('y\n');
    expect(await asking, io.err.text).toBe(0);
    const doc = JSON.parse(readFileSync(result, 'utf8')) as { archived: string[]; earlier: string[] };
    expect(doc.archived).toEqual(NAMES);
    expect(doc.earlier).toEqual(NAMES);
    expect(c.writes).toEqual([{ path: 'archive', features: NAMES }]);

    // So the file still undoes the plan.
    const undo = await cli(['features', 'revive', '--from', result, '-o', 'json']);
    expect(undo.code, undo.stderr).toBe(0);
    expect((JSON.parse(undo.stdout) as { revived: string[] }).revived).toEqual(NAMES);
  });
});
