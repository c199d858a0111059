import { defineCommand } from '../../../cli/spec.js';
import { options } from './options.js';

export default defineCommand({
  path: ['retire', 'apply'],
  summary: "Archive the flags a reviewed plan says to archive, after checking them again; writes",
  args: [{ name: '<plan>', help: 'the plan file written by `flagctl retire plan -o json`' }],
  options,
  formats: ['table', 'json'],
  help: `Before any write the plan is checked: it must be a flagctl plan of this version whose
content still matches its digest (a hand-edited verdict is refused), made on the same server
and project (else exit 2). Then each flag the plan says to archive is read again: one whose
state changed since the plan (seen again, no longer stale, already archived, gone) is
skipped, with the reason, as terraform refuses a stale plan.

The rest are archived 100 to a request (POST /api/admin/projects/<id>/archive). A refused
request is retried as one request per flag, so each flag gets the server's own answer; a
flag that other flags now depend on is skipped. Nothing is retried after a refusal
(permission, change request). Then the project is read again to verify each one.

On a terminal, apply says how many flags it will archive and asks once; --yes skips the
question. Off a terminal (a pipe, CI) it never asks: without --yes it exits 2 before sending
anything. Ctrl-C stops after the request in flight and reports what was done (exit 130).
Exit 0 when every planned flag was archived or skipped for a reason, 1 when any failed.
A second run of the same plan archives nothing again: those flags are skipped as already
archived. --debug shows each write before it is sent.`,
  examples: ['flagctl retire apply plan.json', 'flagctl retire apply plan.json --yes --result result.json'],
  load: () => import('./run.js'),
});
