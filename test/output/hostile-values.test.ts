import { describe, expect, it } from 'vitest';
import { sendJson, useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';

// Server values of an unexpected type, in the fields flagctl reads loosely, are data: an object
// holding its own `toString` member must not make String() throw and end the run.

const server = useFixtureServer();
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: '*:*.0123456789abcdef0123456789abcdef' });
const ODD = { toString: 'x', valueOf: 1 };

describe('features search: the deprecated variants and strategies columns', () => {
  for (const output of ['table', 'csv', 'markdown']) {
    it(`-o ${output}: a name that is not a string is shown as JSON`, async () => {
      const feature = {
        name: 'f',
        type: 'release',
        project: 'default',
        environments: [],
        variants: [{ name: ODD }, { name: 'blue' }],
        strategies: [{ name: 7 }, null],
      };
      server.route('/api/admin/search/features', (_req, res) => sendJson(res, 200, { features: [feature], total: 1 }));
      const r = await runCli(['features', 'search', '--columns', 'name,variants,strategies', '-o', output], {
        env: env(),
      });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const shown = '{"toString":"x","valueOf":1}, blue';
      expect(r.stdout).toContain(output === 'csv' ? shown.replace(/"/g, '""') : shown);
      expect(r.stdout).toContain('7');
    });
  }
});
