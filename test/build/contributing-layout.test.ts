import { existsSync, readdirSync, readFileSync } from 'node:fs';
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

/** Each folder under test/ that holds a test file, as `test/<folder>/`. */
function testFolders(): string[] {
  const files = readdirSync(new URL('test/', ROOT), { recursive: true }).map(String);
  const folders = files.filter((f) => f.endsWith('.test.ts')).map((f) => `test/${f.slice(0, f.lastIndexOf('/'))}/`);
  return [...new Set(folders)].sort();
}

/** The test folders the map does not name. */
const unnamed = (markdown: string) => {
  const named = new Set(mapPaths(markdown).map((p) => (p.endsWith('/') ? p : `${p}/`)));
  return testFolders().filter((f) => !named.has(f));
};

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

  it('names every folder of tests', () => {
    expect(testFolders()).toContain('test/faults/');
    expect(unnamed(doc)).toEqual([]);
  });

  it('fails for a folder of tests it does not name', () => {
    const planted = doc.replace(/^(test\/faults| {2}faults\/) .*\n/m, '');
    expect(planted).not.toBe(doc);
    expect(unnamed(planted)).toEqual(['test/faults/']);
  });
});
