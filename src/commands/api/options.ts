import { OptionValueError, type OptionTable } from '../../cli/spec.js';
import { oneOf } from '../../cli/values.js';

export const options = {
  paginate: { spelling: '--paginate', help: 'follow offset/limit through every page of a list that reports total' },
  query: {
    spelling: '-q, --query <key=value>',
    help: 'a query parameter, repeatable (added to any query in the path)',
    repeat: true,
    parse: (raw: string) => {
      if (raw.indexOf('=') <= 0) throw new OptionValueError('expected key=value, e.g. --query limit=10');
      return raw;
    },
  },
  method: {
    spelling: '-X, --method <method>',
    help: 'only GET: flagctl never changes a server',
    values: ['GET'],
    parse: (raw: string) => {
      if (raw.toUpperCase() !== 'GET') {
        throw new OptionValueError('flagctl api sends only GET requests; it never changes a server (accepted: GET)');
      }
      return 'GET' as const;
    },
  },
  output: {
    spelling: '-o, --output <format>',
    help: 'with --paginate: json (one array, the default) or ndjson (one item a line)',
    values: ['json', 'ndjson'],
    parse: oneOf(['json', 'ndjson'] as const),
  },
} as const satisfies OptionTable;
