# bash completion for flagctl.
# Generated from flagctl's command definitions by `flagctl completion bash`; do not edit.
# Use: source <(flagctl completion bash), or save it as
# ~/.local/share/bash-completion/completions/flagctl (bash 4 or later)

# The subcommands of command path $1, one per line.
_flagctl_commands() {
  case $1 in
    '') printf '%s\n' 'feature' 'features' 'project' 'projects' 'environments' 'insights' 'refs' 'retire' 'cleanup' 'evaluate' 'api' 'export' 'diff' 'auth' 'completion' 'help' ;;
    'feature') printf '%s\n' 'get' 'history' 'help' ;;
    'features') printf '%s\n' 'search' 'stale' 'revive' 'help' ;;
    'project') printf '%s\n' 'overview' 'help' ;;
    'projects') printf '%s\n' 'list' 'help' ;;
    'environments') printf '%s\n' 'list' 'help' ;;
    'retire') printf '%s\n' 'plan' 'show' 'apply' 'help' ;;
    'auth') printf '%s\n' 'login' 'list' 'switch' 'status' 'logout' 'help' ;;
  esac
}

# The flags of command path $1.
_flagctl_flags() {
  case $1 in
    '') printf '%s\n' '-h' '--help' ;;
    'feature') printf '%s\n' '-h' '--help' ;;
    'feature get') printf '%s\n' '-p' '--project' '-o' '--output' '--columns' '--no-headers' '--csv-raw' '-h' '--help' ;;
    'feature history') printf '%s\n' '-p' '--project' '-n' '--limit' '--all' '--since' '--event-type' '-o' '--output' '--columns' '--no-headers' '--csv-raw' '-h' '--help' ;;
    'features') printf '%s\n' '-h' '--help' ;;
    'features search') printf '%s\n' '-p' '--project' '--type' '-q' '--query' '--state' '--created-by' '--tag' '--segment' '--status' '--created-at' '--created-before' '--created-since' '--sort-by' '--sort-order' '--favorites-first' '--offset' '-n' '--limit' '--all' '--concurrency' '--fail-if-any' '--fail-on' '-o' '--output' '--columns' '--no-headers' '--csv-raw' '-h' '--help' ;;
    'features stale') printf '%s\n' '-p' '--project' '--type' '--stale-for' '--fail-on' '--max' '--concurrency' '-o' '--output' '--columns' '--no-headers' '--csv-raw' '-h' '--help' ;;
    'features revive') printf '%s\n' '-p' '--project' '--result' '--from' '-o' '--output' '--columns' '--no-headers' '-h' '--help' ;;
    'project') printf '%s\n' '-h' '--help' ;;
    'project overview') printf '%s\n' '-o' '--output' '--columns' '--no-headers' '--csv-raw' '-h' '--help' ;;
    'projects') printf '%s\n' '-h' '--help' ;;
    'projects list') printf '%s\n' '-o' '--output' '--columns' '--no-headers' '--csv-raw' '-h' '--help' ;;
    'environments') printf '%s\n' '-h' '--help' ;;
    'environments list') printf '%s\n' '-o' '--output' '--columns' '--no-headers' '--csv-raw' '-h' '--help' ;;
    'insights') printf '%s\n' '--since' '--until' '--section' '--no-chart' '-o' '--output' '--columns' '--no-headers' '--csv-raw' '-h' '--help' ;;
    'refs') printf '%s\n' '-p' '--project' '--no-ignore' '--exclude' '--max-file-kb' '--delimiters' '--aliases' '--summary' '--all-flags' '--fail-on' '--allow-skipped' '--calls' '--diff' '--root' '--threads' '-o' '--output' '--columns' '--no-headers' '--csv-raw' '-h' '--help' ;;
    'retire') printf '%s\n' '-h' '--help' ;;
    'retire plan') printf '%s\n' '-p' '--project' '--include' '--unseen-days' '--fail-on' '--out' '--no-ignore' '--exclude' '--max-file-kb' '--delimiters' '--aliases' '--threads' '-o' '--output' '--columns' '--no-headers' '-h' '--help' ;;
    'retire show') printf '%s\n' '-o' '--output' '--columns' '--no-headers' '-h' '--help' ;;
    'retire apply') printf '%s\n' '-y' '--yes' '--result' '--expect-digest' '-p' '--project' '--only' '--skip' '-o' '--output' '--columns' '--no-headers' '-h' '--help' ;;
    'cleanup') printf '%s\n' '--keep' '-p' '--project' '--write' '--allow-leftovers' '--no-ignore' '--exclude' '-o' '--output' '-h' '--help' ;;
    'evaluate') printf '%s\n' '-e' '--env' '-c' '--context' '--all' '-p' '--project' '--expect' '--fail-on' '-o' '--output' '--columns' '--no-headers' '--csv-raw' '-h' '--help' ;;
    'api') printf '%s\n' '--paginate' '-f' '--raw-field' '-X' '--method' '-o' '--output' '-h' '--help' ;;
    'export') printf '%s\n' '-p' '--project' '-e' '--env' '-o' '--output' '-h' '--help' ;;
    'diff') printf '%s\n' '-p' '--project' '--feature' '--fail-on' '--stat' '-o' '--output' '-h' '--help' ;;
    'auth') printf '%s\n' '-h' '--help' ;;
    'auth login') printf '%s\n' '-p' '--project' '-h' '--help' ;;
    'auth list') printf '%s\n' '-o' '--output' '--columns' '--no-headers' '--csv-raw' '-h' '--help' ;;
    'auth switch') printf '%s\n' '-h' '--help' ;;
    'auth status') printf '%s\n' '-h' '--help' ;;
    'auth logout') printf '%s\n' '-h' '--help' ;;
    'completion') printf '%s\n' '-h' '--help' ;;
  esac
  printf '%s\n' '-V' '--version' '--url' '--profile' '--timeout' '--retries' '--max-response-mb' '--ca-file' '--max-wait' '--debug' '--no-color' '--no-pager'
}

