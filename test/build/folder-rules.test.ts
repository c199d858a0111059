import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script without types
import { assertFolderRules, folderViolations } from '../../scripts/folder-rules.mjs';

// The build fails when a folder of src/ imports one it must not (scripts/folder-rules.mjs).
// Each case plants one violation in an in-memory tree and shows the check names it.

const tree = (files: Record<string, string>) => new Map(Object.entries(files));

describe('folder rules', () => {
  it('domain code importing output/ is named, a type-only import included', () => {
    const found = folderViolations(
      tree({
        'refs/render.ts': "import type { Column } from '../output/rows.js';\n",
        'diff/engine.ts': "import { canonical } from '../snapshot/canonical.js';\n",
      }),
    );
    expect(found).toEqual([
      'src/refs/render.ts imports src/output/rows.ts: domain code never imports output/ or the commands',
    ]);
  });

  it('api/ throwing a usage error is named', () => {
    const found = folderViolations(
      tree({ 'api/raw.ts': "import { RequestError, UsageError } from '../errors.js';\n" }),
    );
    expect(found).toEqual([
      'src/api/raw.ts imports UsageError: api/ throws only request and API errors; options are checked before run()',
    ]);
  });

  it('completion building a commander tree, and the framework importing completion, are named', () => {
    const found = folderViolations(
      tree({
        'cli/completion/generate.ts':
          "import { buildProgram } from '../program.js';\nimport type { ProgramSpec } from '../spec.js';\n",
        'cli/spec.ts': "import type { Shell } from './completion/shells.js';\n",
      }),
    );
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(/^src\/cli\/completion\/generate\.ts imports src\/cli\/program\.ts/);
    expect(found[1]).toMatch(/^src\/cli\/spec\.ts imports src\/cli\/completion\/shells\.ts/);
  });

  it('a dynamic import counts, and the layers below never reach up', () => {
    const found = folderViolations(
      tree({
        'config/store.ts': "const m = await import('../api/client.js');\n",
        'api/search.ts': "import { termSafe } from '../output/sanitize.js';\n",
        'commands/refs/run.ts':
          "import { render } from '../../output/render.js';\nimport { scan } from '../../refs/scan.js';\n",
      }),
    );
    expect(found.map((l: string) => l.split(':')[0])).toEqual([
      'src/config/store.ts imports src/api/client.ts',
      'src/api/search.ts imports src/output/sanitize.ts',
    ]);
  });

  it('src/ keeps every rule (the build runs the same check)', () => {
    expect(() => assertFolderRules('src')).not.toThrow();
  });

  it('a copy of src/ with one violation planted fails the check the build runs', () => {
    const copy = mkdtempSync(join(tmpdir(), 'flagctl-folders-'));
    try {
      cpSync('src', copy, { recursive: true });
      appendFileSync(
        join(copy, 'refs/model.ts'),
        "\nimport { termSafe } from '../output/sanitize.js';\nvoid termSafe;\n",
      );
      expect(() => assertFolderRules(copy)).toThrow(
        'src/refs/model.ts imports src/output/sanitize.ts: domain code never imports output/ or the commands',
      );
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
