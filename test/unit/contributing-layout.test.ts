import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// docs/contributing.md's map of the tree ("Where things are") must describe the layout as it is:
// every folder and file it names exists. A move that forgets the map fails here.

const ROOT = new URL('../../', import.meta.url);
const doc = readFileSync(new URL('docs/contributing.md', ROOT), 'utf8');

/** The paths the map names: its first column, nested under the folder above it by indentation. */
export function mapPaths(markdown: string): string[] {
  const section = markdown.split('### Where things are')[1] ?? '';
  const block = /```\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  const paths: string[] = [];
  const parents: { indent: number; path: string }[] = [];
  for (const line of block.split('\n')) {
    const m = /^( *)(\S+(?: \S+\/)*)/.exec(line);
    // A line of description only (deeply indented continuation) names nothing.
    if (!m || m[1]!.length > 6) continue;
    const indent = m[1]!.length;
    while (parents.length && parents.at(-1)!.indent >= indent) parents.pop();
    const base = parents.at(-1)?.path ?? '';
    for (const word of m[2]!.split(/[ ,]+/).filter(Boolean)) {
      // `<noun>/<verb>/` is a pattern, not a path.
      if (word.includes('<')) continue;
      const path = base + word;
      paths.push(path);
      if (word.endsWith('/')) parents.push({ indent, path });
    }
  }
  return paths;
}

describe('docs/contributing.md, "Where things are"', () => {
  it('names only folders and files that exist', () => {
    const named = mapPaths(doc);
    expect(named).toContain('src/cli/completion/');
    expect(named).toContain('src/api/http/');
    expect(named.filter((p) => !existsSync(new URL(p, ROOT)))).toEqual([]);
  });

  it('fails for a folder that does not exist', () => {
    const planted = doc.replace('  search/ ', '  nowhere/ ');
    expect(planted).not.toBe(doc);
    expect(mapPaths(planted).filter((p) => !existsSync(new URL(p, ROOT)))).toEqual(['src/nowhere/']);
  });
});
