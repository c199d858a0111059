import { UsageError } from '../../errors.js';
import { offer } from '../../output/formats.js';
import { defineCommand } from '../../cli/spec.js';
import { options } from './options.js';

export default defineCommand({
  path: ['api'],
  summary: 'GET any admin API path with the stored profile and print the answer (read-only)',
  args: [{ name: '<path>', help: 'a path starting with /api/, e.g. /api/admin/segments (may carry ?query)' }],
  options,
  // With --paginate: json (one array), ndjson (one item a line) or yaml (one list).
  formats: offer('json', 'ndjson'),
  formatOnly: true,
  help: `The request goes through the same client as every command: the profile's URL (and its path
prefix), token, --timeout, retries, proxy and CA settings. The body is printed as it came; JSON
is pretty-printed on a terminal. An error status exits as usual (1, 4 for auth, 5 for 404) with
the server's message.

Only GET is sent: -X with any other method exits 2. A path must start with /api/; an absolute
URL is accepted only when it is inside the profile's base URL, so the token goes nowhere else.

--paginate follows offset/limit for list endpoints that answer {<list>: [...], total}, such as
/api/admin/search/features and /api/admin/search/events, and prints one JSON array (or ndjson
with -o ndjson). A limit in the query sets the page size (default 100); pages are paced to the
server's rate limit. An answer that is not such a list is printed as it came.`,
  examples: [
    'flagctl api /api/admin/segments',
    "flagctl api /api/admin/search/features --paginate -f type=IS:release | jq 'length'",
    "flagctl api '/api/admin/search/events?feature=IS:checkout-v2' --paginate -o ndjson",
  ],
  check: ({ options: f, given }) => {
    if (given.has('output') && !f.paginate)
      throw new UsageError('-o/--output applies to --paginate only; without it the body is printed as it came');
  },
  load: () => import('./run.js'),
});
