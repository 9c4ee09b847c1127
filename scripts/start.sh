#!/usr/bin/env bash
# Start Boardwalk on a fresh machine or an existing checkout:
#   installs dependencies when node_modules is missing or package-lock.json changed,
#   builds the web app when its sources changed, then runs `npm start` (the API under Node 24,
#   which migrates and seeds ./data on first start and serves the SPA).
# Environment: PORT, DATA_DIR, DEMO_PASSWORD, DATABASE_URL, ... (see README.md) pass through.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ensure_deps
build_web || exit 1

say "Starting Boardwalk (Ctrl-C stops it)…"
# exec: npm becomes this process; the start script execs node in turn, so npm forwards
# SIGTERM and SIGINT straight to the server (a plain `sh -c node …` would swallow SIGTERM).
exec npm start --silent
