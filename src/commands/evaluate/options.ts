import { OptionValueError, type OptionTable } from '../../cli/spec.js';
import { oneEnvironment, oneOf, oneProject, projectId, text } from '../../cli/values.js';

export const options = {
  env: {
    spelling: '-e, --env <environment>',
    values: 'environments',
    help: 'environment to evaluate in (required)',
    parse: text('an environment name must not be empty'),
    // The playground answers an unknown environment with every flag off, not an error.
    environments: oneEnvironment,
  },
  context: {
    spelling: '-c, --context <key=value>',
    help: 'a context field, repeatable: userId, sessionId, appName, environment, remoteAddress, currentTime, or any custom field',
    repeat: true,
    parse: (raw: string) => {
      if (!raw.includes('=')) throw new OptionValueError('expected key=value, e.g. --context userId=42');
      return raw;
    },
  },
  all: { spelling: '--all', help: 'evaluate every flag of --project (instead of naming features)' },
  project: {
    spelling: '-p, --project <id>',
    values: 'projects',
    help: "project whose flags --all evaluates (default: the profile's project, else default); with names, only that project",
    parse: projectId,
    projects: oneProject,
  },
  expect: {
    spelling: '--expect <on|off>',
    help: 'exit 3 unless the one feature named is on (or off) for this context',
    values: ['on', 'off'],
    parse: oneOf(['on', 'off'] as const),
  },
  failOn: {
    spelling: '--fail-on <on|off>',
    help: 'exit 3 when the one feature named is on (or off) for this context: --fail-on off is --expect on',
    values: ['on', 'off'],
    parse: oneOf(['on', 'off'] as const),
    conflicts: { with: ['expect'], why: 'give one; --fail-on off is --expect on' },
  },
} as const satisfies OptionTable;
