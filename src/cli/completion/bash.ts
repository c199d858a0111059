import { sq } from './quote.js';
import { scriptData, type Dialect, type Script } from './script.js';
import { shTables } from './sh-tables.js';
import type { CommandSpec } from './spec.js';

// The bash script: data functions generated from the spec (subcommands, flags, flag values and
// argument values of each command path), and one fixed driver that finds what the cursor is on
// and asks them. Candidates are matched by prefix in bash itself, never through `compgen -W`,
// which would expand `$(...)` in a profile name read from the config file.

const driver = `
# Rejoins the words bash split at '=' and ':' (COMP_WORDBREAKS), so that --output=json and
# environment:production are one word each; sets _fw (the words) and _fc (the cursor's word).
_flagctl_words() {
  _fw=() _fc=0
  local i w rest=$COMP_LINE trimmed glued
  for ((i = 0; i < \${#COMP_WORDS[@]}; i++)); do
    w=\${COMP_WORDS[i]} glued=0
    if [[ -n $COMP_LINE ]]; then
      trimmed=\${rest#"\${rest%%[![:space:]]*}"}
      if ((i > 0 && \${#trimmed} == \${#rest})) && [[ $w == [=:]* || \${_fw[\${#_fw[@]} - 1]} == *[=:] ]]; then glued=1; fi
      rest=\${trimmed:\${#w}}
    fi
    if ((glued)); then _fw[\${#_fw[@]} - 1]+=$w; else _fw+=("$w"); fi
    ((i == COMP_CWORD)) && _fc=$((\${#_fw[@]} - 1))
  done
}

# Adds to COMPREPLY each line of stdin that starts with $1, with $2 put in front.
_flagctl_match() {
  local line
  while IFS= read -r line; do
    [[ -n $line && $line == "$1"* ]] && COMPREPLY+=("$2$line")
  done
}

# Succeeds when $2 is a subcommand of command path $1.
_flagctl_is_command() {
  local c
  while IFS= read -r c; do [[ $c == "$2" ]] && return 0; done < <(_flagctl_commands "$1")
  return 1
}

# Completes the value of flag $2 of command path $1: the text so far is $3, written after $4.
_flagctl_value() {
  local values
  values=$(_flagctl_values "$1" "$2") || return 0
  _flagctl_lines "$values" "$3" "$4"
}

# Offers what the lines $1 stand for and start with $2, with $3 put in front: @profiles, @files,
# @<kind>… (names on the server), or the words themselves. Beside names on the server (diff's
# ENV or @FILE), file names only after an @; @paths: file names beside them too (cleanup).
_flagctl_lines() {
  local line words='' files=0 named=0 paths=0
  while IFS= read -r line; do
    case $line in
      @profiles) _flagctl_match "$2" "$3" < <(flagctl completion --profiles 2>/dev/null) ;;
      @files) files=1 ;;
      @paths) files=1 paths=1 ;;
      @*) named=1; [[ $2 == @* ]] || _flagctl_server "\${line#@}" "$2" "$3" ;;
      ?*) words+=$line$'\n' ;;
    esac
  done <<<"$1"
  if ((files)) && { ((paths || !named)) || [[ $2 == @* ]]; }; then _flagctl_files "$2" "$3"; fi
  [[ -n $words ]] && _flagctl_match "$2" "$3" <<<"$words"
  return 0
}

# File names for a word where a path is expected (a plan, a tree, an @snapshot), keeping the
# @; $2 is put in front.
_flagctl_files() {
  local f at=''
  [[ $1 == @* ]] && at=@
  while IFS= read -r f; do COMPREPLY+=("$2$at$f"); done < <(compgen -f -- "\${1#@}")
  compopt -o filenames 2>/dev/null
}

# Names on the server (marker $1) that start with $2, with $3 put in front: flagctl keeps them
# in a short-lived cache, asks the server for a moment at most, prints the whole words the
# value can be (a list keeps what is before its last name), and nothing on any error.
_flagctl_server() {
  local a
  local -a given=()
  for a in "\${_fpos[@]}"; do given+=("--arg=$a"); done
  _flagctl_match "$2" "$3" < <(flagctl completion --server-names "$1" --word="$2" "\${given[@]}" 2>/dev/null)
}

_flagctl() {
  COMPREPLY=()
  local _fw _fc
  _flagctl_words
  local cur=\${_fw[_fc]} prev='' path='' i w expect='' npos=0
  # The command's arguments so far (retire apply's plan file names the flags of --only).
  local -a _fpos=()
  ((_fc > 0)) && prev=\${_fw[_fc - 1]}
  for ((i = 1; i < _fc; i++)); do
    w=\${_fw[i]}
    if [[ -n $expect ]]; then expect=''; continue; fi
    case $w in
      *[\\<\\>]) expect=1 ;;
      -*=*) ;;
      -*) _flagctl_values "$path" "$w" >/dev/null && expect=1 ;;
      *)
        if _flagctl_is_command "$path" "$w"; then path=\${path:+$path }$w npos=0 _fpos=()
        else npos=$((npos + 1)) _fpos+=("$w"); fi ;;
    esac
  done

  if [[ $prev == *[\\<\\>] ]]; then
    _flagctl_value "$path" '<' "$cur" ''
  elif [[ -n $expect ]]; then
    _flagctl_value "$path" "$prev" "$cur" ''
  elif [[ $cur == -*=* ]]; then
    _flagctl_value "$path" "\${cur%%=*}" "\${cur#*=}" "\${cur%%=*}="
  elif [[ $cur == -* ]]; then
    _flagctl_match "$cur" '' < <(_flagctl_flags "$path")
  else
    _flagctl_lines "$(_flagctl_commands "$path"; _flagctl_args "$path" "$npos")" "$cur" ''
  fi

  # bash replaces only its own last word, which starts after any '=' or ':': drop what is before.
  local cut=$((\${#cur} - \${#COMP_WORDS[COMP_CWORD]}))
  if ((cut > 0)); then
    for i in "\${!COMPREPLY[@]}"; do COMPREPLY[i]=\${COMPREPLY[i]:cut}; done
  fi
  # A prefix such as environment: or IS: is not a whole value: no space after it.
  if ((\${#COMPREPLY[@]} == 1)) && [[ \${COMPREPLY[0]} == *[:=] ]]; then
    compopt -o nospace 2>/dev/null
  fi
  return 0
}

# -o default: where the script offers nothing, bash completes file names itself.
complete -o default -F _flagctl flagctl
`;

const dialect: Dialect = { quote: sq, anyPath: (flag) => `*${sq(`|${flag}`)}`, entry: (name) => name };

export const bash: Script = (root: CommandSpec) => {
  const data = scriptData(root, dialect);
  // The word after a redirection is a file name.
  const values = [...data.values, { patterns: [`*${sq('|<')}`], lines: ['@files'] }];

  return `# bash completion for flagctl.
# Generated from flagctl's command definitions by \`flagctl completion bash\`; do not edit.
# Use: source <(flagctl completion bash), or save it as
# ~/.local/share/bash-completion/completions/flagctl (bash 4 or later)

${shTables(data, values, { commands: 'one per line', flags: '' })}
${driver}`;
};
