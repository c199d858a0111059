import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script, without type declarations
import { bundle } from '../../scripts/build.mjs';

// The build refuses a bundle whose start-up path (entry.ts, main.ts and what they import
// statically) reaches what only a running command needs, each command's run.ts first of all.
// Proved by planting a violation: one static import added to main.ts as esbuild loads it.

const tmp = mkdtempSync(join(tmpdir(), 'flagctl-build-guard-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** An esbuild plugin that appends `line` to src/main.ts (or the file `into` matches) as it is loaded. */
function plant(line: string, into = /[\\/]src[\\/]main\.ts$/) {
  return {
    name: 'plant-a-violation',
    setup(b: { onLoad(o: { filter: RegExp }, cb: (a: { path: string }) => { contents: string; loader: 'ts' }): void }) {
      b.onLoad({ filter: into }, (args) => ({
        contents: `${readFileSync(args.path, 'utf8')}\n${line}\n`,
        loader: 'ts',
      }));
    },
  };
}

describe('the build keeps every command implementation off the start-up path', () => {
  it('builds the code as it is', async () => {
    await expect(bundle({ outfile: join(tmp, 'ok.cjs') })).resolves.toBe(join(tmp, 'ok.cjs'));
  });

  it.each([
    ['commands/feature/get/run.js', 'src/commands/feature/get/run.ts'],
    ['commands/features/search/run.js', 'src/commands/features/search/run.ts'],
  ])('fails when main.ts imports ./%s statically, naming it', async (imported, named) => {
    const err = await bundle({ outfile: join(tmp, 'planted.cjs'), plugins: [plant(`import './${imported}';`)] }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(
      /^these must load lazily \(with import\(\)\), but are imported statically:\n/,
    );
    expect((err as Error).message.split('\n').map((l) => l.trim())).toContain(named);
  });

  it('a dynamic import() of the same file is what the build expects', async () => {
    const line = `export const later = () => import('./commands/feature/get/run.js');`;
    await expect(bundle({ outfile: join(tmp, 'lazy.cjs'), plugins: [plant(line)] })).resolves.toBe(
      join(tmp, 'lazy.cjs'),
    );
  });
});

// Issue 38: every other command's start-up is unchanged by cleanup. Its parser (src/cleanup/,
// which loads web-tree-sitter and the grammars) is reached only through the import() of
// src/commands/cleanup/run.ts; the build fails on any other path to it, static or dynamic.
describe("the build keeps cleanup's parser to cleanup", () => {
  const searchRun = /[\\/]src[\\/]commands[\\/]features[\\/]search[\\/]run\.ts$/;
  const featureGetRun = /[\\/]src[\\/]commands[\\/]feature[\\/]get[\\/]run\.ts$/;

  it.each([
    [
      'features search imports it statically',
      "import '../../../cleanup/tree.js';",
      searchRun,
      'package',
      'src/cleanup/tree.ts',
    ],
    [
      'feature get imports it with import()',
      "export const later = () => import('../../../cleanup/grammars.js');",
      featureGetRun,
      'fast',
      'src/cleanup/grammars.ts',
    ],
    [
      'feature get imports it with import(), in the whole CLI',
      "export const later = () => import('../../../cleanup/grammars.js');",
      featureGetRun,
      'package',
      'src/cleanup/grammars.ts',
    ],
  ])('fails when %s, naming the file', async (_what, line, into, kind, named) => {
    const err = await bundle({ outfile: join(tmp, `cleanup-${kind}.cjs`), kind, plugins: [plant(line, into)] }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    const lines = (err as Error).message.split('\n').map((l) => l.trim());
    expect(lines[0]).toBe("cleanup's parser is loaded only by src/commands/cleanup/run.ts, but other code reaches it:");
    expect(lines.some((l) => l.startsWith(`${named} (imported by `))).toBe(true);
  });

  it('lets retire plan and refs print the cleanup command line (command-line.ts holds no parser)', async () => {
    const line = "export { cleanupCommand } from '../../../cleanup/command-line.js';";
    await expect(bundle({ outfile: join(tmp, 'cleanup-line.cjs'), plugins: [plant(line, searchRun)] })).resolves.toBe(
      join(tmp, 'cleanup-line.cjs'),
    );
  });
});
