import type { Option } from 'commander';

/** What a flag's value completes to: a fixed list, the profiles in the config file, or file names. */
export type ValueSource = readonly string[] | 'profiles' | 'files';

// Kept apart from values.ts, and without imports, so that any command module can use it
// without an import cycle.
const declared = new WeakMap<Option, ValueSource>();

/**
 * Declares the values of one option where it is defined, for lists that differ by command
 * (e.g. the output formats of addOutputOptions): `cmd.addOption(withValues(new Option(…), list))`.
 * Unlike `.choices()` it leaves validation, and its messages, to the command.
 */
export function withValues(option: Option, values: ValueSource): Option {
  declared.set(option, values);
  return option;
}

export function declaredValues(option: Option): ValueSource | undefined {
  return declared.get(option);
}
