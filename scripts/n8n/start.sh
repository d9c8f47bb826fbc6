#!/usr/bin/env bash
# `npm start` / `npm run demo` on a fresh clone: installs the project (with its Node 24) if needed, builds the
# package, then runs scripts/n8n/start.ts under Node 24 (n8n itself is installed on first use, see install.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
[ -x node_modules/.bin/tsx ] && [ -x node_modules/.bin/node ] || npm ci --no-audit --no-fund
export PATH="$PWD/node_modules/.bin:$PATH"
npm run --silent build > /dev/null
exec tsx scripts/n8n/start.ts "$@"
