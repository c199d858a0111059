import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/io.js';

// diff's totals line names the segments that differ and the features that use them: names a
// server (or a snapshot it wrote) chose. On a terminal they must not drive it.

const dir = mkdtempSync(join(tmpdir(), 'flagctl-hostile-diff-'));
const SEGMENT = 'beta\u001b]8;;https://evil.example\u001b\\users\u001b]8;;\u001b\\\u009b2J\r\u202e';
const FEATURE = 'f\u001b]0;pwned\u0007';
const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const ours = (s: string) => s.replace(/\u001b\[\d{1,2}(;\d{1,2})*m/g, '');

function snapshot(name: string, value: string): string {
  const path = join(dir, name);
  const constraint = {
    contextName: 'userId',
    operator: 'IN',
    inverted: false,
    caseInsensitive: false,
    values: [value],
  };
  const strategy = {
    name: 'default',
    disabled: false,
    parameters: {},
    constraints: [],
    segments: [SEGMENT],
    variants: [],
  };
  writeFileSync(
    path,
    JSON.stringify({
      format: 'flagctl-snapshot',
      version: 2,
      project: 'default',
      environments: ['production'],
      segments: [{ name: SEGMENT, constraints: [constraint] }],
      features: [
        {
          name: FEATURE,
          type: 'release',
          description: null,
          stale: false,
          impressionData: false,
          tags: [],
          dependencies: [],
          environments: [{ name: 'production', enabled: true, strategies: [strategy], variants: [] }],
        },
      ],
    }),
  );
  return `@${path}`;
}

describe('diff: a differing segment in the totals line', () => {
  it.each([
    ['a terminal', [], true],
    ['a terminal, --stat', ['--stat'], true],
    ['a pipe', [], false],
    ['a pipe, --stat', ['--stat'], false],
  ])('%s', async (_label, extra, tty) => {
    const r = await runCli(['diff', snapshot('left.json', '1'), snapshot('right.json', '2'), ...(extra as string[])], {
      env: { FORCE_COLOR: tty ? '1' : '0' },
      stdoutIsTTY: tty as boolean,
    });
    expect(r.code).toBe(3);
    expect(ours(r.stdout)).not.toMatch(RAW);
    expect(r.stdout).toContain(
      '1 segment differs: beta\\x1b]8;;https://evil.example\\x1b\\users\\x1b]8;;\\x1b\\\\x9b2J\\r\\u202e (used by f\\x1b]0;pwned\\x07)',
    );
  });
});
