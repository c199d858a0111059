import type { ProgramSpec } from '../spec.js';
import { bash } from './bash.js';
import { fish } from './fish.js';
import type { Script } from './script.js';
import { completionSpec } from './spec.js';
import type { Shell } from './shells.js';
import { zsh } from './zsh.js';

const scripts: Record<Shell, Script> = { bash, zsh, fish };

/** The completion script of `shell` for a program, from its command records. */
export function completionScript(program: ProgramSpec, shell: Shell): string {
  return scripts[shell](completionSpec(program));
}