# What the value of flag $2 of command path $1 completes to, one per line (@profiles: the
# config's profile names, @files: file names); fails when the flag takes no value.
_flagctl_values() {
  case "$1|$2" in
    'feature get|-p'|'feature get|--project'|'feature history|-p'|'feature history|--project'|\
    'features revive|-p'|'features revive|--project'|'retire plan|-p'|'retire plan|--project'|\
    'cleanup|-p'|'cleanup|--project'|'evaluate|-p'|'evaluate|--project'|'export|-p'|\
    'export|--project'|'diff|-p'|'diff|--project') printf '%s\n' '@projects' ;;
    'feature get|-o'|'feature get|--output'|'feature history|-o'|'feature history|--output'|\
    'project overview|-o'|'project overview|--output'|'projects list|-o'|\
    'projects list|--output'|'environments list|-o'|'environments list|--output'|'insights|-o'|\
    'insights|--output'|'evaluate|-o'|'evaluate|--output'|'auth list|-o'|'auth list|--output') printf '%s\n' 'table' 'json' 'ndjson' 'csv' 'markdown' 'yaml' ;;
    'feature get|--columns'|'feature history|-n'|'feature history|--limit'|\
    'feature history|--since'|'feature history|--event-type'|'feature history|--columns'|\
    'features search|-q'|'features search|--query'|'features search|--created-before'|\
    'features search|--created-since'|'features search|--offset'|'features search|-n'|\
    'features search|--limit'|'features search|--concurrency'|'features search|--columns'|\
    'features stale|--stale-for'|'features stale|--max'|'features stale|--concurrency'|\
    'features stale|--columns'|'features revive|--columns'|'project overview|--columns'|\
    'projects list|--columns'|'environments list|--columns'|'insights|--since'|\
    'insights|--until'|'insights|--columns'|'refs|--exclude'|'refs|--max-file-kb'|\
    'refs|--delimiters'|'refs|--calls'|'refs|--diff'|'refs|--threads'|'refs|--columns'|\
    'retire plan|--include'|'retire plan|--unseen-days'|'retire plan|--exclude'|\
    'retire plan|--max-file-kb'|'retire plan|--delimiters'|'retire plan|--threads'|\
    'retire plan|--columns'|'retire show|--columns'|'retire apply|--expect-digest'|\
    'retire apply|-p'|'retire apply|--project'|'retire apply|--columns'|'cleanup|--exclude'|\
    'evaluate|-c'|'evaluate|--context'|'evaluate|--columns'|'api|-f'|'api|--raw-field'|\
    'auth login|-p'|'auth login|--project'|'auth list|--columns') : ;;
    'features search|-p'|'features search|--project'|'features stale|-p'|\
    'features stale|--project') printf '%s\n' '@projects;list' 'IS:' 'IS_NOT:' 'IS_ANY_OF:' 'IS_NONE_OF:' ;;
    'features search|--type'|'features stale|--type') printf '%s\n' 'release' 'experiment' 'operational' 'kill-switch' 'permission' 'sunset' 'IS:' 'IS_NOT:' 'IS_ANY_OF:' 'IS_NONE_OF:' ;;
    'features search|--state') printf '%s\n' 'active' 'stale' 'potentially-stale' 'IS:' 'IS_NOT:' 'IS_ANY_OF:' 'IS_NONE_OF:' ;;
    'features search|--created-by') printf '%s\n' 'IS:' 'IS_NOT:' 'IS_ANY_OF:' 'IS_NONE_OF:' ;;
    'features search|--tag') printf '%s\n' 'INCLUDE:' 'DO_NOT_INCLUDE:' 'INCLUDE_ALL_OF:' 'INCLUDE_ANY_OF:' 'EXCLUDE_IF_ANY_OF:' 'EXCLUDE_ALL:' ;;
    'features search|--segment') printf '%s\n' '@segments;list' 'INCLUDE:' 'DO_NOT_INCLUDE:' 'INCLUDE_ALL_OF:' 'INCLUDE_ANY_OF:' 'EXCLUDE_IF_ANY_OF:' 'EXCLUDE_ALL:' ;;
    'features search|--status') printf '%s\n' '@environments;then=enabled/disabled' ;;
    'features search|--created-at') printf '%s\n' 'IS_BEFORE:' 'IS_ON_OR_AFTER:' ;;
    'features search|--sort-by') printf '%s\n' '@environments;after=environment:' 'name' 'type' 'stale' 'project' 'lastSeenAt' 'createdAt' 'environment:' ;;
    'features search|--sort-order') printf '%s\n' 'asc' 'desc' ;;
    'features search|--fail-on') printf '%s\n' 'any' ;;
    'features search|-o'|'features search|--output') printf '%s\n' 'table' 'json' 'ndjson' 'csv' 'markdown' 'yaml' 'github' ;;
    'features stale|--fail-on') printf '%s\n' 'stale' 'potentially-stale' ;;
    'features stale|-o'|'features stale|--output') printf '%s\n' 'table' 'json' 'ndjson' 'csv' 'markdown' 'github' 'yaml' ;;
    'features revive|--result'|'features revive|--from'|'refs|--root'|'retire plan|--out'|\
    'retire apply|--result') printf '%s\n' '@files' ;;
    'features revive|-o'|'features revive|--output'|'retire apply|-o'|'retire apply|--output'|\
    'cleanup|-o'|'cleanup|--output') printf '%s\n' 'table' 'json' 'yaml' ;;
    'insights|--section') printf '%s\n' 'users' 'flags' 'projects' 'metrics' 'environments' ;;
    'refs|-p'|'refs|--project') printf '%s\n' '@projects;list' ;;
    'refs|--fail-on') printf '%s\n' 'stale' 'potentially-stale' 'archived' 'completed' 'unknown' 'added-stale' 'added-potentially-stale' 'added-archived' 'added-completed' 'added-unknown' ;;
    'refs|-o'|'refs|--output') printf '%s\n' 'table' 'json' 'ndjson' 'csv' 'markdown' 'github' 'sarif' 'yaml' ;;
    'retire plan|--fail-on') printf '%s\n' 'archive' ;;
    'retire plan|-o'|'retire plan|--output'|'retire show|-o'|'retire show|--output') printf '%s\n' 'table' 'json' 'markdown' 'github' 'yaml' ;;
    'retire apply|--only'|'retire apply|--skip') printf '%s\n' '@plan;list' ;;
    'cleanup|--keep'|'evaluate|--expect'|'evaluate|--fail-on') printf '%s\n' 'on' 'off' ;;
    'evaluate|-e'|'evaluate|--env') printf '%s\n' '@environments' ;;
    'api|-X'|'api|--method') printf '%s\n' 'GET' ;;
    'api|-o'|'api|--output') printf '%s\n' 'json' 'ndjson' 'yaml' ;;
    'export|-e'|'export|--env') printf '%s\n' '@environments;list' ;;
    'export|-o'|'export|--output') printf '%s\n' 'json' 'yaml' ;;
    'diff|--feature') printf '%s\n' '@features;list' ;;
    'diff|--fail-on') printf '%s\n' 'drift' 'none' ;;
    'diff|-o'|'diff|--output') printf '%s\n' 'table' 'json' 'markdown' 'yaml' ;;
    *'|--url'|*'|--timeout'|*'|--retries'|*'|--max-response-mb'|*'|--max-wait') : ;;
    *'|--profile') printf '%s\n' '@profiles' ;;
    *'|--ca-file') printf '%s\n' '@files' ;;
    *'|<') printf '%s\n' '@files' ;;
    *) return 1 ;;
  esac
}

