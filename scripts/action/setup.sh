#!/usr/bin/env bash
# The GitHub Action's first step (action.yml): the flagctl of the action's own ref, never one
# from a registry. A release tag carries the built bundle (dist/, committed by
# scripts/release.mjs); any other ref is built from the action's own checkout with its
# lockfile (`npm ci --ignore-scripts`: exact versions, checked against their integrity hashes,
# no install scripts run). This step's environment holds no token (action.yml gives the token
# to the next step only), and the variables are cleared here too in case a workflow set them.
# Writes `cli` (the path to run) to $GITHUB_OUTPUT. Exit 1, with an annotation and a step
# summary, when the build fails.
set -euo pipefail
unset FLAGCTL_TOKEN FLAGCTL_URL NODE_AUTH_TOKEN NPM_TOKEN || true

here=${GITHUB_ACTION_PATH:?GITHUB_ACTION_PATH is not set: run this as a step of the action}
fail() {
  echo "::error title=flagctl::$1"
  if [ -n "${GITHUB_STEP_SUMMARY:-}" ]; then printf '### flagctl refs --diff\n\nflagctl could not be set up: %s\n' "$1" >>"$GITHUB_STEP_SUMMARY"; fi
  exit 1
}

if [ ! -f "$here/dist/flagctl.cjs" ] || [ ! -f "$here/dist/launch.cjs" ]; then
  echo "flagctl: building flagctl from the action's checkout ($here)" >&2
  [ -f "$here/package-lock.json" ] || fail "no dist/flagctl.cjs and no package-lock.json in $here: use the action at a release tag (e.g. @v1) or a commit of its repository"
  (cd "$here" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error >&2) || fail "npm ci in the action's checkout failed (see the log above)"
  (cd "$here" && node scripts/build.mjs >&2) || fail "building flagctl in the action's checkout failed (see the log above)"
fi
[ -f "$here/dist/flagctl.cjs" ] && [ -f "$here/dist/launch.cjs" ] || fail "the build left no dist/flagctl.cjs or dist/launch.cjs in $here"
if [ -n "${GITHUB_OUTPUT:-}" ]; then echo "cli=$here/bin/flagctl" >>"$GITHUB_OUTPUT"; fi
