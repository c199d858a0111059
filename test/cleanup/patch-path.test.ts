import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { patchPathOf } from '../../src/cleanup/patch-path.js';

const root = mkdtempSync(join(tmpdir(), 'flagctl-patch-path-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the name of a file in cleanup's patch", () => {
  const repo = join(root, 'repo');
  mkdirSync(join(repo, '.git'), { recursive: true });
  mkdirSync(join(repo, 'src', 'ui'), { recursive: true });
  const plain = join(root, 'plain');
  mkdirSync(join(plain, 'lib'), { recursive: true });

  it('in a work tree: from its top, whether the path was relative or absolute and wherever the run is', () => {
    expect(patchPathOf('src/ui/a.ts', repo)).toBe('src/ui/a.ts');
    expect(patchPathOf(join(repo, 'src/ui/a.ts'), repo)).toBe('src/ui/a.ts');
    expect(patchPathOf('ui/a.ts', join(repo, 'src'))).toBe('src/ui/a.ts');
    expect(patchPathOf('./a.ts', join(repo, 'src', 'ui'))).toBe('src/ui/a.ts');
  });

  it('outside a work tree: from the current folder; outside that, the absolute path without its leading /', () => {
    expect(patchPathOf('lib/a.py', plain)).toBe('lib/a.py');
    expect(patchPathOf(join(plain, 'lib/a.py'), plain)).toBe('lib/a.py');
    expect(patchPathOf(join(repo, 'src/ui/a.ts'), plain)).toBe(`${join(repo, 'src/ui/a.ts').slice(1)}`);
  });
});