# The fixed values of argument number $2 (from 0) of command path $1.
_flagctl_args() {
  case "$1|$2" in
    'feature get|0') printf '%s\n' '@features' ;;
    'feature history|0') printf '%s\n' '@features' ;;
    'feature help|0') printf '%s\n' 'get' 'history' ;;
    'features revive|0'|'features revive|1'|'features revive|2'|'features revive|3'|\
    'features revive|4'|'features revive|5'|'features revive|6'|'features revive|7'|\
    'features revive|8'|'features revive|9'|'features revive|10'|'features revive|11'|\
    'features revive|12'|'features revive|13'|'features revive|14'|'features revive|15'|\
    'features revive|16'|'features revive|17'|'features revive|18'|'features revive|19') printf '%s\n' '@archived' ;;
    'features help|0') printf '%s\n' 'search' 'stale' 'revive' ;;
    'project overview|0') printf '%s\n' '@projects' ;;
    'project help|0') printf '%s\n' 'overview' ;;
    'projects help|0') printf '%s\n' 'list' ;;
    'environments help|0') printf '%s\n' 'list' ;;
    'refs|0'|'refs|1'|'refs|2'|'refs|3'|'refs|4'|'refs|5'|'refs|6'|'refs|7'|'refs|8'|'refs|9'|\
    'refs|10'|'refs|11'|'refs|12'|'refs|13'|'refs|14'|'refs|15'|'refs|16'|'refs|17'|'refs|18'|\
    'refs|19') printf '%s\n' '@files' ;;
    'retire plan|0'|'retire plan|1'|'retire plan|2'|'retire plan|3'|'retire plan|4'|\
    'retire plan|5'|'retire plan|6'|'retire plan|7'|'retire plan|8'|'retire plan|9'|\
    'retire plan|10'|'retire plan|11'|'retire plan|12'|'retire plan|13'|'retire plan|14'|\
    'retire plan|15'|'retire plan|16'|'retire plan|17'|'retire plan|18'|'retire plan|19') printf '%s\n' '@files' ;;
    'retire apply|0') printf '%s\n' '@files' ;;
    'retire help|0') printf '%s\n' 'plan' 'show' 'apply' ;;
    'cleanup|0'|'cleanup|1'|'cleanup|2'|'cleanup|3'|'cleanup|4'|'cleanup|5'|'cleanup|6'|\
    'cleanup|7'|'cleanup|8'|'cleanup|9'|'cleanup|10'|'cleanup|11'|'cleanup|12'|'cleanup|13'|\
    'cleanup|14'|'cleanup|15'|'cleanup|16'|'cleanup|17'|'cleanup|18'|'cleanup|19') printf '%s\n' '@paths' '@features' ;;
    'evaluate|0'|'evaluate|1'|'evaluate|2'|'evaluate|3'|'evaluate|4'|'evaluate|5'|'evaluate|6'|\
    'evaluate|7'|'evaluate|8'|'evaluate|9'|'evaluate|10'|'evaluate|11'|'evaluate|12'|\
    'evaluate|13'|'evaluate|14'|'evaluate|15'|'evaluate|16'|'evaluate|17'|'evaluate|18'|\
    'evaluate|19') printf '%s\n' '@features' ;;
    'diff|0') printf '%s\n' '@files' '@environments' ;;
    'diff|1') printf '%s\n' '@files' '@environments' ;;
    'auth help|0') printf '%s\n' 'login' 'list' 'switch' 'status' 'logout' ;;
    'completion|0') printf '%s\n' 'bash' 'zsh' 'fish' ;;
    'help|0') printf '%s\n' 'feature' 'features' 'project' 'projects' 'environments' 'insights' 'refs' 'retire' 'cleanup' 'evaluate' 'api' 'export' 'diff' 'auth' 'completion' ;;
  esac
}

