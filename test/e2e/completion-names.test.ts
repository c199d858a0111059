import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { adminGet, BIN, flagctl, NODE, target } from './cli.js';
import { SEED } from './harness/seed.mjs';

// Issue 35 item 4 against the real servers: bash completes flag names from each server, as
// kubectl completes resource names, through `flagctl completion --server-names`; and the other
// names an option or argument takes: archived flags, segments, project lists, env:state.

const tmp = mkdtempSync(join(tmpdir(), 'flagctl-e2e-complete-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
writeFileSync(join(tmp, 'flagctl'), `#!/bin/sh\nexec '${NODE}' '${BIN}' "$@"\n`);
chmodSync(join(tmp, 'flagctl'), 0o755);

/** What bash's completion function offers for `line` (cursor at the end), in a real bash. */
function bashComplete(line: string, env: Record<string, string>): Promise<string[]> {
  const words = line.split(/\s+/).filter(Boolean);
  if (/\s$/.test(line)) words.push('');
  const driver = `source <(flagctl completion bash) || exit 9
    compopt() { :; }
    line=$1; shift
    COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE=$line; COMP_POINT=\${#line}
    _flagctl
    printf '%s\\n' "\${COMPREPLY[@]}"`;
  const child = spawn('bash', ['--norc', '--noprofile', '-c', driver, 'bash', line, ...words], {
    env: { PATH: `${tmp}:${process.env.PATH}`, HOME: tmp, FLAGCTL_CONFIG_DIR: join(tmp, 'none'), ...env },
  });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
  return new Promise((resolve, reject) =>
    child.on('close', (code) =>
      code === 0 && err === ''
        ? resolve(out.split('\n').filter(Boolean).sort())
        : reject(new Error(`bash exited ${code}: ${err}`)),
    ),
  );
}

for (const server of inject('servers')) {
  describe(`completion of names from Unleash ${server.pkg}`, () => {
    const env = { ...target(server, server.adminToken), XDG_CACHE_HOME: join(tmp, `cache-${server.pkg}`) };

    it('flag names: the project list, whole; bash offers those that start with what is typed', async () => {
      const truth = (
        (await adminGet(server, '/api/admin/projects/default/features')) as { features: { name: string }[] }
      ).features
        .map((f) => f.name)
        .sort();
      const r = await flagctl(['completion', '--server-names', 'features'], env);
      expect(r.code).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout.split('\n').filter(Boolean)).toEqual(truth.filter((n) => /^[A-Za-z0-9._~:@+-]+$/.test(n)));
      expect(await bashComplete('flagctl feature get new-checkout', env)).toEqual(
        truth.filter((n) => n.startsWith('new-checkout')),
      );
      expect(await bashComplete('flagctl feature get new-checkout', env)).toContain('new-checkout-flow');
    });

    it('projects and environments; with a token the server refuses, nothing and no message', async () => {
      expect(await bashComplete('flagctl evaluate --env prod', env)).toEqual(['production']);
      expect(await bashComplete('flagctl feature get --project def', env)).toEqual(['default']);
      const refused = await flagctl(['completion', '--server-names', 'features'], {
        ...target(server, '*:*.not-a-real-token'),
        XDG_CACHE_HOME: join(tmp, 'refused'),
      });
      expect(refused).toEqual({ code: 0, stdout: '', stderr: '' });
    });

    it('archived flags for features revive, searched by what is typed; segments; lists; env:state; diff ENV', async () => {
      const archivedEnv = { ...env, XDG_CACHE_HOME: join(tmp, `cache-shapes-${server.pkg}`) };
      const archived = await bashComplete('flagctl features revive old-onb', archivedEnv);
      expect(archived).toContain(SEED.archivedFeature);
      expect(archived.every((n) => n.startsWith('old-onb'))).toBe(true);
      const truth = (await adminGet(server, '/api/admin/projects/default/features')) as {
        features: { name: string }[];
      };
      // An active flag is no candidate for revive.
      const active = truth.features.map((f) => f.name).find((n) => /^[A-Za-z0-9._~:@+-]+$/.test(n))!;
      expect(await bashComplete(`flagctl features revive ${active}`, archivedEnv)).not.toContain(active);
      expect(await bashComplete('flagctl features search --segment beta', archivedEnv)).toEqual([SEED.segment]);
      // The words here are split at white space only, so the reply is the whole word.
      expect(await bashComplete('flagctl features search --project IS_ANY_OF:def', archivedEnv)).toEqual([
        'IS_ANY_OF:default',
      ]);
      expect(await bashComplete('flagctl features search --status produ', archivedEnv)).toEqual(['production:']);
      expect(await bashComplete('flagctl diff development prod', archivedEnv)).toEqual(['production']);
    });
  });
}
