import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The GitHub Action installs only itself: action.yml runs the flagctl of its own ref, built
// from its own checkout with its lockfile (npm ci --ignore-scripts), with no token in that
// step's environment. The build step is run as the runner would, with a recording npm.
// (test/e2e/refs-diff.test.ts runs both steps against real servers from a release bundle.)

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'flagctl-action-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the Action installs only itself', () => {
  it('action.yml: no registry install, no version input; the token only in the step that runs flagctl', () => {
    const yml = readFileSync(join(ROOT, 'action.yml'), 'utf8');
    expect(yml).not.toMatch(/npm (install|i) |@latest|npx /);
    expect(yml).not.toMatch(/^ {2}version:/m);
    const [setup, refs] = yml.split(/^ {4}- id: refs$/m);
    expect(setup).toMatch(
      /- id: setup\n\s+shell: bash\n\s+run: bash "\$GITHUB_ACTION_PATH\/scripts\/action\/setup\.sh"\n/,
    );
    expect(setup!.slice(setup!.indexOf('- id: setup'))).not.toMatch(/token|env:/i);
    expect(refs).toContain('FLAGCTL_TOKEN: ${{ inputs.token }}');
    expect(refs).toContain('FLAGCTL_CLI: ${{ steps.setup.outputs.cli }}');
    for (const input of ['exclude', 'project', 'calls']) {
      expect(yml).toMatch(new RegExp(`^ {2}${input}:\\n {4}description: `, 'm'));
      expect(refs).toContain(`INPUT_${input.toUpperCase()}: \${{ inputs.${input} }}`);
    }
  });

  it('without a bundle, setup.sh builds from the checkout: npm ci --ignore-scripts, no token in its environment, nothing else fetched', () => {
    const action = join(scratch, 'build');
    mkdirSync(join(action, 'scripts/action'), { recursive: true });
    mkdirSync(join(action, 'bin'));
    copyFileSync(join(ROOT, 'scripts/action/setup.sh'), join(action, 'scripts/action/setup.sh'));
    copyFileSync(join(ROOT, 'package-lock.json'), join(action, 'package-lock.json'));
    // The build stands in for scripts/build.mjs: it records that it ran, and makes the bundle.
    writeFileSync(
      join(action, 'scripts/build.mjs'),
      "import { mkdirSync, writeFileSync } from 'node:fs';\nmkdirSync('dist');\nwriteFileSync('dist/flagctl.cjs', '');\nwriteFileSync('dist/launch.cjs', '');\n",
    );
    const bin = join(scratch, 'bin');
    mkdirSync(bin);
    const log = join(scratch, 'npm.log');
    writeFileSync(
      join(bin, 'npm'),
      `#!/bin/sh\n{ echo "npm $*"; env | grep -E '^(FLAGCTL_|NODE_AUTH_TOKEN|NPM_TOKEN)' ; echo "cwd $(pwd)"; } >> '${log}'\n`,
      { mode: 0o755 },
    );
    for (const tool of ['curl', 'wget', 'npx'])
      writeFileSync(join(bin, tool), `#!/bin/sh\necho "${tool} $*" >> '${log}'\nexit 1\n`, { mode: 0o755 });
    const outputs = join(scratch, 'outputs');
    writeFileSync(outputs, '');
    const run = spawnSync('bash', [join(action, 'scripts/action/setup.sh')], {
      cwd: scratch,
      encoding: 'utf8',
      // A workflow-level env holding the token must not reach the install.
      env: {
        PATH: `${bin}:${dirname(process.execPath)}:/usr/bin:/bin`,
        GITHUB_ACTION_PATH: action,
        GITHUB_OUTPUT: outputs,
        FLAGCTL_TOKEN: '*:*.secret',
        FLAGCTL_URL: 'http://127.0.0.1:1',
        NODE_AUTH_TOKEN: 'x',
      },
    });
    expect(run.status, run.stderr).toBe(0);
    expect(readFileSync(log, 'utf8')).toBe(
      `npm ci --ignore-scripts --no-audit --no-fund --loglevel=error\ncwd ${action}\n`,
    );
    expect(readFileSync(outputs, 'utf8')).toBe(`cli=${action}/bin/flagctl\n`);
  });

  it('a failed build: exit 1, an annotation and a step summary', () => {
    const action = join(scratch, 'broken');
    mkdirSync(join(action, 'scripts/action'), { recursive: true });
    copyFileSync(join(ROOT, 'scripts/action/setup.sh'), join(action, 'scripts/action/setup.sh'));
    const summary = join(scratch, 'summary.md');
    const run = spawnSync('bash', [join(action, 'scripts/action/setup.sh')], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, GITHUB_ACTION_PATH: action, GITHUB_STEP_SUMMARY: summary },
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/^::error title=flagctl::no dist\/flagctl\.cjs and no package-lock\.json/);
    expect(readFileSync(summary, 'utf8')).toMatch(
      /^### flagctl refs --diff\n\nflagctl could not be set up: no dist\/flagctl\.cjs/,
    );
  });
});
