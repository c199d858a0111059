import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script without types
import { assertNoCycles, importCycles, sourceGraph } from '../../scripts/import-cycles.mjs';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The build fails on an import circle in src/ (scripts/import-cycles.mjs). These show the
// check finds one, dynamic and type-only imports included, and that src/ has none.

const input = (imports: [string, string?][]) => ({
  imports: imports.map(([path, kind]) => ({ path, kind: kind ?? 'import-statement' })),
});

describe('import circles', () => {
  it('finds a circle closed by a dynamic import, and none in a tree', () => {
    const circle = {
      inputs: { 'src/a.ts': input([['src/b.ts']]), 'src/b.ts': input([['src/a.ts', 'dynamic-import']]) },
    };
    expect(importCycles(circle)).toEqual([['src/a.ts', 'src/b.ts', 'src/a.ts']]);
    const tree = {
      inputs: {
        'src/a.ts': input([['src/b.ts'], ['src/c.ts']]),
        'src/b.ts': input([['src/c.ts']]),
        'src/c.ts': input([]),
      },
    };
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

  it('reads the sources: a circle closed by a type-only import fails the check the build runs', () => {
    const dir = mkdtempSync(join(tmpdir(), 'flagctl-cycles-'));
    try {
      mkdirSync(join(dir, 'cli'));
      writeFileSync(
        join(dir, 'cli/spec.ts'),
        "import type { RunContext } from './context.js';\nexport type Run = (ctx: RunContext) => void;\n",
      );
      writeFileSync(
        join(dir, 'cli/context.ts'),
        "import type { Run } from './spec.js';\nexport class RunContext { run?: Run; }\n",
      );
      expect(importCycles(sourceGraph(dir))).toEqual([['src/cli/context.ts', 'src/cli/spec.ts', 'src/cli/context.ts']]);
      expect(() => assertNoCycles(dir)).toThrow(
        /import circles in src\/:\n {2}src\/cli\/context\.ts -> src\/cli\/spec\.ts -> src\/cli\/context\.ts/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('src/ has none counting type-only imports, as the build checks it (output/ and cleanup/ included)', () => {
    const graph = sourceGraph('src');
    expect(Object.keys(graph.inputs)).toContain('src/cli/spec.ts');
    expect(Object.keys(graph.inputs)).toContain('src/output/context.ts');
    expect(importCycles(graph)).toEqual([]);
  });

  it('a circle anywhere fails the build, a type-only one inside output/ too', () => {
    const graph = sourceGraph('src');
    graph.inputs['src/output/context.ts'].imports.push({ path: 'src/output/formats/adapter.ts' });
    expect(() => assertNoCycles(graph)).toThrow(/src\/output\/context\.ts -> src\/output\/formats\/adapter\.ts/);
  });

  it('a circle through a command fails the build', () => {
    const graph = sourceGraph('src');
    graph.inputs['src/output/view.ts'].imports.push({ path: 'src/commands/refs/run.ts' });
    graph.inputs['src/commands/refs/run.ts'].imports.push({ path: 'src/output/view.ts' });
    expect(() => assertNoCycles(graph)).toThrow(/src\/commands\/refs\/run\.ts/);
  });
});
