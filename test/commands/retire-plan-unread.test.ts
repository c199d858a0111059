import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useRetireCli } from '../support/retire-cli.js';
import type { Plan } from '../../src/retire/model.js';
import { runCli } from '../support/io.js';
import { serveCleanup, type FixtureFlag } from '../support/retire-fixture.js';

// `retire plan` judges "no references" only over every file it was asked to read. A file whose
// name is not UTF-8 cannot be opened by that name, so it was not read; refs --fail-on counts it
// as unread, and retire plan judged the flag in it free of references (verdict archive).

const { server, tree, clock, env } = useRetireCli('retire-unread');
// caf\xE9.ts: a Latin-1 name; it references gone-a.
writeFileSync(
  Buffer.concat([Buffer.from(`${tree}/caf`), Buffer.from([0xe9]), Buffer.from('.ts')]),
  'unleash.isEnabled("gone-a");\n',
);

const FLAGS: FixtureFlag[] = [{ name: 'gone-a', stale: true }];

describe('retire plan over a file whose name is not UTF-8', () => {
  it('judges no flag free of references', async () => {
    serveCleanup(server, FLAGS);
    const r = await runCli(['retire', 'plan', tree, '-o', 'json'], { env: env(), clock: clock() });
    expect(r.code, r.stderr).toBe(0);
    const plan = JSON.parse(r.stdout) as Plan;
    const gone = plan.flags.find((f) => f.name === 'gone-a')!;
    expect(gone.verdict).not.toBe('archive');
    expect(gone.checks[0]).toMatchObject({
      pass: false,
      evidence: expect.stringContaining('1 file could not be read (1 with a name that is not UTF-8'),
    });
  });
});
