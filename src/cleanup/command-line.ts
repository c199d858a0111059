// The exact `flagctl cleanup …` command for a flag whose kept branch is known: what `retire
// plan` and `refs --summary` print for a flag to remove from code. --keep is spelled out, so
// the command does what the reviewed plan said even if the flag's lifecycle changes later.

const PLAIN = /^[A-Za-z0-9_./:@%+=,~-]+$/;

/** A word as a POSIX shell reads it back unchanged. */
export function shellWord(word: string): string {
  return PLAIN.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

export function cleanupCommand(flag: string, keep: 'enabled' | 'disabled', paths: string[]): string {
  const given = paths.length ? paths : ['.'];
  return ['flagctl', 'cleanup', flag, ...given, '--keep', keep === 'enabled' ? 'on' : 'off'].map(shellWord).join(' ');
}
