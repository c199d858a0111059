#!/usr/bin/env bash
# The GitHub Action's step (action.yml): install flagctl, make sure the base commit is here,
# and run `flagctl refs --diff <base> -o github`, which writes the annotations to stdout, the
# summary to $GITHUB_STEP_SUMMARY and the outputs (extinct, added-stale) to $GITHUB_OUTPUT.
# Its exit code is flagctl's: 3 when a --fail-on gate trips, 2 for bad input, 1 on a failure.
# Inputs arrive as INPUT_* variables (never spliced into the script's text, so a hostile
# input cannot run commands).
set -euo pipefail

base=${INPUT_BASE:-}
if [ -z "$base" ]; then
  echo "::error title=flagctl::no base revision: run the action on pull_request, or give it the base input"
  exit 2
fi

# actions/checkout fetches one commit by default: fetch the base commit alone when it is missing.
if ! git cat-file -e "${base}^{commit}" 2>/dev/null; then
  echo "flagctl: fetching the base commit $base" >&2
  git fetch --no-tags --depth=1 origin "$base" >&2
fi

version=${INPUT_VERSION:-latest}
case "$version" in
  *.tgz | *.tar.gz | http://* | https://* | /* | ./*) spec=$version ;;
  *) spec="flagctl@$version" ;;
esac
prefix="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/flagctl-action"
npm install --global --prefix "$prefix" --no-audit --no-fund --loglevel=error "$spec" >&2

args=(refs --diff "$base" -o github)
if [ -n "${INPUT_ROOT:-}" ]; then args+=(--root "$INPUT_ROOT"); fi
if [ -n "${INPUT_FAIL_ON:-}" ]; then args+=(--fail-on "$INPUT_FAIL_ON"); fi
if [ "${INPUT_ALIASES:-false}" = true ]; then args+=(--aliases); fi
exec "$prefix/bin/flagctl" "${args[@]}"
