import { DOCUMENT_FORMATS, offer } from '../../../output/formats.js';
import { defineCommand } from '../../../cli/spec.js';
import { options } from './options.js';

export default defineCommand({
  path: ['retire', 'apply'],
  summary: 'Archive the flags a reviewed plan says to archive, after checking them again; writes',
  args: [{ name: '<plan>', files: true, help: 'the plan file written by `flagctl retire plan --out`' }],
  options,
  formats: offer(DOCUMENT_FORMATS),
  help: `Before any write the plan is checked: it must be a flagctl plan of this version whose
content still matches its digest (a hand-edited verdict is refused), made on the same server
(URL and instance id) and project, and, with --expect-digest, have the digest the review
showed: a file edited after the review is refused even with its digests recomputed (else exit
2). Then each flag the plan says to archive is
judged again on the live server by the plan's rules, whatever the file says: one whose state
changed, that is no longer stale (or completed), was seen within the plan's unseen days or
may be used in an environment the project does not enable, was created, archived, revived or
deleted since the plan, or is now referenced in the plan's paths, is skipped with the reason,
as terraform refuses a stale plan. --only and --skip narrow the plan (names must be in it).

The rest are archived 100 to a request (POST /api/admin/projects/<id>/archive). A refused
request is retried as one request per flag, so each flag gets the server's own answer; a
flag that other flags now depend on is skipped. Nothing is retried after a refusal
(permission, change request). Then the project is read again to verify each one. Only a
refusal (4xx) fails a flag: after any other answer (a 5xx, a timeout, a reset) its outcome is
unknown until the reads say; a flag they cannot confirm is "unverified". --result is
rewritten after each batch.

On a terminal, apply lists the flags it will archive and asks once, then judges them again
(the answer may come minutes later): one that changed meanwhile is skipped. --yes skips the
question. Off a terminal (a pipe, CI) it never asks: without --yes it exits 2 before sending
anything. Ctrl-C, SIGTERM and SIGHUP stop after the request in flight and report what was
done (exit 130, 143, 129). Exit 0 when every planned flag was archived or skipped for a
reason, 1 when any failed or is unverified; run the same plan again to finish.
A second run of the same plan archives nothing again: those flags are skipped as already
archived. --debug shows each write before it is sent.`,
  examples: ['flagctl retire apply plan.json', 'flagctl retire apply plan.json --yes --result result.json'],
  // It asks before it archives, and it writes: its output is never paged.
  prompts: true,
  writes: true,
  load: () => import('./run.js'),
});
