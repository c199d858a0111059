import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useFixtureServer } from '../support/fixture-server.js';
import { runCli } from '../support/io.js';

// How `evaluate` reads on a terminal: a list operator with one value still reads as a list,
// and a variant chosen by an override says so.

const load = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8'));
const TOKEN = '*:*.0123456789abcdef0123456789abcdef';
const server = useFixtureServer();
const env = () => ({ FLAGCTL_URL: server.url, FLAGCTL_TOKEN: TOKEN, NO_COLOR: '1' });

function serve(answer: unknown) {
  server.json('/api/admin/environments', load('environments-v8.json'));
  server.route(
    '/api/admin/playground',
    (req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer)));
    },
    'POST',
  );
}

/** The 8.2.0 answer, with checkout.button-color given the variant `variant`. */
function answer(variant: string) {
  const doc = load('playground-v8.json');
  const f = doc.features.find((x: { name: string }) => x.name === 'checkout.button-color');
  f.variant = { ...f.variant, name: variant };
  return doc;
}

describe('evaluate on a terminal', () => {
  it('a list operator with one value reads as a list: email STR_CONTAINS ["@example.com"]', async () => {
    serve(load('playground-v8.json'));
    const r = await runCli(['evaluate', 'new-checkout-flow', '--env', 'development', '-c', 'email=a@example.com'], {
      env: env(),
      stdoutIsTTY: true,
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('email (case-insensitive) STR_CONTAINS ["@example.com"]  — email = "a@example.com"');
    // Single-value operators keep one value.
    expect(r.stdout).toMatch(/age NOT NUM_LTE "3650"/);
  });

  it('says when an override chose the variant, and not when the weights did', async () => {
    serve(answer('treatment'));
    const r = await runCli(['evaluate', 'checkout.button-color', '--env', 'development', '-c', 'userId=alice'], {
      env: env(),
      stdoutIsTTY: true,
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^checkout\.button-color {2}ON {2}variant treatment \(override: userId = "alice"\) {2}in development\n/,
    );
    server.reset();
    serve(answer('control'));
    const weights = await runCli(['evaluate', 'checkout.button-color', '--env', 'development', '-c', 'userId=carol'], {
      env: env(),
      stdoutIsTTY: true,
    });
    expect(weights.stdout).toMatch(/^checkout\.button-color {2}ON {2}variant control {2}in development\n/);
  });
});
