import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script without types
import { BEGIN, END, optionPages, pageOf, withReference } from '../../scripts/option-tables.mjs';
import { runCli } from '../support/io.js';

// Each command's options in docs/commands/ are generated from the command records, as --help is.

describe('the options in docs/commands', () => {
  it('are current (regenerate: npm run docs)', () => {
    const r = spawnSync(process.execPath, ['scripts/option-tables.mjs', '--check'], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('list every option that --help lists, for a command with many', async () => {
    const pages: Map<string, string> = await optionPages();
    const section = pages.get('docs/commands/features-search.md')!;
    const help = (await runCli(['features', 'search', '--help'])).stdout;
    const listed = [...help.split('Global Options:')[0]!.matchAll(/^ {2}(?:-\w, )?(--[\w-]+)/gm)]
      .map((m) => m[1]!)
      .filter((f) => f !== '--help');
    expect(listed.length).toBeGreaterThan(20);
    for (const flag of listed) expect(section, flag).toContain(flag);
    expect(readFileSync('docs/commands/features-search.md', 'utf8')).toContain(section);
  });

  it("go to the command's own page, else its noun's; a command with neither has none", () => {
    const have = new Set(['docs/commands/feature-get.md', 'docs/commands/retire.md']);
    const exists = (p: string) => have.has(p);
    expect(pageOf(['feature', 'get'], exists)).toBe('docs/commands/feature-get.md');
    expect(pageOf(['retire', 'apply'], exists)).toBe('docs/commands/retire.md');
    expect(pageOf(['segments', 'list'], exists)).toBeUndefined();
  });

  it('replace only what stands between their markers', () => {
    const doc = `intro\n${BEGIN}\nold\n${END}\noutro\n`;
    expect(withReference(doc, `${BEGIN}\nnew\n${END}`)).toBe(`intro\n${BEGIN}\nnew\n${END}\noutro\n`);
    expect(() => withReference('no markers', `${BEGIN}\nnew\n${END}`, 'docs/x.md')).toThrow(
      /docs\/x\.md has no generated options/,
    );
  });
});
