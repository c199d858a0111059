import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script without types
import { importCycles } from '../../scripts/import-cycles.mjs';

// The build fails on an import circle in src/ (scripts/import-cycles.mjs). These show the
// check finds one, dynamic imports included, and that src/ has none.

const input = (imports: [string, string?][]) => ({ imports: imports.map(([path, kind]) => ({ path, kind: kind ?? 'import-statement' })) });

describe('import circles', () => {
  it('finds a circle closed by a dynamic import, and none in a tree', () => {
    const circle = { inputs: { 'src/a.ts': input([['src/b.ts']]), 'src/b.ts': input([['src/a.ts', 'dynamic-import']]) } };
    expect(importCycles(circle)).toEqual([['src/a.ts', 'src/b.ts', 'src/a.ts']]);
    const tree = { inputs: { 'src/a.ts': input([['src/b.ts'], ['src/c.ts']]), 'src/b.ts': input([['src/c.ts']]), 'src/c.ts': input([]) } };
    expect(importCycles(tree)).toEqual([]);
  });

  it('src/ has none, from the CLI entry through every lazily loaded command', async () => {
    const result = await build({
      entryPoints: ['src/entry.ts'],
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      write: false,
      metafile: true,
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs).toContain('src/commands/features/stale/run.ts');
    expect(importCycles(result.metafile)).toEqual([]);
  });
});
