import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script, without type declarations
import { bundle } from '../../scripts/build.mjs';
import { runCommonJs } from '../../src/startup/code-cache.js';

// The bundles the launchers run (dist/flagctl.cjs, dist/feature-get.cjs) are written inside
// CommonJS's wrapper and in ASCII, so the launcher compiles the file's text as read (latin1),
// with no copy made at run time: src/startup/code-cache.ts, docs/performance.md "Start-up".

const tmp = mkdtempSync(join(tmpdir(), 'flagctl-bundle-text-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** An esbuild plugin that appends `line` to src/startup/feature-get.ts as it is loaded. */
const plant = (line: string) => ({
  name: 'plant',
  setup(b: { onLoad(o: { filter: RegExp }, cb: (a: { path: string }) => { contents: string; loader: 'ts' }): void }) {
    b.onLoad({ filter: /[\\/]src[\\/]startup[\\/]feature-get\.ts$/ }, (args) => ({
      contents: `${readFileSync(args.path, 'utf8')}\n${line}\n`,
      loader: 'ts',
    }));
  },
});

describe('the bundles the launchers compile', () => {
  it('run as a script (the launcher: the wrapper comes back) and as a required module alike', async () => {
    const file = await bundle({ outfile: join(tmp, 'fast.cjs'), kind: 'fast' });
    const text = readFileSync(file, 'latin1');
    expect(text.split('\n')[0]).toMatch(/^\/\/ flagctl bundle [0-9a-f]{16}$/);
    const asScript = runCommonJs(new Script(text, { filename: file }), file, tmp);
    expect(Object.keys(asScript).sort()).toEqual(['featureGetFast', 'run']);
    const asModule = execFileSync(
      process.execPath,
      ['-e', `console.log(Object.keys(require(${JSON.stringify(file)})).sort().join())`],
      { encoding: 'utf8' },
    );
    expect(asModule.trim()).toBe('featureGetFast,run');
  });

  it('are ASCII: a character esbuild keeps as is (in a kept comment) fails the build, naming the line', async () => {
    const line = 'export class Kept {\n  /** keeps {…} */\n  m(): number {\n    return 1;\n  }\n}';
    const err = await bundle({ outfile: join(tmp, 'not-ascii.cjs'), kind: 'fast', plugins: [plant(line)] }).catch(
      (e: Error) => e,
    );
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/not-ascii\.cjs: line \d+ is not ASCII/);
    expect((err as Error).message).toContain('keeps {…}');
  });

  it('a bundle nobody compiles as a script (the launcher itself) is written as esbuild made it', async () => {
    const file = await bundle({ outfile: join(tmp, 'launch.cjs'), kind: 'launch' });
    expect(readFileSync(file, 'latin1').split('\n')[1]).toBe('const __flagctlRequire = require;');
  });
});
