import { described, sq } from './quote.js';
import { scriptData, type Dialect, type Script } from './script.js';
import { shTables } from './sh-tables.js';
import type { CommandSpec } from './spec.js';

// The zsh script: the same data functions as the bash one, with descriptions, and a driver
// that hands them to _describe and compadd. zsh does not split words at '=' or ':', so the
// driver needs no rejoining. (`path` is zsh's array tied to PATH: the driver says `cmdpath`.)

const driver = `
# Offers the value of flag $2 of command path $1.
_flagctl_value() {
  local values
  values=$(_flagctl_values "$1" "$2") || return 1
  _flagctl_lines "$values"
}

# Offers what the lines $1 stand for: @profiles, @files, @<kind>… (names on the server), or the
# words themselves. Beside names on the server (diff's ENV or @FILE), file names only after an @;
# @paths: file names beside them too (cleanup).
_flagctl_lines() {
  local line files=0 named=0 paths=0
  local -a words profiles
  for line in \${(f)1}; do
    case $line in
      @profiles) profiles=(\${(f)"$(flagctl completion --profiles 2>/dev/null)"}); compadd -a profiles ;;
      @files) files=1 ;;
      @paths) files=1; paths=1 ;;
      @*) named=1; [[ $PREFIX == @* ]] || _flagctl_server "\${line#@}" ;;
      *) words+=("$line") ;;
    esac
  done
  if (( files )) && { (( paths || ! named )) || [[ $PREFIX == @* ]] }; then
    [[ $PREFIX == @* ]] && compset -P '@'
    _files
  fi
  _flagctl_add words
}

# Offers the words of the array named $1; one that ends in ':' (environment:, IS_ANY_OF:) is
# the start of a value, so no space goes after it.
_flagctl_add() {
  local -a prefixes whole
  prefixes=(\${(M)\${(P)1}:#*:}) whole=(\${\${(P)1}:#*:})
  compadd -S '' -a prefixes
  compadd -a whole
}

# Offers names on the server (marker $1): flagctl keeps them in a short-lived cache, asks the
# server for a moment at most, prints the whole words the value can be (a list keeps what is
# before its last name), and nothing on any error.
_flagctl_server() {
  local -a names
  names=(\${(f)"$(flagctl completion --server-names "$1" --word="$PREFIX" "\${(@)_fpos/#/--arg=}" 2>/dev/null)"})
  _flagctl_add names
}

# Succeeds when $2 is a subcommand of command path $1.
_flagctl_is_command() {
  local c
  for c in \${(f)"$(_flagctl_commands "$1")"}; do [[ \${c%%:*} == "$2" ]] && return 0; done
  return 1
}

_flagctl() {
  local cmdpath='' w expect='' npos=0 i
  # The command's arguments so far (retire apply's plan file names the flags of --only).
  local -a _fpos
  local cur=\${words[CURRENT]} prev=\${words[CURRENT-1]}
  for ((i = 2; i < CURRENT; i++)); do
    w=\${words[i]}
    if [[ -n $expect ]]; then expect=''; continue; fi
    case $w in
      -*=*) ;;
      -*) _flagctl_values "$cmdpath" "$w" >/dev/null && expect=1 ;;
      *)
        if _flagctl_is_command "$cmdpath" "$w"; then
          cmdpath=\${cmdpath:+$cmdpath }$w npos=0 _fpos=()
        else
          npos=$((npos + 1)) _fpos+=("$w")
        fi ;;
    esac
  done

  if [[ -n $expect ]]; then
    _flagctl_value "$cmdpath" "$prev"
  elif [[ $cur == -*=* ]]; then
    local flag=\${cur%%=*}
    compset -P '*='
    _flagctl_value "$cmdpath" "$flag"
  elif [[ $cur == -* ]]; then
    local -a flags
    flags=(\${(f)"$(_flagctl_flags "$cmdpath")"})
    _describe -t flags 'flag' flags
  else
    local -a commands args
    commands=(\${(f)"$(_flagctl_commands "$cmdpath")"})
    args=(\${(f)"$(_flagctl_args "$cmdpath" $npos)"})
    (( \${#commands} )) && _describe -t commands 'command' commands
    (( \${#args} )) && _flagctl_lines "\${(F)args}"
  fi
  return 0
}

if [[ $funcstack[1] == _flagctl ]]; then
  _flagctl "$@"
else
  compdef _flagctl flagctl
fi
`;

const dialect: Dialect = {
  quote: sq,
  anyPath: (flag) => `*${sq(`|${flag}`)}`,
  entry: (name, description) => described(name, description, ':'),
};

export const zsh: Script = (root: CommandSpec) => {
  const data = scriptData(root, dialect);
  return `#compdef flagctl
# zsh completion for flagctl.
# Generated from flagctl's command definitions by \`flagctl completion zsh\`; do not edit.
# Use: save it as _flagctl in a directory of your $fpath, or: source <(flagctl completion zsh)

${shTables(data, data.values, { commands: 'as name:description lines', flags: ', as flag:description lines' })}
${driver}`;
};
