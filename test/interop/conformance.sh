#!/usr/bin/env bash
# Runs the official MCP conformance suite against our Streamable HTTP servers and fails on any
# unexpected failure (or a stale expected one): test/interop/conformance-expected-failures.yaml lists
# the scenarios that fail on purpose, with reasons. The suite needs Node 22, which is fetched from npm
# into the npx cache (not into the project). Two suite versions run: the pinned devDependency
# (0.1.16) and 0.2.0-alpha.12, which also checks the 2026-07-28 requirements.
# Usage: test/interop/conformance.sh [server...]   (default: lab labplus catalog)
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT="$PWD"
EXPECTED="$ROOT/test/interop/conformance-expected-failures.yaml"
ALPHA=@modelcontextprotocol/conformance@0.2.0-alpha.12
SERVERS=("$@")
[ ${#SERVERS[@]} -gt 0 ] || SERVERS=(lab labplus catalog)

NODE22="$(npx -y -p node@22 -- node -p process.execPath)"
echo "conformance: Node $("$NODE22" --version) at $NODE22"
WORK="$(mktemp -d)"
SERVER_PID=""
cleanup() {
  [ -z "$SERVER_PID" ] || kill "$SERVER_PID" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

# Starts `tdo serve NAME --http --port 0` and sets URL from its "listening URL" line.
start_server() {
  local name="$1" args=()
  case "$name" in
    catalog) args=(catalog "$ROOT/experiments/shipped/catalogs/server-filesystem.json") ;;
    *) args=("$name") ;;
  esac
  node bin/tdo.js serve "${args[@]}" --http --port 0 2>"$WORK/$name.err" &
  SERVER_PID=$!
  for _ in $(seq 1 300); do
    URL="$(sed -n 's/^listening \(http:[^ ]*\)$/\1/p' "$WORK/$name.err")"
    [ -z "$URL" ] || return 0
    kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/$name.err" >&2; return 1; }
    sleep 0.1
  done
  echo "conformance: $name did not start listening" >&2
  return 1
}

status=0
for name in "${SERVERS[@]}"; do
  start_server "$name"
  echo "=== $name at $URL: conformance 0.1.16"
  "$NODE22" node_modules/@modelcontextprotocol/conformance/dist/index.js server --url "$URL" \
    --expected-failures "$EXPECTED" -o "$WORK/out-$name-0.1" || status=1
  echo "=== $name at $URL: conformance 0.2.0-alpha.12"
  npx -y -p "$ALPHA" -p node@22 -- conformance server --url "$URL" \
    --expected-failures "$EXPECTED" -o "$WORK/out-$name-0.2" || status=1
  kill "$SERVER_PID"
  wait "$SERVER_PID" 2>/dev/null || true
  SERVER_PID=""
done
exit $status
