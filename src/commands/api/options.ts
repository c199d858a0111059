import { OptionValueError, type OptionTable } from '../../cli/spec.js';

function keyValue(raw: string): string {
  if (raw.indexOf('=') <= 0) throw new OptionValueError('expected key=value, e.g. -f limit=10');
  return raw;
}

export const options = {
  paginate: { spelling: '--paginate', help: 'follow offset/limit through every page of a list that reports total' },
  rawField: {
    spelling: '-f, --raw-field <key=value>',
    help: 'a query parameter, repeatable (added to any query in the path), as gh api -f',
    repeat: true,
    parse: keyValue,
  },
  // The earlier spelling, kept working: -q/--query is text to look for in features search (docs/options.md).
  query: {
    spelling: '-q, --query <key=value>',
    help: 'the earlier spelling of --raw-field',
    repeat: true,
    parse: keyValue,
    hidden: true,
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
} as const satisfies OptionTable;
