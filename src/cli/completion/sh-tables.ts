import { printLines } from './quote.js';
import { wrapPatterns, type Arm, type ScriptData } from './script.js';

// The lookup functions of the bash and zsh scripts: the same `case` tables in both shells,
// only the lines they print differ (zsh's carry a description after a ':').

function caseArms(arms: Arm[]): string {
  return arms.map((a) => `    ${wrapPatterns(a.patterns, '|', '    ')}) ${printLines(a.lines)} ;;`).join('\n');
}

/** `lines`: how each table's lines read, said in its comment ("one per line", "as name:description lines"). */
export function shTables(data: ScriptData, values: Arm[], lines: { commands: string; flags: string }): string {
  return `# The subcommands of command path $1, ${lines.commands}.
_flagctl_commands() {
  case $1 in
${caseArms(data.commands)}
  esac
}

# The flags of command path $1${lines.flags}.
_flagctl_flags() {
  case $1 in
${caseArms(data.flags)}
  esac
  ${printLines(data.shared)}
}

# What the value of flag $2 of command path $1 completes to, one per line (@profiles: the
# config's profile names, @files: file names); fails when the flag takes no value.
_flagctl_values() {
  case "$1|$2" in
${caseArms(values)}
    *) return 1 ;;
  esac
}

# The fixed values of argument number $2 (from 0) of command path $1.
_flagctl_args() {
  case "$1|$2" in
${caseArms(data.args)}
  esac
}`;
}
