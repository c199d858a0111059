import { outputOptionTable } from './output-options.js';
import type { CommandSpec, OptionSpec, OptionTable, GroupSpec, ProgramSpec } from './spec.js';

// Plain reads of the command records, shared by the commander tree, shell completion and the
// docs generator: none of them needs the others to read a record.

const isCommand = (e: GroupSpec | CommandSpec<any>): e is CommandSpec<any> => 'load' in e;

export function commandsOf(program: ProgramSpec): CommandSpec[] {
  return program.entries.filter(isCommand);
}

/** Every flag of a command, in help order: its own, then the output flags. */
export function optionTable(spec: CommandSpec): OptionTable {
  return spec.formats ? { ...spec.options, ...outputOptionTable(spec.formats, spec.formatOnly) } : spec.options;
}

/** `--output` of `-o, --output <format>`. */
export function longName(spec: OptionSpec): string {
  return /--[\w-]+/.exec(spec.spelling)![0];
}
