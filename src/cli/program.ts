import { Argument, Command, Option } from 'commander';
import { UsageError } from '../errors.js';
import { VERSION } from '../version.js';
import type { App } from './spec.js';
import { GLOBAL_OPTIONS } from './globals.js';
import { commandsOf, optionTable, longName } from './records.js';
import { prepare, runPrepared, type Words } from './request.js';
import type { CommandSpec, OptionSpec, OptionTable, GroupSpec, ProgramSpec } from './spec.js';

// The commander tree, generated from the command records. Commander only splits the words;
// the kit checks every value against its record (request.ts), so run() gets a typed request.

const isCommand = (e: GroupSpec | CommandSpec<any>): e is CommandSpec<any> => 'load' in e;

const collect = (value: string, previous: string[] = []) => [...previous, value];

export function examplesText(help: string | undefined, examples: readonly string[]): string {
  const list = examples.length ? `Examples:\n${examples.map((e) => `  $ ${e}`).join('\n')}` : '';
  return `\n${[help, list].filter(Boolean).join('\n\n')}`;
}

/** `onValue` hears each value commander reads for an option of one value (to catch one given twice). */
function option(spec: OptionSpec, onValue?: (value: string) => void): Option {
  const opt = new Option(spec.spelling, spec.help);
  if (spec.repeat) opt.argParser(collect);
  else if (onValue && /[<[]/.test(spec.spelling))
    opt.argParser((value: string) => {
      onValue(value);
      return value;
    });
  if (typeof spec.default === 'string') opt.default(spec.default);
  if (spec.group) opt.helpGroup(spec.group);
  if (spec.hidden || spec.removed) opt.hideHelp();
  return opt;
}

function leaf(app: App, spec: CommandSpec): Command {
  const cmd = new Command(spec.path.at(-1)!).description(spec.summary);
  if (spec.usage) cmd.usage(spec.usage);
  for (const a of spec.args ?? []) {
    const arg = new Argument(a.name, a.help);
    cmd.addArgument(a.choices ? arg.choices(a.choices) : arg);
  }
  const table = optionTable(spec);
  const values = new Map<string, string[]>();
  for (const [key, f] of Object.entries(table))
    cmd.addOption(option(f, (v) => values.set(key, [...(values.get(key) ?? []), v])));
  cmd.addHelpText('after', examplesText(spec.help, spec.examples));
  return cmd.action(async (...params: unknown[]) => {
    // Commander keeps the last value of an option given twice; a gate would then judge half of
    // what was asked (`--fail-on stale --fail-on archived`), so it is a usage error.
    for (const [key, [first, second]] of values)
      if (second !== undefined)
        throw new UsageError(
          `${longName(table[key]!)} is given twice ("${first}", then "${second}"); give it once: a second value would replace the first, not add to it`,
        );
    const command = params.at(-1) as Command;
    const all = command.optsWithGlobals();
    const words: Words = {
      globals: Object.fromEntries(Object.keys(GLOBAL_OPTIONS).map((k) => [k, all[k]])),
      options: command.opts(),
      given: new Set(Object.keys(table).filter((k) => ['cli', 'env'].includes(command.getOptionValueSource(k) ?? ''))),
      args: command.processedArgs,
    };
    await runPrepared(app, spec, await prepare(app, spec, words));
  });
}

/** The global flags that take a value: `--url <base-url>` consumes the next word. */
const GLOBAL_WITH_VALUE = new Set(
  Object.values(GLOBAL_OPTIONS as OptionTable)
    .filter((f) => /[<[]/.test(f.spelling))
    .map(longName),
);

/** The words that name a command: what is left of argv before `--` once the global flags are skipped. */
export function commandWords(argv: readonly string[]): string[] {
  const words: string[] = [];
  for (let i = 0; i < argv.length && argv[i] !== '--'; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('-')) words.push(arg);
    else if (GLOBAL_WITH_VALUE.has(arg)) i++;
  }
  return words;
}

/**
 * The command line with its noun in the number the command has: `features get` is `feature
 * get`, `feature search` is `features search`, `project list` is `projects list` (kubectl takes
 * `pod` and `pods` alike). Only where the words as typed name no command and the other number does.
 */
export function nounNumber(program: ProgramSpec, argv: readonly string[]): readonly string[] {
  let at = -1;
  for (let i = 0; i < argv.length && argv[i] !== '--'; i++) {
    if (!argv[i]!.startsWith('-')) {
      at = i;
      break;
    }
    if (GLOBAL_WITH_VALUE.has(argv[i]!)) i++;
  }
  if (at < 0) return argv;
  const [noun, verb] = commandWords(argv.slice(at));
  if (!noun || !verb) return argv;
  const paths = new Set(commandsOf(program).map((c) => c.path.slice(0, 2).join(' ')));
  if (paths.has(`${noun} ${verb}`)) return argv;
  const other = noun.endsWith('s') ? noun.slice(0, -1) : `${noun}s`;
  if (!paths.has(`${other} ${verb}`)) return argv;
  return [...argv.slice(0, at), other, ...argv.slice(at + 1)];
}

/**
 * The entries a command line reaches: when its words name a command, that command and the
 * groups above it; otherwise (no command, a group, `help`, a typo) every entry, so that help
 * and suggestions see the whole tree. A command's own --help reads only its own branch.
 */
export function entriesFor(program: ProgramSpec, argv: readonly string[]): ProgramSpec['entries'] {
  const words = commandWords(argv);
  const hit = commandsOf(program).find((c) => c.path.every((w, i) => words[i] === w));
  if (!hit) return program.entries;
  const line = hit.path.join(' ');
  return program.entries.filter((e) => line === e.path.join(' ') || line.startsWith(`${e.path.join(' ')} `));
}

/**
 * The tree: the root with the global flags, a command per group, a leaf per record. With
 * `argv`, only the branch that command line reaches (see entriesFor): building every leaf's
 * options costs start-up time that one command never uses.
 */
export function buildProgram(app: App, program: ProgramSpec, argv?: readonly string[]): Command {
  const root = new Command('flagctl')
    .description(program.summary)
    .version(VERSION, '-V, --version', 'print the version');
  for (const f of Object.values(GLOBAL_OPTIONS)) root.addOption(option(f));
  root.addHelpText('after', examplesText(undefined, program.examples));
  const parents = new Map<string, Command>([['', root]]);
  const parentOf = (path: readonly string[]) => parents.get(path.slice(0, -1).join(' '))!;
  for (const e of argv ? entriesFor(program, argv) : program.entries) {
    if (isCommand(e)) {
      parentOf(e.path).addCommand(leaf(app, e));
      continue;
    }
    const cmd = new Command(e.path.at(-1)!)
      .description(e.summary)
      .addHelpText('after', examplesText(undefined, e.examples));
    parentOf(e.path).addCommand(cmd);
    parents.set(e.path.join(' '), cmd);
  }
  return root;
}
