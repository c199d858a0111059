import { options as refsOptions } from '../../refs/options.js';
import { OptionValueError, type OptionTable } from '../../../cli/spec.js';
import { oneProject, pathSegment, projectId, text, wholeNumber } from '../../../cli/values.js';

/** A comma-separated list of flag names (--include; apply's --only and --skip). */
export const flagNames = (raw: string): string[] => {
  const list = raw.split(',').map((s) => s.trim());
  if (list.some((n) => n.length === 0))
    throw new OptionValueError('expected flag names separated by commas, e.g. old-checkout,legacy-search');
  return list.map(pathSegment('flag name'));
};

export const options = {
  project: {
    spelling: '-p, --project <id>',
    values: 'projects',
    help: "the project whose flags to plan for (default: the profile's project, else default)",
    parse: projectId,
    projects: oneProject,
  },
  include: {
    spelling: '--include <names>',
    help: 'also judge these flags, candidates or not (comma-separated; repeat for more)',
    parse: flagNames,
    repeat: true,
  },
  unseenDays: {
    spelling: '--unseen-days <n>',
    help: 'a flag seen by an SDK in any environment within this many days is not archived (default 30)',
    parse: wholeNumber('expected a whole number of days from 1 to 3650', 1, 3650),
    default: 30,
  },
  failOn: {
    spelling: '--fail-on <verdict>',
    help: 'exit 3 when any flag has this verdict: archive (a scheduled job opens the review)',
    values: ['archive'],
    parse: (raw: string): 'archive' => {
      if (raw !== 'archive') throw new OptionValueError(`unknown verdict "${raw}"; accepted: archive`);
      return 'archive';
    },
  },
  out: {
    spelling: '--out <file>',
    help: 'also write the plan file for `retire apply` here (the -o json document, written atomically); stdout still gets the table or -o format',
    parse: text('give a file name, e.g. --out plan.json'),
    values: 'files',
  },
  ignore: refsOptions.ignore,
  exclude: refsOptions.exclude,
  maxFileKb: refsOptions.maxFileKb,
  delimiters: refsOptions.delimiters,
  aliases: refsOptions.aliases,
  threads: refsOptions.threads,
} as const satisfies OptionTable;
