import { DOCUMENT_FORMATS, offer } from '../../../output/formats.js';
import { defineCommand } from '../../../cli/spec.js';
import { options } from './options.js';

export default defineCommand({
  path: ['retire', 'show'],
  summary: 'Render a plan file as a table, markdown, json, yaml or annotations; reads no server',
  args: [{ name: '<plan>', help: 'the plan file written by `flagctl retire plan --out`' }],
  options,
  formats: offer(DOCUMENT_FORMATS, 'markdown', 'github'),
  help: `As terraform's show: what a reviewer reads is the file that will be applied. The plan is
checked as apply checks it (a flagctl plan of this version whose content matches its digest,
else exit 2), then rendered as retire plan renders it; the digest shown is the file's own.
Nothing is sent to any server: no URL or token is needed.

A weekly job runs \`retire plan --out plan.json\`, posts \`retire show plan.json -o markdown\`
as the pull request's comment, and applies the same plan.json after the review.`,
  examples: ['flagctl retire show plan.json', 'flagctl retire show plan.json -o markdown > comment.md'],
  load: () => import('./run.js'),
});
