#!/usr/bin/env bash
# Installs the MCP clients of other projects that the tests drive the built server with, into
# .test-clients/ (ignored by git; testing/test-clients.ts finds them there):
#   .test-clients/python  a venv with the official MCP Python SDK (requirements.txt)
#   .test-clients/node    the MCP Inspector 2.12 and Node 22 to run it (package.json, pinned by
#                         package-lock.json; apart from FolderGate's own dependencies, whose
#                         engines it does not meet)
# `npm test` runs it first (its pretest), and `npm run test-clients` alone; it needs python3 (3.10 or
# later, with venv) and reaches PyPI and the npm registry the first time. Safe to run again: what is
# installed and matches the pins is left as it is (a fraction of a second).
set -euo pipefail
cd "$(dirname "$0")/../.."
here=testing/clients
target=.test-clients
mkdir -p "$target"

if ! "$target/python/bin/python" -c 'import importlib.metadata as m; assert m.version("mcp") == "2.3.0"' 2>/dev/null; then
  echo "== installing the MCP Python SDK into $target/python"
  if ! python3 -c 'import sys; sys.exit(sys.version_info < (3, 10))' 2>/dev/null; then
    echo "error: the MCP Python SDK needs python3 3.10 or later ($(python3 --version 2>&1 || echo 'no python3'))." >&2
    echo "fix: install python3 (Debian/Ubuntu: apt-get install python3 python3-venv), then run npm run test-clients." >&2
    exit 1
  fi
  rm -rf "$target/python"
  if ! python3 -m venv "$target/python"; then
    rm -rf "$target/python"
    echo "error: python3 could not make a virtual environment in $target/python." >&2
    echo "fix: install python3's venv module (Debian/Ubuntu: apt-get install python3-venv), then run npm run test-clients." >&2
    exit 1
  fi
  if ! "$target/python/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements.txt"; then
    rm -rf "$target/python"
    echo "error: pip could not install $(grep -v '^#' "$here/requirements.txt") from PyPI." >&2
    echo "fix: check the network (or PIP_INDEX_URL), then run npm run test-clients." >&2
    exit 1
  fi
fi

if ! cmp -s "$here/package-lock.json" "$target/node/package-lock.json" ||
  [ ! -x "$target/node/node_modules/node/bin/node" ]; then
  echo "== installing the MCP Inspector CLI and Node 22 into $target/node"
  rm -rf "$target/node"
  mkdir -p "$target/node"
  cp "$here/package.json" "$here/package-lock.json" "$target/node/"
  # The node package fetches its binary in an install script.
  if ! (cd "$target/node" && npm ci --no-audit --no-fund --loglevel=error); then
    rm -rf "$target/node"
    echo "error: npm could not install the MCP Inspector CLI and Node 22 into $target/node." >&2
    echo "fix: check the network (or npm's registry setting), then run npm run test-clients." >&2
    exit 1
  fi
fi
