import { defineCommand } from '../../../cli/spec.js';
import { options } from './options.js';

export default defineCommand({
  path: ['auth', 'login'],
  summary: 'Check an API token against a server and save it as a profile',
  usage: '--url <base-url> [--profile <name>] [--project <id>]',
  options,
  help: `--url (required) is the server's base URL. --profile names the profile to save; without it, a
login never replaces another server's profile: a new login to the same server renews its profile,
the first login is "default", and a login to another server is saved under the server's host
(e.g. unleash.example.com, or 127.0.0.1-4242), asking for a name on a terminal when that name is
taken (in a pipe it refuses: give --profile). The active profile changes only with \`auth switch\`.
--project must be a project of the server (exit 5 listing them otherwise).
The token is read from stdin when it is piped, otherwise from a hidden prompt.
There is no --token flag: it would end up in shell history and in ps.`,
  examples: [
    'flagctl auth login --url https://unleash.example.com',
    'printenv UNLEASH_TOKEN | flagctl auth login --url https://unleash.example.com --profile prod',
  ],
  load: () => import('./run.js'),
});
