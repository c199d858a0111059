import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script without types
import { BEGIN, END, flagReference, withReference } from '../../scripts/flag-tables.mjs';
import { runCli } from '../support/io.js';

// The README's flag reference is generated from the command records, as --help is.

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('the README flag reference', () => {
  it('is current (regenerate: npm run docs)', () => {
    const r = spawnSync(process.execPath, ['scripts/flag-tables.mjs', '--check'], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('lists every flag that --help lists, for a command with many', async () => {
    const reference: string = await flagReference();
    const section = reference.split('#### `flagctl features search`')[1]!.split('#### ')[0]!;
    const help = (await runCli(['features', 'search', '--help'])).stdout;
    const listed = [...help.split('Global Options:')[0]!.matchAll(/^ {2}(?:-\w, )?(--[\w-]+)/gm)].map((m) => m[1]!).filter((f) => f !== '--help');
    expect(listed.length).toBeGreaterThan(20);
    for (const flag of listed) expect(section, flag).toContain(flag);
  });

  it('replaces only what stands between its markers', () => {
    const doc = `intro\n${BEGIN}\nold\n${END}\noutro\n`;
    expect(withReference(doc, `${BEGIN}\nnew\n${END}`)).toBe(`intro\n${BEGIN}\nnew\n${END}\noutro\n`);
    expect(readme).toContain(BEGIN);
  });
});
