import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { promptHidden } from '../../src/config/prompt.js';
import type { IO } from '../../src/io.js';

// The hidden prompt turns the terminal's echo off before it shows the question: a token typed
// (or pasted, or sent by a script) as soon as the question appears is never echoed. Echo was
// turned off only after the question, so a fast answer showed on the screen (seen in the
// artifact test of auth login on a pseudo-terminal, under load).

describe('promptHidden', () => {
  it('turns echo off before it writes the question, and back on after the answer', async () => {
    const events: string[] = [];
    const stdin = Object.assign(new EventEmitter(), {
      setRawMode: (on: boolean) => events.push(`raw ${on}`),
      resume: () => undefined,
      pause: () => undefined,
    });
    const io = {
      stdin,
      stderr: { write: (text: string) => events.push(`write ${JSON.stringify(text)}`) },
    } as unknown as IO;
    const answer = promptHidden(io, 'API token: ');
    stdin.emit('data', Buffer.from('secret\r'));
    expect(await answer).toBe('secret');
    expect(events).toEqual(['raw true', 'write "API token: "', 'raw false', 'write "\\n"']);
  });
});