# Rejoins the words bash split at '=' and ':' (COMP_WORDBREAKS), so that --output=json and
# environment:production are one word each; sets _fw (the words) and _fc (the cursor's word).
_flagctl_words() {
  _fw=() _fc=0
  local i w rest=$COMP_LINE trimmed glued
  for ((i = 0; i < ${#COMP_WORDS[@]}; i++)); do
    w=${COMP_WORDS[i]} glued=0
    if [[ -n $COMP_LINE ]]; then
      trimmed=${rest#"${rest%%[![:space:]]*}"}
      if ((i > 0 && ${#trimmed} == ${#rest})) && [[ $w == [=:]* || ${_fw[${#_fw[@]} - 1]} == *[=:] ]]; then glued=1; fi
      rest=${trimmed:${#w}}
    fi
    if ((glued)); then _fw[${#_fw[@]} - 1]+=$w; else _fw+=("$w"); fi
    ((i == COMP_CWORD)) && _fc=$((${#_fw[@]} - 1))
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
      @*) named=1; [[ $2 == @* ]] || _flagctl_server "${line#@}" "$2" "$3" ;;
      ?*) words+=$line$'
' ;;
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
  while IFS= read -r f; do COMPREPLY+=("$2$at$f"); done < <(compgen -f -- "${1#@}")
  compopt -o filenames 2>/dev/null
}

# Names on the server (marker $1) that start with $2, with $3 put in front: flagctl keeps them
# in a short-lived cache, asks the server for a moment at most, prints the whole words the
# value can be (a list keeps what is before its last name), and nothing on any error.
_flagctl_server() {
  local a
  local -a given=()
  for a in "${_fpos[@]}"; do given+=("--arg=$a"); done
  _flagctl_match "$2" "$3" < <(flagctl completion --server-names "$1" --word="$2" "${given[@]}" 2>/dev/null)
}

_flagctl() {
  COMPREPLY=()
  local _fw _fc
  _flagctl_words
  local cur=${_fw[_fc]} prev='' path='' i w expect='' npos=0
  # The command's arguments so far (retire apply's plan file names the flags of --only).
  local -a _fpos=()
  ((_fc > 0)) && prev=${_fw[_fc - 1]}
  for ((i = 1; i < _fc; i++)); do
    w=${_fw[i]}
    if [[ -n $expect ]]; then expect=''; continue; fi
    case $w in
      *[\<\>]) expect=1 ;;
      -*=*) ;;
      -*) _flagctl_values "$path" "$w" >/dev/null && expect=1 ;;
      *)
        if _flagctl_is_command "$path" "$w"; then path=${path:+$path }$w npos=0 _fpos=()
        else npos=$((npos + 1)) _fpos+=("$w"); fi ;;
    esac
  done

  if [[ $prev == *[\<\>] ]]; then
    _flagctl_value "$path" '<' "$cur" ''
  elif [[ -n $expect ]]; then
    _flagctl_value "$path" "$prev" "$cur" ''
  elif [[ $cur == -*=* ]]; then
    _flagctl_value "$path" "${cur%%=*}" "${cur#*=}" "${cur%%=*}="
  elif [[ $cur == -* ]]; then
    _flagctl_match "$cur" '' < <(_flagctl_flags "$path")
  else
    _flagctl_lines "$(_flagctl_commands "$path"; _flagctl_args "$path" "$npos")" "$cur" ''
  fi

  # bash replaces only its own last word, which starts after any '=' or ':': drop what is before.
  local cut=$((${#cur} - ${#COMP_WORDS[COMP_CWORD]}))
  if ((cut > 0)); then
    for i in "${!COMPREPLY[@]}"; do COMPREPLY[i]=${COMPREPLY[i]:cut}; done
  fi
  # A prefix such as environment: or IS: is not a whole value: no space after it.
  if ((${#COMPREPLY[@]} == 1)) && [[ ${COMPREPLY[0]} == *[:=] ]]; then
    compopt -o nospace 2>/dev/null
  fi
  return 0
}

# -o default: where the script offers nothing, bash completes file names itself.
complete -o default -F _flagctl flagctl
