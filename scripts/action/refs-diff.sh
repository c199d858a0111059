#!/usr/bin/env bash
# The GitHub Action's second step (action.yml): make sure the base revision is here, then run
# `flagctl refs --diff <base> -o github`, which writes the annotations to stdout, the summary
# to $GITHUB_STEP_SUMMARY and the outputs (extinct, added-stale) to $GITHUB_OUTPUT.
# Its exit code is flagctl's (docs/exit-codes.md): 3 when a --fail-on gate trips, 2 for bad
# input, 1 on a failure (git's too: a base origin does not have exits 1, never git's own 128),
# 4 and 5 for the server's refusals. Whatever the failure, the step summary says what happened.
# Inputs arrive as INPUT_* variables (never spliced into the script's text, so a hostile
# input cannot run commands). The flagctl run is the setup step's (FLAGCTL_CLI).
set -uo pipefail

cli=${FLAGCTL_CLI:-${GITHUB_ACTION_PATH:?GITHUB_ACTION_PATH is not set}/bin/flagctl}
say() {
  if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then printf '### flagctl refs --diff\n\n%s\n' "$1" >>"$GITHUB_STEP_SUMMARY"; fi
}
fail() {
  echo "::error title=flagctl::$2"
  say "$2"
  exit "$1"
}

base=${INPUT_BASE:-}
[ -n "$base" ] || fail 2 "no base revision: run the action on pull_request, or give it the base input"
case "$base" in -*) fail 2 "base \"$base\": a revision does not start with '-'" ;; esac

# actions/checkout fetches one commit by default: the base is fetched alone when it is missing.
# A commit id is fetched as it is; a branch or tag name (base: main) into origin/<name>, since
# a bare name would not name the remote branch.
rev=$base
if ! git cat-file -e "${base}^{commit}" 2>/dev/null; then
  if [[ $base =~ ^[0-9a-f]{40}$|^[0-9a-f]{64}$ ]]; then
    spec=$base
  else
    name=${base#refs/heads/}
    git check-ref-format --allow-onelevel "refs/heads/$name" 2>/dev/null || fail 2 "base \"$base\": not a commit id, branch or tag name"
    spec="+$name:refs/remotes/origin/$name"
    rev="origin/$name"
  fi
  echo "flagctl: fetching the base $base from origin" >&2
  if ! err=$(git fetch --no-tags --depth=1 origin "$spec" 2>&1); then
    echo "$err" >&2
    why=$(printf '%s\n' "$err" | grep -m1 -E '^(fatal|error):' || printf '%s\n' "$err" | tail -n1)
    fail 1 "the base \"$base\" could not be fetched from origin (git: ${why:-no message}); give a commit, branch or tag that origin has, or fetch it before this step (actions/checkout with fetch-depth: 0)"
  fi
fi

args=(refs --diff "$rev" -o github)
if [ -n "${INPUT_ROOT:-}" ]; then args+=(--root "$INPUT_ROOT"); fi
if [ -n "${INPUT_FAIL_ON:-}" ]; then args+=(--fail-on "$INPUT_FAIL_ON"); fi
if [ "${INPUT_ALIASES:-false}" = true ]; then args+=(--aliases); fi
if [ -n "${INPUT_PROJECT:-}" ]; then args+=(--project "$INPUT_PROJECT"); fi
if [ -n "${INPUT_CALLS:-}" ]; then args+=(--calls "$INPUT_CALLS"); fi
# --exclude: one glob a line (a multi-line input), blank lines skipped.
while IFS= read -r glob; do
  glob=${glob%$'\r'}
  if [ -n "$glob" ]; then args+=(--exclude "$glob"); fi
done <<<"${INPUT_EXCLUDE:-}"

errors=$(mktemp)
trap 'rm -f "$errors"' EXIT
node "$cli" "${args[@]}" 2> >(tee "$errors" >&2)
code=$?
wait # the tee above has written all of stderr
# flagctl wrote the summary itself when it got as far as an answer (0, or 3 for a gate).
if [ "$code" -ne 0 ] && [ "$code" -ne 3 ]; then
  last=$(grep -v '^\s*$' "$errors" | tail -n1)
  say "flagctl exited with $code (docs/exit-codes.md): ${last:-no message}"
fi
exit "$code"
