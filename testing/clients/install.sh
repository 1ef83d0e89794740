#!/usr/bin/env bash
# Installs the MCP clients of other projects that the tests drive the built server with, into
# .test-clients/ (ignored by git; testing/test-clients.ts finds them there):
#   .test-clients/python  a venv with the official MCP Python SDK (requirements.txt)
#   .test-clients/node    the MCP Inspector 2.12 and Node 22 to run it (package.json, pinned by
#                         package-lock.json; apart from FolderGate's own dependencies, whose
#                         engines it does not meet)
# `npm run test-clients` runs it; .ci/run runs it on a fresh machine. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/../.."
here=testing/clients
target=.test-clients
mkdir -p "$target"

if ! "$target/python/bin/python" -c 'import importlib.metadata as m; assert m.version("mcp") == "2.3.0"' 2>/dev/null; then
  echo "== installing the MCP Python SDK into $target/python"
  rm -rf "$target/python"
  python3 -m venv "$target/python"
  "$target/python/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements.txt"
fi

if ! cmp -s "$here/package-lock.json" "$target/node/package-lock.json" ||
  [ ! -x "$target/node/node_modules/node/bin/node" ]; then
  echo "== installing the MCP Inspector CLI and Node 22 into $target/node"
  rm -rf "$target/node"
  mkdir -p "$target/node"
  cp "$here/package.json" "$here/package-lock.json" "$target/node/"
  # The node package fetches its binary in an install script.
  (cd "$target/node" && npm ci --no-audit --no-fund --loglevel=error)
fi
