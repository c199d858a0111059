import { buildProgram, flagValues } from '../commands/kit/program.js';
import type { ProgramSpec } from '../commands/kit/spec.js';
import type { IO } from '../io.js';
import { bash } from './bash.js';
import { fish } from './fish.js';
import type { Script } from './script.js';
import { completionSpec } from './spec.js';
import type { Shell } from './shells.js';
import { zsh } from './zsh.js';

const scripts: Record<Shell, Script> = { bash, zsh, fish };

/**
 * The completion script of `shell` for a program: its commands and flags as commander lays
 * them out (help commands included), their values from the records' flag tables.
 */
export function completionScript(program: ProgramSpec, shell: Shell): string {
  const root = buildProgram({ io: {} as IO, secrets: new Set(), program }, program);
  return scripts[shell](completionSpec(root, (path, long) => flagValues(program, path, long)));
}
