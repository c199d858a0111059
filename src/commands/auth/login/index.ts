import { defineCommand } from '../../../cli/spec.js';
import { options } from './options.js';

export default defineCommand({
  path: ['auth', 'login'],
  summary: 'Check an API token against a server and save it as a profile',
  usage: '--url <base-url> [--profile <name>] [--project <id>]',
  options,
  help: `--url (required) is the server's base URL; --profile names the profile to save (default: default).
The token is read from stdin when it is piped, otherwise from a hidden prompt.
There is no --token flag: it would end up in shell history and in ps.`,
  examples: [
    'flagctl auth login --url https://unleash.example.com',
    'printenv UNLEASH_TOKEN | flagctl auth login --url https://unleash.example.com --profile prod',
  ],
  load: () => import('./run.js'),
});
