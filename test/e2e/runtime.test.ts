import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { flagctl, NODE } from './cli.js';

// Each e2e project runs the CLI on the runtime it names (vitest.config.ts): this checks that the
// children really get that node, so a green e2e-node24 means the suite ran on Node 24.

describe(`the CLI's runtime in this project (${process.env.FLAGCTL_TEST_NODE_VERSION})`, () => {
  it('is the node the project asked for', () => {
    expect(process.env.FLAGCTL_TEST_NODE_VERSION).toMatch(/^v\d+\.\d+\.\d+$/);
    expect(execFileSync(NODE, ['-p', 'process.version'], { encoding: 'utf8' }).trim()).toBe(
      process.env.FLAGCTL_TEST_NODE_VERSION,
    );
  });

  it('runs the built CLI', async () => {
    const r = await flagctl(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: flagctl /);
  });
});
