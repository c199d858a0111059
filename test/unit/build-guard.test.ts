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

/** An esbuild plugin that appends `line` to src/main.ts as it is loaded. */
function plant(line: string) {
  return {
    name: 'plant-a-violation',
    setup(b: { onLoad(o: { filter: RegExp }, cb: (a: { path: string }) => { contents: string; loader: 'ts' }): void }) {
      b.onLoad({ filter: /[\\/]src[\\/]main\.ts$/ }, (args) => ({
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
