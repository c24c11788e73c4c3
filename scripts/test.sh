#!/bin/sh
# `npm test`: every check and test, in the order each needs the one before.
# Two steps that leave a core idle run beside another (on 2 cores, measured):
# the type check (one core) beside the build, and Lighthouse (0.6 of a core:
# mostly waiting for the page to settle) beside the browser tests. Its
# simulated timings are advisory here anyway (PERF_TIMING_ADVISORY), so the
# extra load changes no verdict; its output is printed once the browser tests end.
set -eu
cd "$(dirname "$0")/.."

npm run lint

npm run typecheck &
typecheck=$!
npm run build
wait "$typecheck"

npm run test:unit

perf_log=$(mktemp)
npm run test:perf >"$perf_log" 2>&1 &
perf=$!
e2e_status=0
npm run test:e2e || e2e_status=$?
perf_status=0
wait "$perf" || perf_status=$?
cat "$perf_log"
[ "$e2e_status" -eq 0 ] && exit "$perf_status"
exit "$e2e_status"
