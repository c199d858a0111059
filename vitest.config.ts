import { defineConfig } from 'vitest/config';
import { NODE_VERSION, nodePath } from './scripts/node-runtime.mjs';

// Projects: fast in-process tests, and the e2e suite that boots real servers and runs the built
// CLI as child processes, once on the machine's Node (20) and once on the pinned Node 24 LTS
// (package.json "seaNode"; fetched from the npm registry by scripts/node-runtime.mjs).
const e2e = {
  include: ['test/e2e/**/*.test.ts'],
  globalSetup: ['test/e2e/global-setup.ts'],
  testTimeout: 120_000,
  hookTimeout: 300_000,
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/e2e/**', 'node_modules/**'],
        },
      },
      {
        test: { name: 'e2e', ...e2e, env: { FLAGCTL_TEST_NODE: process.execPath, FLAGCTL_TEST_NODE_VERSION: process.version } },
      },
      {
        test: {
          name: 'e2e-node24',
          ...e2e,
          // The single executable embeds its own Node: its smoke test runs once, in `e2e`.
          exclude: ['test/e2e/binary.test.ts'],
          globalSetup: ['scripts/node-runtime.mjs', ...e2e.globalSetup],
          env: { FLAGCTL_TEST_NODE: nodePath(), FLAGCTL_TEST_NODE_VERSION: `v${NODE_VERSION}` },
        },
      },
    ],
  },
});
