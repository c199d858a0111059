import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ALL_FORMATS } from '../../src/output/formats.js';
// @ts-expect-error: a plain .mjs build script without types
import { formatBranches, formatNames } from '../../scripts/format-branches.mjs';
// @ts-expect-error: a plain .mjs build script without types
import { sources } from '../../scripts/post-sites.mjs';

// "Commands never branch on the format": the build fails on a command that does
// (scripts/format-branches.mjs). Each case plants one branch in the real source tree, in
// memory, as the commands had them before the adapters, and shows the check names it.

const src = fileURLToPath(new URL('../../src', import.meta.url));
const names = (): string[] => formatNames(src);
const plant = (path: string, from: string, to: string) => {
  const files: Map<string, string> = sources(src);
  const text = files.get(path)!;
  expect(text).toContain(from);
  files.set(path, text.replace(from, to));
  return formatBranches(files, names());
};

describe('format branches in src/commands', () => {
  it('reads every format from formats.ts, and finds none in the commands', () => {
    expect(names()).toEqual(ALL_FORMATS);
    expect(formatBranches(sources(src), names())).toEqual([]);
  });

  it.each([
    ['refs/run.ts', "} else if (format === 'github') {"],
    ['refs/run.ts', 'if (f.summary && (format === "github" || format === "sarif")) {'],
    ['insights/run.ts', "const rowsOnly = ['csv', 'ndjson', 'markdown'].includes(ui.out.format);"],
    ['features/stale/run.ts', "const github = req.output.format === 'github';"],
    ['api/run.ts', "const ndjson = 'ndjson' === f.output;"],
    ['diff/run.ts', 'switch (f.output) { default: }'],
    ['retire/plan/run.ts', 'const print = { github: planAnnotations }[req.output.format];'],
    ['export/run.ts', 'if (ui.out.format !== `json`) return;'],
  ])('a branch planted in commands/%s is named: %s', (file, line) => {
    const anchor = 'export async function run(';
    const found = plant(`commands/${file}`, anchor, `${line}\n${anchor}`);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(new RegExp(`^src/commands/${file.replace(/[./]/g, '\\$&')}:\\d+: `));
    expect(found[0]).toContain(line);
  });

  it('a comment that speaks of a format, and the framework (src/cli) that reads -o, are not branches', () => {
    expect(
      plant(
        'commands/refs/run.ts',
        'export async function run(',
        "// if (format === 'json') was here\nexport async function run(",
      ),
    ).toEqual([]);
    expect(
      plant(
        'cli/output-options.ts',
        'export function orList(',
        "const x = (format: string) => format === 'json';\nexport function orList(",
      ),
    ).toEqual([]);
  });
});
