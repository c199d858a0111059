import { defineCommand, FlagValueError, type FlagTable } from '../kit/spec.js';
import { oneOf } from '../kit/values.js';

export const flags = {
  paginate: { flags: '--paginate', help: 'follow offset/limit through every page of a list that reports total' },
  query: {
    flags: '-q, --query <key=value>',
    help: 'a query parameter, repeatable (added to any query in the path)',
    repeat: true,
    parse: (raw: string) => {
      if (raw.indexOf('=') <= 0) throw new FlagValueError('expected key=value, e.g. --query limit=10');
      return raw;
    },
  },
  method: {
    flags: '-X, --method <method>',
    help: 'only GET: flagctl never changes a server',
    values: ['GET'],
    parse: (raw: string) => {
      if (raw.toUpperCase() !== 'GET') {
        throw new FlagValueError('flagctl api sends only GET requests; it never changes a server (accepted: GET)');
      }
      return 'GET' as const;
    },
  },
  output: {
    flags: '-o, --output <format>',
    help: 'with --paginate: json (one array, the default) or ndjson (one item a line)',
    values: ['json', 'ndjson'],
    parse: oneOf(['json', 'ndjson'] as const),
  },
} as const satisfies FlagTable;

export default defineCommand({
  path: ['api'],
  summary: 'GET any admin API path with the stored profile and print the answer (read-only)',
  args: [{ name: '<path>', help: 'a path starting with /api/, e.g. /api/admin/segments (may carry ?query)' }],
  flags,
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
    "flagctl api /api/admin/search/features --paginate --query type=IS:release | jq 'length'",
    "flagctl api '/api/admin/search/events?feature=IS:checkout-v2' --paginate -o ndjson",
  ],
  load: () => import('./run.js'),
});
