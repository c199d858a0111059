import type { OptionTable } from '../../cli/spec.js';
import { oneOf, oneProject, projectId } from '../../cli/values.js';

export const options = {
  keep: {
    spelling: '--keep <on|off>',
    help: "the branch to keep: on (the flag's enabled code) or off; wins over the server's completed lifecycle (kept: on, discarded: off)",
    values: ['on', 'off'],
    parse: oneOf(['on', 'off'] as const),
  },
  project: {
    spelling: '-p, --project <id>',
    values: 'projects',
    help: "project the flags belong to, for their lifecycle (default: the profile's project, else default)",
    parse: projectId,
    projects: oneProject,
  },
  write: { spelling: '--write', help: 'edit the files in place instead of printing the patch' },
  allowLeftovers: {
    spelling: '--allow-leftovers',
    help: 'exit 0 even when code that names the flag remains (by default that exits 3)',
  },
  ignore: { spelling: '--no-ignore', help: "read every file under the paths, ignored or not (as refs' --no-ignore)" },
  exclude: {
    spelling: '--exclude <glob>',
    help: 'skip paths matching this gitignore-style glob; repeat for more',
    repeat: true,
  },
} as const satisfies OptionTable;
