import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { sendJson, useFixtureServer } from '../support/fixture-server.js';

// Issue 35 item 1 on a real pseudo-terminal: when the name a login would take (the server's
// host) already holds another server's profile, a person at a terminal is asked for a name;
// then the token is read from the hidden prompt, and the other profiles stay as they were.

const BIN = fileURLToPath(new URL('../../bin/flagctl', import.meta.url));
const server = useFixtureServer();
const home = mkdtempSync(join(tmpdir(), 'flagctl-login-pty-'));
afterAll(() => rmSync(home, { recursive: true, force: true }));
const TOKEN = '*:*.login-pty-token-0123456789';

/** Runs `args` on a pseudo-terminal, typing each answer when its prompt has appeared. */
function onTerminal(
  args: string[],
  answers: [RegExp, string][],
  env: Record<string, string>,
): Promise<{ code: number | null; screen: string }> {
  const child = spawn('script', ['-qec', `node ${BIN} ${args.join(' ')}`, '/dev/null'], {
    env: { PATH: process.env.PATH, HOME: home, ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let screen = '';
  const pending = [...answers];
  child.stdout.setEncoding('utf8').on('data', (d: string) => {
    screen += d;
    while (pending.length && pending[0]![0].test(screen)) child.stdin.write(pending.shift()![1]);
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, screen })));
}

describe('auth login on a terminal', () => {
  it('asks for a profile name when the host name is taken by another server, then the hidden token', async () => {
    server.route('/api/admin/search/features', (req, res) =>
      req.headers.authorization === TOKEN ? sendJson(res, 200, { features: [], total: 0 }) : sendJson(res, 401, {}),
    );
    const dir = join(home, 'config');
    mkdirSync(dir, { mode: 0o700 });
    const host = new URL(server.url).host.replace(':', '-');
    const before = {
      version: 1,
      defaultProfile: 'default',
      profiles: {
        default: { url: 'http://127.0.0.1:9', token: TOKEN },
        [host]: { url: `${server.url}/other`, token: TOKEN },
      },
    };
    writeFileSync(join(dir, 'config.json'), JSON.stringify(before));
    chmodSync(join(dir, 'config.json'), 0o600);
    const r = await onTerminal(
      ['auth', 'login', '--url', server.url],
      [
        [/Name for the profile of .*: $/m, 'mine\r'],
        [/API token for .*: $/m, `${TOKEN}\r`],
      ],
      { FLAGCTL_CONFIG_DIR: dir },
    );
    expect(r.code, r.screen).toBe(0);
    expect(r.screen).toContain(
      `profile "${host}" is already saved for ${server.url}/other. Name for the profile of ${server.url}: `,
    );
    expect(r.screen).toContain('as profile "mine"');
    expect(r.screen).not.toContain(TOKEN.slice(4));
    const saved = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
    expect(saved.profiles).toEqual({ ...before.profiles, mine: { url: server.url, token: TOKEN } });
    expect(saved.defaultProfile).toBe('default');
  });
});
