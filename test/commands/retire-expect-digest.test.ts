import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useRetireCli } from '../support/retire-cli.js';
import { planDigest, stateDigest, type Plan } from '../../src/retire/model.js';
import { expectUsageError } from '../support/usage.js';
import { serveCleanup, type FixtureFlag } from '../support/retire-fixture.js';

// The plan a reviewer saw is the plan apply writes from: `--expect-digest` pins the file to the
// digest printed in the review (the markdown comment, `retire show`). A plan edited after the
// review, its digests recomputed, can still pass every live check apply makes (its rules are in
// the file: --include, the paths), so only the digest the reviewer saw tells it apart.

const { server, dir, tree, cli } = useRetireCli('retire-expect-digest');

const FLAGS: FixtureFlag[] = [{ name: 'gone-a', stale: true }, { name: 'healthy' }];

async function reviewedPlan(): Promise<{ path: string; plan: Plan }> {
  serveCleanup(server, FLAGS);
  const r = await cli(['retire', 'plan', tree, '-o', 'json']);
  expect(r.code, r.stderr).toBe(0);
  const path = join(dir, 'reviewed.json');
  writeFileSync(path, r.stdout);
  server.reset();
  return { path, plan: JSON.parse(r.stdout) as Plan };
}

/** The reviewed plan, edited after the review: `healthy` (not stale) included and set to archive, its paths an empty folder, every digest recomputed. */
function editedAfterReview(plan: Plan): string {
  const empty = join(dir, 'empty');
  mkdirSync(empty, { recursive: true });
  const state = { ...plan.flags[0]!.state, name: 'healthy', stale: false };
  const forged = {
    ...plan,
    paths: [empty],
    options: { ...plan.options, include: ['healthy'] },
    flags: [
      ...plan.flags,
      { ...plan.flags[0]!, name: 'healthy', reasons: ['--include'], state, stateDigest: stateDigest(state) },
    ],
  };
  const path = join(dir, 'edited.json');
  writeFileSync(path, JSON.stringify({ ...forged, digest: planDigest(forged) }));
  return path;
}

describe('retire apply --expect-digest', () => {
  it('a plan edited after the review (digests recomputed) is refused, exit 2 and nothing sent; the reviewed one is applied', async () => {
    const { path, plan } = await reviewedPlan();
    const edited = editedAfterReview(plan);
    // Without the option, the edited file's own rules pass its extra flag: that is what the option closes.
    const c = serveCleanup(server, FLAGS);
    const unpinned = await cli(['retire', 'apply', edited, '--yes', '-o', 'json']);
    expect(unpinned.code, unpinned.stderr).toBe(0);
    expect(c.writes).toEqual([{ path: 'archive', features: ['gone-a', 'healthy'] }]);

    server.reset();
    const refused = await cli(['retire', 'apply', edited, '--yes', '--expect-digest', plan.digest]);
    expectUsageError(
      refused,
      `flagctl: --expect-digest ${plan.digest}: the plan file "${edited}" has digest ${(JSON.parse(readFileSync(edited, 'utf8')) as Plan).digest}, so it is not the plan that was reviewed; nothing was archived\n`,
      server,
    );

    const d = serveCleanup(server, FLAGS);
    const applied = await cli(['retire', 'apply', path, '--yes', '--expect-digest', plan.digest, '-o', 'json']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(d.writes).toEqual([{ path: 'archive', features: ['gone-a'] }]);
  });

  it('a value that is not a plan digest is refused before the plan is read', async () => {
    const { path } = await reviewedPlan();
    const r = await cli(['retire', 'apply', path, '--yes', '--expect-digest', '3f2a']);
    expectUsageError(r, /--expect-digest.*"3f2a".*sha256:<64 hex digits>/, server);
  });
});
