import { describe, expect, it } from 'vitest';
import { sendJson, useFixtureServer } from '../support/fixture-server.js';
import { runCli, type RunResult } from '../support/io.js';

// Issue 21, items 3 and 4: a server that echoes the token back, in any spelling, and that puts
// line breaks in its messages. Nothing of the token's secret reaches stdout or stderr, with or
// without --debug, and no server text can begin a line of stderr (where `::error::` would be a
// GitHub Actions workflow command).

const SECRET = '5e1a9c0d7b3f4e2a8c6d0b9f1e3a5c7d';
const PATH = '/api/admin/projects/default/features/f';
const server = useFixtureServer();

const tokens = {
  admin: `*:*.${SECRET}`,
  client: `default:development.${SECRET}`,
  personal: `user:${SECRET}`,
};

/** Every spelling of `text` a server might echo: as is, and percent-encoded in upper and lower case hex. */
function spellings(text: string): string[] {
  const all = [...Buffer.from(text)].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
  return [
    text,
    encodeURIComponent(text),
    all.toUpperCase(),
    all.toLowerCase(),
    text.replace(/[*:]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
  ];
}

function expectNoSecret(r: RunResult): void {
  for (const s of spellings(SECRET).slice(0, 1)) expect(r.stdout + r.stderr).not.toContain(s);
  expect((r.stdout + r.stderr).toLowerCase()).not.toContain(SECRET.slice(0, 12));
}

describe('a server that echoes the token', () => {
  const cases = Object.entries(tokens).flatMap(([kind, token]) => [
    ...spellings(token).map((echo) => [kind, token, echo] as const),
    ...spellings(SECRET).map((echo) => [kind, token, echo] as const),
  ]);
  it.each(cases)('%s token %s, echoed as %j: masked in the error, and under --debug', async (_kind, token, echo) => {
    for (const debug of [[], ['--debug']]) {
      server.route(PATH, (_req, res) =>
        sendJson(res, 401, { name: 'AuthenticationRequired', message: `Invalid token ${echo} (got ${echo})` }),
      );
      const r = await runCli(['feature', 'get', 'f', ...debug], {
        env: { FLAGCTL_URL: server.url, FLAGCTL_TOKEN: token },
      });
      expect(r.code).toBe(4);
      expect(r.stderr).toMatch(
        /^flagctl: authentication failed \(HTTP 401 AuthenticationRequired\): Invalid token \S*\*\*\*\* \(got \S*\*\*\*\*\)$/m,
      );
      expectNoSecret(r);
    }
  });
});

describe('server text never begins a line of stderr', () => {
  const evil = 'first line\n::error file=x,line=1::pwned\r\n::add-mask::x\r::warning::y\n    at ::error::z';
  it.each([[[]], [['--debug']]])('a 500 message with line breaks, flags %j', async (flags) => {
    server.route(PATH, (_req, res) =>
      sendJson(res, 500, { name: 'UnknownError', message: evil, details: [{ message: evil }] }),
    );
    const r = await runCli(['feature', 'get', 'f', '--retries', '0', ...flags], {
      env: { FLAGCTL_URL: server.url, FLAGCTL_TOKEN: tokens.admin },
    });
    expect(r.code).toBe(1);
    for (const line of r.stderr.split(/\r\n|\r|\n/)) expect(line).not.toMatch(/^\s*(at\s+)?::/);
    expect(r.stderr).toContain('first line\\n::error file=x,line=1::pwned');
  });

  it('a 2xx body that is not the expected shape, under --debug', async () => {
    server.route(PATH, (_req, res) => sendJson(res, 200, { [evil]: 1 }));
    const r = await runCli(['feature', 'get', 'f', '--debug'], {
      env: { FLAGCTL_URL: server.url, FLAGCTL_TOKEN: tokens.admin },
    });
    expect(r.code).toBe(1);
    for (const line of r.stderr.split(/\r\n|\r|\n/)) expect(line).not.toMatch(/^\s*(at\s+)?::/);
  });
});
