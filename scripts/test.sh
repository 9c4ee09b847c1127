#!/usr/bin/env bash
# Run every test of Boardwalk, installing what is missing first:
#   1. static                 typecheck, lint, prettier --check, schema vs migrations, and the
#                             web build with its JavaScript transfer budgets
#                             (a failure here stops the run)
#   2. unit                   vitest: packages/shared, API lib, web components
#   3. api on PGlite          vitest: the API suite through the real app, embedded database
#   4. api on PostgreSQL      the same suite against PostgreSQL (this machine's server is started
#                             if it is not running; a throwaway role and databases are dropped after)
#   5. e2e                    web build + Playwright in headless Chromium against a fresh server
# Usage: scripts/test.sh [pass ...]   passes: static unit api api-pg e2e (default: all, in order)
# Environment: TEST_DATABASE_URL=postgres://… uses that server for pass 4 instead of the local one;
#              CHROMIUM_PATH overrides /usr/bin/chromium.
#              TEST_CPU=1 adds each pass's CPU time to the summary (as root, with cgroup v1's
#              cpuacct; Chromium included), to tell a pass that keeps both cores busy from one
#              that waits (decision 053).
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ALL_PASSES=(static unit api api-pg e2e)
if [[ $# -gt 0 ]]; then PASSES=("$@"); else PASSES=("${ALL_PASSES[@]}"); fi
for p in "${PASSES[@]}"; do
  [[ " ${ALL_PASSES[*]} " == *" $p "* ]] || die "Unknown pass '$p'. Passes: ${ALL_PASSES[*]}"
done
wants() { [[ " ${PASSES[*]} " == *" $1 "* ]]; }
declare -A TITLE=([static]="typecheck + lint + format + budgets" [unit]="unit" [api]="api (PGlite)" [api-pg]="api (PostgreSQL)" [e2e]="e2e (Chromium)")

export CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
# One role per run (its pid in the name), so two runs on one machine never drop each other's databases.
PG_ROLE_PREFIX=boardwalk_test_
PG_ROLE="$PG_ROLE_PREFIX$$"
PG_STARTED=""      # "version cluster" when this script started the cluster
PG_ADMIN_PORT=""   # set when this script manages the local cluster (role + databases to drop)
E2E_DIR=""

# ── installs ──────────────────────────────────────────────────────────────────────────────

# Chromium for pass 5. When it is missing, Debian's package is installed in the background while
# the other passes run (apt-get waits on the network and the disk, the passes on the CPU), and
# pass 5 waits for it; what cannot be installed at all is said before the first pass.
CHROMIUM_INSTALL="" # pid of the background install
CHROMIUM_LOG=""

chromium_installable() { [[ "$CHROMIUM_PATH" == /usr/bin/chromium && $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; }

install_chromium() {
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq -o DPkg::Lock::Timeout=300 &&
    apt-get install -y -qq -o DPkg::Lock::Timeout=300 chromium >/dev/null &&
    [[ -x "$CHROMIUM_PATH" ]]
}

start_chromium_install() {
  [[ -x "$CHROMIUM_PATH" ]] && return 0
  chromium_installable || die "No Chromium at $CHROMIUM_PATH, and this script can only install it as root with apt-get.
  Install it (Debian/Ubuntu: sudo apt-get install chromium), or set CHROMIUM_PATH to a Chromium or Chrome
  binary, or run only the other passes: scripts/test.sh static unit api api-pg"
  say "Chromium is missing: installing Debian's chromium with apt-get in the background (pass 5 waits for it)…"
  CHROMIUM_LOG=$(mktemp "${TMPDIR:-/tmp}/boardwalk-chromium-XXXXXX")
  install_chromium >"$CHROMIUM_LOG" 2>&1 &
  CHROMIUM_INSTALL=$!
}

# Waits for the background install, if one runs; fails (with apt-get's output) when it failed.
await_chromium() {
  [[ -n "$CHROMIUM_INSTALL" ]] || return 0
  local rc=0
  wait "$CHROMIUM_INSTALL" || rc=$?
  CHROMIUM_INSTALL=""
  cat "$CHROMIUM_LOG"
  rm -f "$CHROMIUM_LOG"
  [[ $rc -eq 0 ]] && { say "Chromium installed ($("$CHROMIUM_PATH" --version 2>/dev/null))"; return 0; }
  warn "apt-get could not install chromium (see above). Install it by hand, or point CHROMIUM_PATH at a Chromium or Chrome binary."
  return 1
}

# ── PostgreSQL for pass 4 ─────────────────────────────────────────────────────────────────

pg_installed() { command -v pg_lsclusters >/dev/null && compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null; }

psql_admin() { as_postgres psql -X -q -v ON_ERROR_STOP=1 -p "$PG_ADMIN_PORT" -d postgres "$@"; }

# Picks a local cluster (15 first), starts it if it is down, makes a throwaway role that may
# create databases, and exports TEST_DATABASE_URL for the harness (apps/api/src/test/harness.ts),
# which creates and drops one database per test file.
pg_setup() {
  local line version cluster port status
  line=$(pg_lsclusters -h 2>/dev/null | awk '$1 == "15"' | head -n1)
  [[ -z "$line" ]] && line=$(pg_lsclusters -h 2>/dev/null | sort -k1,1nr | head -n1)
  if [[ -z "$line" ]]; then
    version=$(basename "$(compgen -G '/usr/lib/postgresql/*/bin/postgres' | sort -V | tail -n1 | xargs dirname | xargs dirname)")
    say "No PostgreSQL cluster exists: creating $version/main…"
    as_postgres pg_createcluster "$version" main >/dev/null || { echo "could not create a cluster (run as root or postgres)"; return 1; }
    line=$(pg_lsclusters -h | awk -v v="$version" '$1==v && $2=="main"')
  fi
  read -r version cluster port status _ <<<"$line"
  if [[ "$status" != online* ]]; then
    say "Starting PostgreSQL $version/$cluster (port $port)…"
    as_postgres pg_ctlcluster "$version" "$cluster" start ||
      { echo "could not start PostgreSQL $version/$cluster: run as root or postgres, or set TEST_DATABASE_URL"; return 1; }
    PG_STARTED="$version $cluster"
  fi
  PG_ADMIN_PORT=$port
  pg_drop_stale_roles
  local password
  password=$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')
  psql_admin >/dev/null <<SQL || { echo "could not create the test role"; return 1; }
DO \$\$ BEGIN
  IF EXISTS (SELECT FROM pg_roles WHERE rolname = '$PG_ROLE') THEN
    ALTER ROLE $PG_ROLE LOGIN CREATEDB PASSWORD '$password';
  ELSE
    CREATE ROLE $PG_ROLE LOGIN CREATEDB PASSWORD '$password';
  END IF;
END \$\$;
SQL
  export TEST_DATABASE_URL="postgres://$PG_ROLE:$password@127.0.0.1:$port/postgres"
  say "PostgreSQL $version/$cluster on 127.0.0.1:$port, role $PG_ROLE"
}

# Drops every database a role owns, then the role.
pg_drop_role() {
  psql_admin -At >/dev/null <<SQL
SELECT format('DROP DATABASE IF EXISTS %I WITH (FORCE)', datname)
  FROM pg_database WHERE datdba = (SELECT oid FROM pg_roles WHERE rolname = '$1') \gexec
DROP ROLE IF EXISTS $1;
SQL
}

# Roles left by runs that were killed before their cleanup: their pid is no longer running.
pg_drop_stale_roles() {
  local role pid
  for role in $(psql_admin -At -c "SELECT rolname FROM pg_roles WHERE rolname ~ '^${PG_ROLE_PREFIX}[0-9]+\$'"); do
    pid=${role#"$PG_ROLE_PREFIX"}
    kill -0 "$pid" 2>/dev/null && continue
    say "Dropping $role and its databases, left by an earlier run"
    pg_drop_role "$role" || true
  done
}

# Drops what this run made (leftovers of a crashed test file included), and stops the cluster
# if this run started it.
pg_cleanup() {
  [[ -n "$PG_ADMIN_PORT" ]] || return 0
  pg_drop_role "$PG_ROLE" || warn "could not drop the test role $PG_ROLE or its databases"
  PG_ADMIN_PORT=""
  if [[ -n "$PG_STARTED" ]]; then
    say "Stopping PostgreSQL $PG_STARTED (this script started it)…"
    # shellcheck disable=SC2086
    as_postgres pg_ctlcluster $PG_STARTED stop || true
    PG_STARTED=""
  fi
}

cleanup() {
  # An apt-get stopped halfway would leave dpkg broken: a run that ends early waits for it.
  [[ -n "$CHROMIUM_INSTALL" ]] && { say "Waiting for the Chromium install to finish…"; await_chromium >/dev/null 2>&1; }
  pg_cleanup
  [[ -n "${LOG_DIR:-}" ]] && rm -rf "$LOG_DIR"
  [[ -n "$E2E_DIR" ]] && rm -rf "$E2E_DIR"
  E2E_DIR=""
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ── passes ────────────────────────────────────────────────────────────────────────────────

# The web build (skipped when up to date; pass 5 reuses it) and the bytes each page downloads.
check_budgets() { build_web && node "$ROOT/scripts/check-spa-budgets.ts"; }

# typecheck, lint, formatting, the migrations check and the budgets side by side, each reported in one piece.
pass_static() {
  local out rc=0 name
  local -A pids=()
  local names=(typecheck lint format migrations budgets)
  out=$(mktemp -d)
  npm run --silent typecheck >"$out/typecheck" 2>&1 &
  pids[typecheck]=$!
  npm run --silent lint >"$out/lint" 2>&1 &
  pids[lint]=$!
  npx --no-install prettier --check . >"$out/format" 2>&1 &
  pids[format]=$!
  "$ROOT/scripts/check-migrations.sh" >"$out/migrations" 2>&1 &
  pids[migrations]=$!
  check_budgets >"$out/budgets" 2>&1 &
  pids[budgets]=$!
  for name in "${names[@]}"; do
    if wait "${pids[$name]}"; then say "$name: ok"; else rc=1; warn "$name failed:"; fi
    cat "$out/$name"
  done
  rm -rf "$out"
  return $rc
}

pass_unit() { npx --no-install vitest run --project unit --project web; }

pass_api() { npx --no-install vitest run --project api; }

pass_api_pg() {
  if [[ -z "${TEST_DATABASE_URL:-}" ]]; then
    pg_setup || return 1
  fi
  local rc=0
  npx --no-install vitest run --project api || rc=1
  pg_cleanup
  return $rc
}

# The first port from 3100 up that nothing answers on (another checkout's server may hold 3100).
free_port() {
  local port
  for port in $(seq "$1" $(($1 + 99))); do
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null || { echo "$port"; return 0; }
  done
  return 1
}

pass_e2e() {
  await_chromium || return 1
  build_web || return 1
  E2E_DIR=$(mktemp -d "${TMPDIR:-/tmp}/boardwalk-e2e-XXXXXX")
  local rc=0 port=${E2E_PORT:-$(free_port 3100)}
  say "Playwright against a fresh server on port $port (DATA_DIR $E2E_DIR)"
  E2E_PORT=$port E2E_DATA_DIR="$E2E_DIR" npx --no-install playwright test -c e2e/playwright.config.ts || rc=1
  rm -rf "$E2E_DIR"
  E2E_DIR=""
  return $rc
}

# ── runner ────────────────────────────────────────────────────────────────────────────────

declare -a SUMMARY=()
PASSED=0 FAILED=0 SKIPPED=0

record() { # name outcome seconds [note]
  SUMMARY+=("$(printf '%-8s %-22s %5ss  %s' "$2" "$1" "$3" "${4:-}")")
  case $2 in PASS) PASSED=$((PASSED + 1)) ;; FAIL) FAILED=$((FAILED + 1)) ;; SKIP) SKIPPED=$((SKIPPED + 1)) ;; esac
  say "$(printf '%s %s (%ss) %s' "$2" "$1" "$3" "${4:-}")"
}

LOG_DIR=$(mktemp -d "${TMPDIR:-/tmp}/boardwalk-test-logs-XXXXXX")
declare -a FAILURES=()

# The lines of a failed pass's output that name what failed and why, at most 24, so that the end
# of the run, which is all that a CI log's tail shows, says which test broke: vitest's FAIL and ×,
# Playwright's ✘, error lines (any `…Error:`, node-postgres' lower-case `error:`), Expected and
# Received, the locator Playwright waited for and the spec line it failed at, and the two lines
# after each FAIL, where vitest puts the error of a failed hook.
failure_digest() { # name log
  local lines
  lines=$(sed -E 's/\x1b\[[0-9;]*m//g' "$2" |
    awk '/^[[:space:]]*FAIL[[:space:]]/ { print; after = 2; next }
         after > 0 && NF > 0 { print; after--; next }
         /^[[:space:]]*(×|✘)[[:space:]]|^[[:space:]]*([A-Za-z]*Error|error):|^[[:space:]]*(Expected|Received)|Test timeout/ ||
         /^[[:space:]]*- waiting for |^[[:space:]]*at [^ ]*\.spec\.ts:[0-9]+/' |
    awk '!seen[$0]++' | head -n 24 | cut -c1-220)
  [[ -n "$lines" ]] && FAILURES+=("── $1:" "$lines")
}

run_pass() { # name function
  local name=$1 fn=$2 t0=$SECONDS rc=0 cpu log
  log="$LOG_DIR/$(printf '%s' "$name" | tr -c 'a-zA-Z0-9' '-').log"
  printf '\n%s━━ %s ━━%s\n' "$B" "$name" "$N"
  cpu_meter_start "$name"
  # The pass stays in this shell (its cleanup state is this shell's); tee keeps a copy for the digest.
  $fn > >(tee "$log") 2>&1 || rc=1
  wait $! 2>/dev/null || true # tee's last lines are in the log before the digest reads it
  cpu=$(cpu_meter_stop)
  if [[ $rc -eq 0 ]]; then record "$name" PASS $((SECONDS - t0)) "$cpu"; return 0; fi
  failure_digest "$name" "$log"
  record "$name" FAIL $((SECONDS - t0)) "$cpu"; return 1
}

finish() {
  if [[ ${#FAILURES[@]} -gt 0 ]]; then
    printf '\n%s━━ what failed ━━%s\n' "$B" "$N"
    printf '%s\n' "${FAILURES[@]}"
  fi
  printf '\n%s━━ summary ━━%s\n' "$B" "$N"
  printf '%s\n' "${SUMMARY[@]}"
  printf 'total %ss\n' "$((SECONDS - T_START))"
  local line="$PASSED passed, $FAILED failed"
  [[ $SKIPPED -gt 0 ]] && line+=", $SKIPPED skipped"
  echo "$line"
  [[ $FAILED -eq 0 ]]
  exit $?
}

T_START=$SECONDS
t0=$SECONDS
ensure_deps
wants e2e && start_chromium_install
say "Installs checked ($((SECONDS - t0))s); $(node --version), $(npx --no-install vitest --version 2>/dev/null | head -n1)"

if wants static && ! run_pass "${TITLE[static]}" pass_static; then
  for p in unit api api-pg e2e; do wants $p && record "${TITLE[$p]}" SKIP 0 "(not run: the static checks failed)"; done
  finish
fi
wants unit && run_pass "${TITLE[unit]}" pass_unit
wants api && run_pass "${TITLE[api]}" pass_api
if wants api-pg; then
  if [[ -n "${TEST_DATABASE_URL:-}" ]] || pg_installed; then
    run_pass "${TITLE[api-pg]}" pass_api_pg
  else
    record "${TITLE[api-pg]}" SKIP 0 "(no PostgreSQL installed and no TEST_DATABASE_URL: pass skipped)"
  fi
fi
wants e2e && run_pass "${TITLE[e2e]}" pass_e2e
finish
