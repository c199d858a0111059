import type { OptionTable } from '../../../cli/spec.js';
import { matching, projectId, text } from '../../../cli/values.js';
import { flagNames } from '../plan/options.js';

export const options = {
  yes: { spelling: '-y, --yes', help: 'archive without asking (required when stdin is not a terminal, as in CI)' },
  result: {
    spelling: '--result <file>',
    values: 'files',
    help: 'also write the result (archived, skipped, failed, unverified) to this JSON file, after each batch',
    parse: text('give a file name, e.g. --result result.json'),
  },
  expectDigest: {
    spelling: '--expect-digest <sha256>',
    help: 'refuse the plan unless its digest is this one: the digest the review showed (retire plan --out and retire show print it: its markdown apply line, and after its table a line on stderr)',
    parse: matching(
      /^sha256:[0-9a-f]{64}$/,
      'expected the plan digest as retire show -o markdown prints it: sha256:<64 hex digits>',
    ),
  },
  project: {
    spelling: '-p, --project <id>',
    help: "refuse the plan unless it is for this project (default: the plan's project)",
    parse: projectId,
  },
  only: {
    spelling: '--only <names>',
    help: "archive only these of the plan's flags; the others are skipped (comma-separated; repeat for more)",
    values: { names: 'plan', list: true },
    parse: flagNames,
    repeat: true,
  },
  skip: {
    spelling: '--skip <names>',
    help: "leave these of the plan's flags as they are (comma-separated; repeat for more)",
    values: { names: 'plan', list: true },
    parse: flagNames,
    repeat: true,
  },
} as const satisfies OptionTable;
