import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { cleanupCommand, shellWord } from '../../src/cleanup/command-line.js';

describe('the cleanup command a plan prints', () => {
  it('spells out --keep and the paths', () => {
    expect(cleanupCommand('new-checkout', 'enabled', ['src', 'web/app'])).toBe(
      'flagctl cleanup new-checkout src web/app --keep on',
    );
    expect(cleanupCommand('new-checkout', 'disabled', [])).toBe('flagctl cleanup new-checkout . --keep off');
  });

  it('quotes a path so that a shell reads it back unchanged', () => {
    for (const word of ["my dir/it's here", '$(rm -rf ~)', 'a;b', 'plain/path-1.2']) {
      expect(execFileSync('sh', ['-c', `printf %s ${shellWord(word)}`], { encoding: 'utf8' })).toBe(word);
    }
  });
});
