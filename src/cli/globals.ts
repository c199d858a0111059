import type { OptionTable } from './option-spec.js';
import { number, text, wholeNumber } from './values.js';

// The root's options: commander accepts them before or after any subcommand.

const RETRIES = 'expected a whole number of retries from 0 to 10';

export const GLOBAL_OPTIONS = {
  url: {
    spelling: '--url <base-url>',
    help: 'server base URL (overrides FLAGCTL_URL and the profile)',
    // Empty is not "no --url": an unset CI variable would send the command to another server.
    parse: text('the server URL must not be empty'),
  },
  profile: {
    spelling: '--profile <name>',
    help: 'stored profile to use (or FLAGCTL_PROFILE)',
    values: 'profiles',
    parse: text('a profile name must not be empty'),
  },
  timeout: {
    spelling: '--timeout <seconds>',
    help: 'per-request timeout (default 30, or FLAGCTL_TIMEOUT)',
    env: 'FLAGCTL_TIMEOUT',
    parse: number('expected a number of seconds, e.g. --timeout 10', [
      [(n) => n > 0, 'expected a positive number of seconds, e.g. --timeout 10'],
      [(n) => n <= 3600, 'expected at most 3600 seconds'],
    ]),
  },
  retries: {
    spelling: '--retries <n>',
    help: 'retries for failed GETs on resets, 429, 502-504 (default 2)',
    parse: number(RETRIES, [
      [Number.isInteger, RETRIES],
      [(n) => n >= 0, RETRIES],
      [(n) => n <= 10, RETRIES],
    ]),
  },
  maxResponseMb: {
    spelling: '--max-response-mb <n>',
    help: 'refuse responses larger than this (default 64, or FLAGCTL_MAX_RESPONSE_MB)',
    env: 'FLAGCTL_MAX_RESPONSE_MB',
    parse: number('expected a size in MiB, e.g. 64', [[(n) => n > 0, 'expected a positive size in MiB, e.g. 64']]),
  },
  caFile: {
    spelling: '--ca-file <path>',
    help: 'extra CA certificates (PEM) to trust for https (NODE_EXTRA_CA_CERTS works too)',
    values: 'files',
    parse: text('expected a file name'),
  },
  maxWait: {
    spelling: '--max-wait <seconds>',
    help: 'longest total wait for a server rate limit before failing (default 600, or FLAGCTL_MAX_WAIT)',
    env: 'FLAGCTL_MAX_WAIT',
    parse: wholeNumber('expected a whole number of seconds from 0 to 86400, e.g. 600', 0, 86_400),
  },
  debug: { spelling: '--debug', help: 'log each request to stderr (the token is masked)' },
  color: { spelling: '--no-color', help: 'no colors, even on a terminal (NO_COLOR works too)' },
  pager: {
    spelling: '--no-pager',
    help: 'print straight to the terminal, not through $FLAGCTL_PAGER, $PAGER or less -FRX',
  },
} as const satisfies OptionTable;
