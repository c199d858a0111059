import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Plan } from '../../src/retire/model.js';
import { SkippingClock } from '../support/clock.js';
import { useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';
import { NOW, serveCleanup, type FixtureFlag } from '../support/retire-fixture.js';

// `retire plan` judges "no references" only over every file it was asked to read. A file whose
// name is not UTF-8 cannot be opened by that name, so it was not read; refs --fail-on counts it
// as unread, and retire plan judged the flag in it free of references (verdict archive).

const server = useFixtureServer();
const dir = mkdtempSync(join(tmpdir(), 'flagctl-retire-unread-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const tree = join(dir, 'src');
mkdirSync(tree);
writeFileSync(join(tree, 'app.ts'), 'render();\n');
// caf\xE9.ts: a Latin-1 name; it references gone-a.
writeFileSync(
  Buffer.concat([Buffer.from(`${tree}/caf`), Buffer.from([0xe9]), Buffer.from('.ts')]),
  'unleash.isEnabled("gone-a");\n',
);

const FLAGS: FixtureFlag[] = [{ name: 'gone-a', stale: true }];
const clock = () => {
  const c = new SkippingClock();
  c.advance(NOW);
  return c;
};
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: '*:*.unit-secret', FLAGCTL_CONFIG_DIR: '/nonexistent' });

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
