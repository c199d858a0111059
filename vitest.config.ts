import { defineConfig } from 'vitest/config';
import { NODE_VERSION, nodePath } from './scripts/node-runtime.mjs';

// Five projects, run one after the other (sequence.groupOrder) so that their times add up
// plainly and the two e2e runtimes never use the shared servers at the same moment:
//
//   unit        in-process: main() with injected IO and clock, fixture servers on 127.0.0.1.
//               The fast loop: `npm run test:unit`.
//   faults      fault injection (test/faults): TLS and proxy faults, hostile servers, the built
//               CLI as a process (EPIPE, Ctrl-C, flushing). `npm run test:faults`.
//   artifact    what is shipped, as shipped: npm pack and install, the single executable,
//               the completion scripts in real bash, zsh and fish.
//   e2e         the built CLI as a child process against real Unleash 6.10.1 and 8.2.0, on
//               the machine's Node (20).
//   e2e-node24  the same files on the pinned Node 24 LTS (package.json "seaNode", fetched from
//               the npm registry by scripts/node-runtime.mjs), against the same servers: the
//               set-up boots and seeds them once for both (test/e2e/global-setup.ts).
//
// Some e2e files run on one runtime only (ONE_RUNTIME): the single executable embeds its own
// Node, so a second runtime adds nothing; the rate-limit file waits out Unleash's 60 s window
// on a server of its own, and pacing is the same code on every runtime; retire and retire-judge
// and retire-audit boot servers of their own too (they archive and revive), and their requests are the same client code on both.

const ONE_RUNTIME = [
  'test/e2e/binary.test.ts',
  'test/e2e/rate-limit.test.ts',
  'test/e2e/retire.test.ts',
  'test/e2e/retire-judge.test.ts',
  'test/e2e/retire-truth.test.ts',
  'test/e2e/retire-audit.test.ts',
  'test/e2e/terminal-scale.test.ts',
];

const e2e = {
  include: ['test/e2e/**/*.test.ts'],
  // One file at a time: the files share two servers, and some write to them (read-only.test.ts
  // counts the events a read leaves). vitest honours this per project; maxForks it does not.
  poolOptions: { forks: { singleFork: true } },
  globalSetup: ['test/e2e/global-setup.ts'],
  testTimeout: 120_000,
  hookTimeout: 300_000,
};

export default defineConfig({
  test: {
    // Both cores: vitest's default leaves one free (cores - 1), which on this 2-core machine
    // ran the unit files one at a time. Artifact and e2e keep one file at a time (singleFork).
    maxWorkers: 2,
    minWorkers: 1,
    // Each pool takes its isolation from this root config, never from a project's (vitest 3.2
    // builds one pool per kind for every project), so unit alone runs on threads, which share
    // their modules from file to file; the other projects keep the forks pool, isolated.
    poolOptions: { threads: { isolate: false } },
    reporters: ['default', './test/support/project-times.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          // Worker threads that keep their modules from file to file (poolOptions above): the
          // sources, zod and vitest load once per thread rather than once per file.
          pool: 'threads',
          include: ['test/**/*.test.ts'],
          exclude: ['test/{build,faults,artifact,e2e}/**'],
          // A limit for a test that hangs, not a speed goal (those live in bench/): the 5 s
          // default failed tests that loop over every command on this 2-core machine under load.
          testTimeout: 30_000,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'build',
          include: ['test/build/**/*.test.ts'],
          testTimeout: 30_000,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'faults',
          include: ['test/faults/**/*.test.ts'],
          testTimeout: 30_000,
          sequence: { groupOrder: 2 },
        },
      },
      {
        test: {
          name: 'artifact',
          include: ['test/artifact/**/*.test.ts'],
          // Pack, install and the binary build run in beforeAll hooks; one file at a time, as before.
          poolOptions: { forks: { singleFork: true } },
          hookTimeout: 300_000,
          testTimeout: 30_000,
          sequence: { groupOrder: 3 },
        },
      },
      {
        test: {
          name: 'e2e',
          ...e2e,
          env: { FLAGCTL_TEST_NODE: process.execPath, FLAGCTL_TEST_NODE_VERSION: process.version },
          sequence: { groupOrder: 4 },
        },
      },
      {
        test: {
          name: 'e2e-node24',
          ...e2e,
          exclude: ONE_RUNTIME,
          globalSetup: ['scripts/node-runtime.mjs', ...e2e.globalSetup],
          env: { FLAGCTL_TEST_NODE: nodePath(), FLAGCTL_TEST_NODE_VERSION: `v${NODE_VERSION}` },
          sequence: { groupOrder: 5 },
        },
      },
    ],
  },
});
