#!/bin/sh
# `npm test`: every check and test, in the order each needs the one before.
# The type check (one core) runs beside the build, which leaves the other core
# mostly idle. Nothing else runs side by side: the unit, browser and
# Lighthouse steps each keep both cores busy (Lighthouse beside the browser
# tests made the pair 60 s slower, not faster).
set -eu
cd "$(dirname "$0")/.."

npm run lint

npm run typecheck &
typecheck=$!
npm run build
wait "$typecheck"

npm run test:unit
npm run test:e2e
npm run test:perf
