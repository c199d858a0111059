import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import { SkippingClock } from './clock.js';
import { useFixtureServer, type FixtureServer } from './fixture-server.js';
import { runCli, type TestIOOptions } from './io.js';
import { NOW, serveCleanup, type FixtureFlag } from './retire-fixture.js';

// The set-up the retire tests share: the strict fixture server, a folder with a source tree
// (src/app.ts), and main() run against them at NOW.

export interface RetireCli {
  server: FixtureServer;
  /** The test file's own temporary folder. */
  dir: string;
  /** dir/src, holding app.ts. */
  tree: string;
  /** At NOW; a retry's pause (on the injected clock) passes at once, with no real waiting. */
  clock: () => SkippingClock;
  env: (url?: string) => Record<string, string>;
  cli: (args: string[], opts?: TestIOOptions) => ReturnType<typeof runCli>;
}

export function useRetireCli(name: string, app = 'render();\n'): RetireCli {
  const server = useFixtureServer();
  const dir = mkdtempSync(join(tmpdir(), `flagctl-${name}-`));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const tree = join(dir, 'src');
  mkdirSync(tree);
  writeFileSync(join(tree, 'app.ts'), app);
  const clock = () => {
    const c = new SkippingClock();
    c.advance(NOW);
    return c;
  };
  const env = (url = server.url) => ({
    FLAGCTL_URL: url,
    FLAGCTL_TOKEN: '*:*.unit-secret',
    FLAGCTL_CONFIG_DIR: '/nonexistent',
  });
  const cli = (args: string[], opts: TestIOOptions = {}) => runCli(args, { env: env(), clock: clock(), ...opts });
  return { server, dir, tree, clock, env, cli };
}

/** Writes the plan `retire plan` makes of the tree over these flags to a new file of `dir`; returns its path. */
export function planWriter(
  t: Pick<RetireCli, 'server' | 'dir' | 'tree' | 'cli'>,
): (flags: FixtureFlag[]) => Promise<string> {
  let plans = 0;
  return async (flags) => {
    serveCleanup(t.server, flags);
    const r = await t.cli(['retire', 'plan', t.tree, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const path = join(t.dir, `plan-${++plans}.json`);
    writeFileSync(path, r.stdout);
    t.server.reset();
    return path;
  };
}
