import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { runCli } from './io.js';

/**
 * A place for a real shell to complete in: `flagctl` on PATH runs this checkout's build (the
 * scripts run `flagctl completion --profiles`), a config with profiles (one named like a command
 * substitution), and a few files. `scriptFor(shell)` is the generated script, saved to a file.
 */
export function useCompletionEnv(shells: readonly ('bash' | 'zsh' | 'fish')[]) {
  const root = new URL('../../', import.meta.url).pathname;
  const tmp = mkdtempSync(join(tmpdir(), 'flagctl-completion-'));
  const env = {
    tmp,
    configDir: join(tmp, 'config'),
    files: join(tmp, 'files'),
    bin: join(tmp, 'bin'),
    scripts: {} as Record<string, string>,
  };
  beforeAll(async () => {
    execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'ignore' });
    mkdirSync(env.bin);
    writeFileSync(
      join(env.bin, 'flagctl'),
      `#!/bin/sh\nexec '${process.execPath}' '${join(root, 'bin/flagctl')}' "$@"\n`,
    );
    chmodSync(join(env.bin, 'flagctl'), 0o755);
    mkdirSync(env.configDir, { mode: 0o700 });
    const profile = { url: 'http://127.0.0.1:1', token: '*:*.secret' };
    const config = {
      version: 1,
      defaultProfile: 'prod',
      profiles: { prod: profile, staging: profile, 'pre-prod': profile, '$(touch pwned)': profile },
    };
    writeFileSync(join(env.configDir, 'config.json'), JSON.stringify(config), { mode: 0o600 });
    mkdirSync(env.files);
    for (const name of ['ca.pem', 'cert.pem', 'notes.txt']) writeFileSync(join(env.files, name), '');
    for (const shell of shells) {
      const r = await runCli(['completion', shell]);
      if (r.code !== 0) throw new Error(`completion ${shell}: ${r.stderr}`);
      env.scripts[shell] = join(tmp, `flagctl.${shell}`);
      writeFileSync(env.scripts[shell]!, r.stdout);
    }
  }, 60_000);
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  return env;
}
