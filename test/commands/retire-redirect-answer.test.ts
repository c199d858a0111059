import { describe, expect, it } from 'vitest';
import { planWriter, useRetireCli } from '../support/retire-cli.js';
import { archiveNow, serveCleanup, type FixtureFlag } from '../support/retire-fixture.js';

// A redirect in answer to a write proves nothing about it: a server or proxy may redirect after
// acting (post/redirect/get), with a Location or, broken, without one. Its flags are unclear
// until the reads say, never `failed` unread.

const t = useRetireCli('retire-redirect');
const writePlan = planWriter(t);

const FLAGS: FixtureFlag[] = [
  { name: 'redir-a', stale: true },
  { name: 'redir-b', stale: true },
];

describe('retire apply and a redirect in answer to the archive', () => {
  it('a 303 without a Location, after the server archived them: verified archived, noted unclear, exit 0', async () => {
    const path = await writePlan(FLAGS);
    t.server.route(
      '/api/admin/projects/default/archive',
      (_req, res) => {
        archiveNow(
          c,
          FLAGS.map((f) => f.name),
        );
        res.writeHead(303).end();
      },
      'POST',
    );
    const c = serveCleanup(t.server, FLAGS);
    const r = await t.cli(['retire', 'apply', path, '--yes', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as { archived: string[]; failed: unknown[]; unclear: { name: string }[] };
    expect(doc.archived).toEqual(['redir-a', 'redir-b']);
    expect(doc.failed).toEqual([]);
    expect(doc.unclear.map((u) => u.name)).toEqual(['redir-a', 'redir-b']);
  });
});

describe('features revive and a redirect in answer to the revive', () => {
  it('a 303 without a Location, after the server revived them: verified revived, exit 0', async () => {
    t.server.reset();
    t.server.route(
      '/api/admin/projects/default/revive',
      (_req, res) => {
        for (const f of FLAGS) {
          c.active.set(f.name, c.archived.get(f.name)!);
          c.archived.delete(f.name);
        }
        res.writeHead(303).end();
      },
      'POST',
    );
    const c = serveCleanup(t.server, FLAGS);
    archiveNow(
      c,
      FLAGS.map((f) => f.name),
    );
    const r = await t.cli(['features', 'revive', ...FLAGS.map((f) => f.name), '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as { revived: string[]; failed: unknown[] };
    expect(doc.revived).toEqual(['redir-a', 'redir-b']);
    expect(doc.failed).toEqual([]);
  });
});
