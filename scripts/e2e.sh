#!/usr/bin/env bash
# `npm run test:e2e`: the end-to-end tests against a real n8n (installed once into .tmp/, see scripts/n8n/install.sh),
# ending with the line `N passed, N failed`.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp
results=.tmp/e2e-results.json
rm -f "$results"
jest -c jest.e2e.config.js --json --outputFile="$results" "$@"
status=$?
node scripts/jest-summary.js "$results" || status=1
exit "$status"
