import { described, fishQuote, printLines } from './quote.js';
import { scriptData, wrapPatterns, type Arm, type Dialect, type Script } from './script.js';
import type { CommandSpec } from './spec.js';

// The fish script: the same data functions as the bash one (with tab-separated descriptions)
// and one function that prints the candidates for the token under the cursor; fish filters
// them by what is typed.

const driver = `
# Succeeds when $argv[2] is a subcommand of command path $argv[1].
function __flagctl_is_command
    for c in (__flagctl_commands $argv[1])
        if test (string split -f1 \\t -- $c) = $argv[2]
            return 0
        end
    end
    return 1
end

# Prints names on the server (marker $argv[1]), $argv[2] put in front; $argv[3] is the text
# typed so far: flagctl keeps them in a short-lived cache, asks the server for a moment at most,
# prints the whole words the value can be (a list keeps what is before its last name), and
# nothing on any error.
function __flagctl_server
    set -l given
    for a in $__flagctl_pos
        set -a given "--arg=$a"
    end
    for n in (flagctl completion --server-names $argv[1] --word="$argv[3]" $given 2>/dev/null)
        printf '%s%s\n' "$argv[2]" $n
    end
end

# Prints what the lines $argv[3..] stand for, $argv[1] put in front; $argv[2] is the text typed
# so far: @profiles, @files, @<kind>… (names on the server), or the words themselves. Beside
# names on the server (diff's ENV or @FILE), file names only after an @; @paths: file names
# beside them too (cleanup).
function __flagctl_lines
    set -l before $argv[1]
    set -l typed $argv[2]
    set -l files 0
    set -l named 0
    set -l paths 0
    for line in $argv[3..-1]
        switch $line
            case @profiles
                for p in (flagctl completion --profiles 2>/dev/null)
                    printf '%s%s\n' "$before" $p
                end
            case @files
                set files 1
            case @paths
                set files 1
                set paths 1
            case '@*'
                set named 1
                string match -q -- '@*' "$typed"; or __flagctl_server (string sub -s 2 -- $line) "$before" "$typed"
            case '*'
                printf '%s%s\n' "$before" $line
        end
    end
    if test $files = 1; and begin; test $paths = 1; or test $named = 0; or string match -q -- '@*' "$typed"; end
        if string match -q -- '@*' "$typed"
            # A path after an @ (an @snapshot): file names, the @ kept.
            for f in (__fish_complete_path (string sub -s 2 -- "$typed"))
                printf '@%s\n' $f
            end
        else
            __fish_complete_path "$typed"
        end
    end
end

# Prints the values of flag $argv[2] of command path $argv[1]; $argv[3] is put in front.
function __flagctl_value
    set -l values (__flagctl_values $argv[1] $argv[2]); or return 0
    __flagctl_lines $argv[3] (commandline -ct | string replace -r -- '^-[^=]*=' '') $values
end

function __flagctl_complete
    set -l tokens (commandline -opc)
    set -e tokens[1]
    set -l cur (commandline -ct)
    set -l cmdpath ''
    set -l expect 0
    set -l npos 0
    # The command's arguments so far (retire apply's plan file names the flags of --only).
    set -g __flagctl_pos
    for w in $tokens
        if test $expect = 1
            set expect 0
            continue
        end
        switch $w
            case '-*=*'
            case '-*'
                __flagctl_values "$cmdpath" $w >/dev/null; and set expect 1
            case '*'
                if __flagctl_is_command "$cmdpath" $w
                    set cmdpath (string trim -- "$cmdpath $w")
                    set npos 0
                    set -g __flagctl_pos
                else
                    set npos (math $npos + 1)
                    set -g -a __flagctl_pos $w
                end
        end
    end

    if test $expect = 1
        __flagctl_value "$cmdpath" $tokens[-1] ''
    else if string match -q -- '-*=*' $cur
        set -l flag (string split -m1 -f1 = -- $cur)
        __flagctl_value "$cmdpath" $flag "$flag="
    else if string match -q -- '-*' $cur
        __flagctl_flags "$cmdpath"
    else
        __flagctl_lines '' "$cur" (__flagctl_commands "$cmdpath"; __flagctl_args "$cmdpath" $npos)
    end
end

complete -c flagctl -f -a '(__flagctl_complete)'
`;

function switchArms(arms: Arm[]): string {
  return arms
    .map(
      (a) =>
        `        case ${wrapPatterns(a.patterns, ' ', '            ')}\n            ${printLines(a.lines, fishQuote)}`,
    )
    .join('\n');
}

// In a fish `case`, a quoted * is still a wildcard.
const dialect: Dialect = {
  quote: fishQuote,
  anyPath: (flag) => fishQuote(`*|${flag}`),
  entry: (name, description) => described(name, description, '\t'),
};

export const fish: Script = (root: CommandSpec) => {
  const data = scriptData(root, dialect);
  return `# fish completion for flagctl.
# Generated from flagctl's command definitions by \`flagctl completion fish\`; do not edit.
# Use: save it as ~/.config/fish/completions/flagctl.fish, or: flagctl completion fish | source

# The subcommands of command path $argv[1], as name<tab>description lines.
function __flagctl_commands
    switch $argv[1]
${switchArms(data.commands)}
    end
end

# The flags of command path $argv[1], as flag<tab>description lines.
function __flagctl_flags
    switch $argv[1]
${switchArms(data.flags)}
    end
    ${printLines(data.shared, fishQuote)}
end

# What the value of flag $argv[2] of command path $argv[1] completes to (@profiles: the
# config's profile names, @files: file names); fails when the flag takes no value.
function __flagctl_values
    switch "$argv[1]|$argv[2]"
${switchArms(data.values)}
        case '*'
            return 1
    end
end

# The fixed values of argument number $argv[2] (from 0) of command path $argv[1].
function __flagctl_args
    switch "$argv[1]|$argv[2]"
${switchArms(data.args)}
    end
end
${driver}`;
};
