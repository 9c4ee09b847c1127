# Shared helpers for scripts/start.sh and scripts/test.sh. Sourced, not run.
# These run before node_modules exists, so they are plain bash and use the system npm only
# to install; everything after that runs under the Node 24 that the project pins.

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

# Put the project's own node (the `node` devDependency, Node 24) first on PATH, so that every
# tool started from here, and the `#!/usr/bin/env node` shebangs of npm binaries, use it.
export PATH="$ROOT/node_modules/.bin:$PATH"

STAMP="$ROOT/node_modules/.boardwalk-install-stamp"

# Bold and red only on a terminal; CI logs get plain text.
if [[ -t 1 ]]; then B=$'\033[1m' R=$'\033[1;31m' N=$'\033[0m'; else B='' R='' N=''; fi
say() { printf '%s[boardwalk]%s %s\n' "$B" "$N" "$*"; }
warn() { printf '%s[boardwalk] %s%s\n' "$R" "$*" "$N" >&2; }
die() { warn "$*"; exit 1; }

# The Node version the project pins: package.json's devDependency `node` (an exact version).
pinned_node() { sed -n 's/^ *"node": "\([0-9][0-9.]*\)".*/\1/p' "$ROOT/package.json" | head -n1; }
system_node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

lock_hash() { sha256sum "$ROOT/package-lock.json" | cut -d' ' -f1; }

# True when node_modules matches package-lock.json: the stamp written after our last install
# holds the lock's hash, or npm's own record of the installed tree is newer than the lock
# (someone ran `npm install` by hand after the lock last changed).
deps_current() {
  [[ -d "$ROOT/node_modules" && -x "$ROOT/node_modules/.bin/node" ]] || return 1
  [[ -f "$STAMP" && "$(cat "$STAMP")" == "$(lock_hash)" ]] && return 0
  [[ -f "$ROOT/node_modules/.package-lock.json" && "$ROOT/node_modules/.package-lock.json" -nt "$ROOT/package-lock.json" ]]
}

ensure_deps() {
  if deps_current; then
    lock_hash >"$STAMP"
    return 0
  fi
  command -v npm >/dev/null || die "npm is not installed. Install Node.js (any version >= 18 with npm) first; the project brings its own Node 24."
  say "Installing dependencies (npm ci, under the project's own Node $(pinned_node))…"
  if [[ "$(system_node_major)" -ge 24 ]]; then
    npm ci --no-audit --no-fund || die "npm ci failed (see above)."
  else
    # npm checks every package's engines against the Node that runs it: under an older system
    # Node it warns about the project itself, pg-boss and others, which all run under Node 24.
    # npm exec puts the pinned Node first on PATH, so npm (a node script) runs under it.
    npm exec --yes --package="node@$(pinned_node)" -- npm ci --no-audit --no-fund || die "npm ci failed (see above)."
  fi
  [[ -x "$ROOT/node_modules/.bin/node" ]] || die "npm ci finished but node_modules/.bin/node (the pinned Node 24) is missing."
  lock_hash >"$STAMP"
  say "Using $(node --version) from node_modules/.bin/node"
}

# Builds apps/web into apps/web/dist unless the build is newer than every input.
build_web() {
  local web="$ROOT/apps/web" marker="$ROOT/apps/web/dist/index.html"
  if [[ ! -f "$web/index.html" ]]; then
    say "apps/web has no index.html yet: skipping the web build (the API still starts)."
    return 0
  fi
  if [[ -f "$marker" ]] &&
    [[ -z "$(find "$web/src" "$web/index.html" "$web/public" "$web"/vite.config.* "$web/delivery" "$web/package.json" \
      "$ROOT/packages/shared/src" "$ROOT/package-lock.json" -newer "$marker" -print -quit 2>/dev/null)" ]]; then
    say "Web app is up to date (apps/web/dist)."
    return 0
  fi
  say "Building the web app (vite build)…"
  if ! (cd "$web" && npx --no-install vite build --logLevel warn); then
    warn "The web build failed (see above)."
    return 1
  fi
}

# Runs a command as the postgres user (the local PostgreSQL clusters' owner): as root through
# runuser, as postgres directly, otherwise through passwordless sudo; fails when none of these works.
as_postgres() {
  if [[ $(id -u) -eq 0 ]]; then (cd / && runuser -u postgres -- "$@")
  elif [[ $(id -un) == postgres ]]; then (cd / && "$@")
  elif sudo -n true 2>/dev/null; then (cd / && sudo -n -u postgres -- "$@")
  else return 1
  fi
}

# CPU per pass (decision 053), when TEST_CPU=1 and this runs as root with cgroup v1's cpuacct:
# the script's shell moves into a cgroup of its own for the pass, so everything the pass starts
# is counted, Chromium's renderers too (they leave the process tree, and /usr/bin/time misses
# them). Prints nothing and changes nothing otherwise.
CPU_ROOT=/sys/fs/cgroup/cpuacct
CPU_GROUP=""
cpu_meter_start() { # name
  CPU_GROUP=""
  [[ "${TEST_CPU:-}" == 1 && -w "$CPU_ROOT/cgroup.procs" ]] || return 0
  local name=${1,,}
  local group="$CPU_ROOT/boardwalk-test-$$-${name//[^a-z0-9]/-}"
  mkdir "$group" 2>/dev/null && echo $$ >"$group/cgroup.procs" && CPU_GROUP=$group
}
cpu_meter_stop() { # prints "cpu N s (user U, sys S)" for the pass, and removes the group
  [[ -n "$CPU_GROUP" ]] || return 0
  local group=$CPU_GROUP pid hz user sys
  CPU_GROUP=""
  # Back to the root group: the script first, then anything the pass left running (a cluster it started).
  echo $$ >"$CPU_ROOT/cgroup.procs"
  hz=$(getconf CLK_TCK)
  user=$(awk '$1 == "user" { print $2 }' "$group/cpuacct.stat")
  sys=$(awk '$1 == "system" { print $2 }' "$group/cpuacct.stat")
  awk -v ns="$(cat "$group/cpuacct.usage")" -v u="$user" -v s="$sys" -v hz="$hz" \
    'BEGIN { printf "cpu %.1fs (user %.1f, sys %.1f)", ns / 1e9, u / hz, s / hz }'
  while read -r pid; do echo "$pid" >"$CPU_ROOT/cgroup.procs" 2>/dev/null; done <"$group/cgroup.procs"
  rmdir "$group" 2>/dev/null || true
}
