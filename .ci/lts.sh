#!/usr/bin/env bash
# The core node suites once more under the current Node LTS, whatever Node CI itself runs.
#   .ci/lts.sh OUT.json   (from the repo root, after `npm ci`; `npm test` runs it when MEMTRAY_TEST_LTS=1)
# Node comes from the npm registry (the `node` package: the official binary and its headers). The
# suites run in a scratch copy of the repo whose node_modules links to ours, except better-sqlite3,
# which is copied and compiled for that Node's ABI (ours stays built for the Node that runs `npm test`).
# Suites: tests/core tests/recall tests/capture (storage, journal/projector, search/digest/MCP, hooks,
# transcript import): the code that depends on Node and SQLite. Cost: Node download (~1 min), the
# better-sqlite3 compile and ~115 tests; measured 22 min on a 2-core machine at load 15-18 (6 min of
# it vitest), so expect well under 10 minutes on an unshared CI runner.
set -euo pipefail
out=$(realpath -m "${1:?usage: .ci/lts.sh OUT.json}")
major=${MEMTRAY_LTS_NODE:-26}
suites=(tests/core tests/recall tests/capture)
root=$(pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/memtray-lts.XXXXXX")
trap 'rm -rf "$work"' EXIT

echo "== Node $major (LTS) from the npm registry"
npm install --prefix "$work/node" --no-audit --no-fund --no-save --loglevel=error "node@$major" >/dev/null
bin="$work/node/node_modules/node/bin"
export PATH="$bin:$PATH"
headers="$work/node/node_modules/node/node_modules/$(node -p '`node-${process.platform}-${process.arch}`')"
[ -d "$headers/include/node" ] || { echo "no Node headers in $headers"; exit 1; }
echo "   $(node -v) at $bin/node"

echo "== scratch copy of the repo; better-sqlite3 compiled for $(node -v)"
mkdir "$work/repo" "$work/repo/node_modules"
tar -C "$root" --exclude=./node_modules --exclude=./test-results --exclude=./release --exclude=./out -cf - . |
  tar -C "$work/repo" -xf -
for entry in "$root"/node_modules/* "$root"/node_modules/.bin; do
  name=$(basename "$entry")
  [ "$name" = better-sqlite3 ] || ln -s "$entry" "$work/repo/node_modules/$name"
done
# The shared corpus, if it is beside the repo, is beside the copy too (the corpus suites run there).
if [ -d "$root/../shared" ]; then ln -s "$(realpath "$root/../shared")" "$work/shared"; fi
cp -a "$root/node_modules/better-sqlite3" "$work/repo/node_modules/better-sqlite3"
rm -rf "$work/repo/node_modules/better-sqlite3/build"
gyp="$(dirname "$(realpath "$(command -v npm)")")/../node_modules/node-gyp/bin/node-gyp.js"
(cd "$work/repo/node_modules/better-sqlite3" &&
  npm_config_nodedir="$headers" node "$gyp" rebuild --release --nodedir="$headers" --jobs=2 >/dev/null)

echo "== vitest under $(node -v): ${suites[*]}"
mkdir -p "$(dirname "$out")"
cd "$work/repo"
node node_modules/vitest/vitest.mjs run --project node "${suites[@]}" \
  --reporter=default --reporter=json --outputFile="$out"
