#!/usr/bin/env bash
# Installs the packed package into a real n8n 2.41.1 as a community package (as users get it), imports
# the example workflows with credentials for the simulator, and runs each with `n8n execute`.
# Not part of CI: n8n's install takes ~5 min and ~3 GB. N8N_CACHE (default .tmp/n8n-2.41.1) keeps it.
# Usage: npm run build && bash scripts/real-n8n-check.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
cache=${N8N_CACHE:-$root/.tmp/n8n-2.41.1}
node_bin=$(readlink -f "$root/node_modules/.bin/node" 2>/dev/null || true)
[ -x "$node_bin" ] && "$node_bin" --version | grep -q '^v24' || { echo "needs the project's Node 24 (run npm ci first)"; exit 1; }
export PATH="$(dirname "$node_bin"):$PATH"
# Node 24's headers, for rebuilding n8n's sqlite3 against it (the machine's npmrc points at Node 20's).
node_api_h=$(find "$root/node_modules/node" -path '*/include/node/node_api.h' 2>/dev/null | head -n 1)
node_dir=${node_api_h:+$(dirname "$(dirname "$(dirname "$node_api_h")")")}

if [ ! -x "$cache/node_modules/.bin/n8n" ]; then
	mkdir -p "$cache"
	echo '{"name":"n8n-check","private":true,"dependencies":{"n8n":"2.41.1"},"overrides":{"linkedom":"0.18.14"}}' > "$cache/package.json"
	[ -n "$node_dir" ] || { echo "Node 24 headers not found under node_modules/node"; exit 1; }
	(cd "$cache" && npm install --ignore-scripts --no-audit --no-fund && npm_config_nodedir="$node_dir" npm rebuild sqlite3)
fi

work=$(mktemp -d)
sim_log="$work/simulator.log"
cleanup() { kill "$sim_pid" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

npm pack --silent --pack-destination "$work" >/dev/null
mkdir -p "$work/user/.n8n/nodes"
(cd "$work/user/.n8n/nodes" && echo '{"name":"installed-nodes","private":true}' > package.json &&
	npm install "$work"/n8n-nodes-svc-*.tgz --omit=peer --no-audit --no-fund --silent)

"$root/node_modules/.bin/tsx" test/simulator/cli.ts --port 0 --ttl-seconds 600 > "$sim_log" 2>&1 &
sim_pid=$!
for _ in $(seq 1 60); do grep -q 'listening on' "$sim_log" && break; sleep 0.5; done
base_url=$(grep -o 'http://127.0.0.1:[0-9]*' "$sim_log" | head -n 1)

export N8N_USER_FOLDER="$work/user" N8N_ENCRYPTION_KEY=real-n8n-check-key N8N_HOST=127.0.0.1 N8N_LISTEN_ADDRESS=127.0.0.1 \
	N8N_RUNNERS_BROKER_LISTEN_ADDRESS=127.0.0.1 N8N_DIAGNOSTICS_ENABLED=false N8N_PERSONALIZATION_ENABLED=false \
	N8N_VERSION_NOTIFICATIONS_ENABLED=false N8N_TEMPLATES_ENABLED=false N8N_DISABLED_MODULES=mcp-registry N8N_AI_ENABLED=false
n8n="$cache/node_modules/.bin/n8n"

BASE_URL="$base_url" SIM_LOG="$sim_log" WORK="$work" node scripts/real-n8n-fixtures.mjs
"$n8n" import:credentials --input "$work/credentials.json" > /dev/null
failed=0
for workflow in "$work"/workflow-*.json; do
	"$n8n" import:workflow --input "$workflow" > /dev/null
	id=$(node -e 'console.log(require(process.argv[1]).id)' "$workflow")
	if "$n8n" execute --id "$id" --rawOutput > "$work/$id.out" 2>&1; then
		node scripts/real-n8n-summary.mjs "$work/$id.out" "$(node -e 'console.log(require(process.argv[1]).name)' "$workflow")"
	else
		echo "FAILED: $id"; tail -20 "$work/$id.out"; failed=1
	fi
done
exit "$failed"
