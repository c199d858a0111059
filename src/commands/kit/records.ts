import { outputFlags } from './output-flags.js';
import type { CommandSpec, FlagSpec, FlagTable, GroupSpec, ProgramSpec } from './spec.js';

// Plain reads of the command records, shared by the commander tree, shell completion and the
// docs generator: none of them needs the others to read a record.

const isCommand = (e: GroupSpec | CommandSpec<any>): e is CommandSpec<any> => 'load' in e;

export function commandsOf(program: ProgramSpec): CommandSpec[] {
  return program.entries.filter(isCommand);
}

/** Every flag of a command, in help order: its own, then the output flags. */
export function flagTable(spec: CommandSpec): FlagTable {
  return spec.formats ? { ...spec.flags, ...outputFlags(spec.formats) } : spec.flags;
}

/** `--output` of `-o, --output <format>`. */
export function longName(spec: FlagSpec): string {
  return /--[\w-]+/.exec(spec.flags)![0];
}
