import { describe, expect, it } from 'vitest';
import { useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';
import { serveProject, v8Project } from '../support/export-fixture.js';

// Issue 22: variant weights read "weight 500" in diff's output. Unleash weighs variants out of
// 1000; the table and markdown show percent, and JSON keeps the server's number.

const server = useFixtureServer();
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: '*:*.0123456789abcdef0123456789abcdef' });
const args = ['diff', 'development', 'production', '--feature', 'checkout.button-color', '--feature', 'new-dashboard'];

/** The fixture's project with production's weights changed: 667/333 for the environment's variants, 750/250 for a strategy's. */
function project() {
  const p = v8Project();
  const production = (name: string) =>
    p.documents[name].environments.find((e: { name: string }) => e.name === 'production');
  const development = (name: string) =>
    p.documents[name].environments.find((e: { name: string }) => e.name === 'development');
  const button = production('checkout.button-color');
  button.variants = button.variants.map((v: { name: string }) => ({ ...v, weight: v.name === 'control' ? 667 : 333 }));
  const dashboard = production('new-dashboard');
  const rollout = structuredClone(development('new-dashboard').strategies[0]);
  rollout.variants = rollout.variants.map((v: { name: string }) => ({ ...v, weight: v.name === 'blue' ? 750 : 250 }));
  Object.assign(dashboard, { enabled: true, strategies: [rollout] });
  return p;
}

async function diff(format: string) {
  serveProject(server, project());
  const r = await runCli([...args, '-o', format], { env: env() });
  expect(r.stderr).toBe('');
  expect(r.code).toBe(3);
  return r.stdout;
}

describe('diff shows variant weights as percent', () => {
  it('table: a changed weight, a whole variant, and a strategy variant in percent; never the raw number', async () => {
    const out = await diff('table');
    expect(out).toContain(`    variants[control].weight
      - 45%
      + 66.7%
    variants[csv-list]
      - csv-list 10% (fixed) csv:red,green,blue
    variants[treatment].weight
      - 45%
      + 33.3%
`);
    expect(out).toMatch(/strategies\[flexibleRollout[^\n]*\]\.variants\[blue\]\.weight\n {6}- 50%\n {6}\+ 75%\n/);
    expect(out).toMatch(/strategies\[flexibleRollout[^\n]*\]\.variants\[green\]\.weight\n {6}- 50%\n {6}\+ 25%\n/);
    expect(out).not.toMatch(/\b(450|500|667|333|750|250)\b(?!%)/);
  });

  it('markdown: the same percent in the table cells', async () => {
    const out = await diff('markdown');
    expect(out).toContain('|  |  | variants\\[control\\].weight | 45% | 66.7% |\n');
    expect(out).toContain('|  |  | variants\\[csv-list\\] | csv-list 10% (fixed) csv:red,green,blue | (none) |\n');
    expect(out).toContain('|  |  | variants\\[treatment\\].weight | 45% | 33.3% |\n');
    expect(out).toMatch(/\.variants\\\[blue\\\]\.weight \| 50% \| 75% \|\n/);
    expect(out).not.toMatch(/\| (450|500|667|333|750|250) \|/);
  });

  it('json keeps the server numbers (out of 1000)', async () => {
    const fields = JSON.parse(await diff('json')).changes.flatMap((c: { fields: unknown[] }) => c.fields);
    expect(fields).toContainEqual({ path: 'variants[control].weight', left: 450, right: 667 });
    expect(fields).toContainEqual({ path: 'variants[treatment].weight', left: 450, right: 333 });
  });
});
