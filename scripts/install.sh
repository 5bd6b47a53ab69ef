#!/usr/bin/env bash
# The runtime and the npm packages: what running the app needs (README: `npm run install:app`), and the last step of
# `npm run setup`.
set -euo pipefail
cd "$(dirname "$0")/.."

# The runtime (docs/decisions/084): Node.js 24 LTS, the version package.json's devDependency `node` pins, from the npm
# registry's `node` package (these machines carry Node 20, past its end of life). It is installed once in .runtime/
# so that npm itself runs on it for the install: engines are checked against it, and better-sqlite3 is compiled for
# it with its own headers. The project's copy of the same package then puts it first on every `npm run`'s PATH.
NODE_VERSION="$(sed -n 's/^    "node": "\([0-9.]*\)",\{0,1\}$/\1/p' package.json | head -n 1)"
RUNTIME="$PWD/.runtime"
if [ "$("$RUNTIME/node_modules/node/bin/node" --version 2>/dev/null)" != "v$NODE_VERSION" ]; then
  echo "Installing Node.js $NODE_VERSION from the npm registry…"
  rm -rf "$RUNTIME" && mkdir -p "$RUNTIME"
  npm install --prefix "$RUNTIME" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "node@$NODE_VERSION" >/dev/null
fi
export PATH="$RUNTIME/node_modules/node/bin:$PATH"
npm_config_nodedir="$RUNTIME/node_modules/node/node_modules/$(node -p '`node-${process.platform}-${process.arch}`')"
export npm_config_nodedir
echo "Node.js $(node --version) for the install and every npm script."

npm ci --no-audit --no-fund
