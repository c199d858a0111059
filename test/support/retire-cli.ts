import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { SkippingClock } from './clock.js';
import { useFixtureServer, type FixtureServer } from './fixture-server.js';
import { runCli, type TestIOOptions } from './io.js';
import { NOW } from './retire-fixture.js';

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
