#!/usr/bin/env bash
# The merchant benchmark of docs/architecture.md (bench/README.md), end to end on this machine:
#   1. a throwaway PostgreSQL cluster (the local binaries that scripts/test.sh uses, but its own
#      data directory and port, so it neither disturbs nor is stopped by a test run)
#   2. npm run seed:bench -- --merchants N (timed)
#   3. pgbench -i in a second database of the same cluster, for `pgbench -S`
#   4. bench/workload.ts: the API on loopback under the work staff do (every list request
#      different, searches drawn from the data, views, stage changes beside), cache on and off, at
#      50 and 10 connections, search recall, pgbench -S; results written to bench/results/
#      (BENCH_WORKLOAD=cached runs bench/merchants.ts instead: a few repeated URLs, the cached case)
#   5. everything it started stopped and removed (also on Ctrl-C or a failure)
# Usage: bench/merchants.sh [merchants]        (default 1000000)
# Environment: BENCH_SECONDS (per scenario, default 20), BENCH_CONNECTIONS (default 50),
#              BENCH_LATENCY_CONNECTIONS (the second run per scenario, for the p95 budgets; default 10, 0 for none),
#              BENCH_WORKERS (API processes, default 2), BENCH_SCENARIOS (e.g. list,view; default all),
#              READ_CACHE_MB (the API's read cache per process, decision 052; 0 measures without it),
#              BENCH_KEEP=1 keeps the cluster's directory (printed) instead of removing it;
#              BENCH_DIR=<that directory> runs again on the kept cluster: no initdb, no seed, no
#              pgbench -i (the directory is kept again afterwards),
#              BENCH_LOADGEN=node|wrk (default wrk when installed; merchants.ts, decision 056),
#              BENCH_ACCEPT_ENCODING (default `gzip, deflate, br`, as a browser; `identity` for none),
#              BENCH_API_ROOT (another checkout's API, with its node_modules: old and new on one cluster),
#              BENCH_NODE_ARGS (flags for the API's Node after its own, decision 065: e.g. --cpu-prof --cpu-prof-dir=DIR,
#              or --max-semi-space-size=64), BENCH_API_STDOUT (a file for the API's standard output, e.g. --trace-gc-nvp's),
#              BENCH_REQUESTS (node generator: exactly N requests per scenario, a fixed amount of work),
#              BENCH_LOG_LEVEL (the API's LOG_LEVEL, default warn; info writes the access line per request).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"
source "$(dirname "${BASH_SOURCE[0]}")/cluster-lib.sh"

MERCHANTS=${1:-1000000}
ensure_deps

bench_pg_bin
command -v pgbench >/dev/null || die "pgbench is missing (it comes with postgresql-contrib / postgresql-client)."

bench_work_dir boardwalk-bench
PORT=""
cleanup() {
  if [[ -n "$PORT" ]]; then
    say "Stopping the benchmark's PostgreSQL (port $PORT)…"
    as_postgres "$PG_BIN/pg_ctl" -D "$WORK/data" -m fast -w stop >/dev/null || true
  fi
  if [[ "${BENCH_KEEP:-}" == 1 ]]; then say "Kept $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

for p in $(seq 55432 55531); do
  (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null || { PORT_FREE=$p; break; }
done
[[ -n "${PORT_FREE:-}" ]] || die "No free port from 55432 up."

say "PostgreSQL $($PG_BIN/postgres --version | awk '{print $3}') in $WORK/data on 127.0.0.1:$PORT_FREE"
# A cluster for a bulk load (decision 027): no checkpoint in the middle of the load (each one makes
# the next writes log whole pages), and minimal WAL (no replica to feed), so that CREATE INDEX writes
# no WAL at all. Reads, which the benchmark measures, do not depend on either.
BULK_LOAD_SETTINGS="-c wal_level=minimal -c max_wal_senders=0 -c max_wal_size=8GB -c checkpoint_timeout=30min"
# Trust on loopback only: a throwaway cluster that lives for this run and listens on 127.0.0.1.
[[ -n "$REUSE" ]] || as_postgres "$PG_BIN/initdb" -D "$WORK/data" -U postgres --auth=trust -E UTF8 >/dev/null
as_postgres "$PG_BIN/pg_ctl" -D "$WORK/data" -l "$WORK/postgres.log" -w \
  -o "-p $PORT_FREE -k $WORK -c listen_addresses=127.0.0.1 -c shared_buffers=1GB -c max_connections=120 $BULK_LOAD_SETTINGS" start >/dev/null
PORT=$PORT_FREE
[[ -n "$REUSE" ]] || as_postgres psql -X -q -h 127.0.0.1 -p "$PORT" -d postgres -c 'CREATE DATABASE boardwalk_bench' -c 'CREATE DATABASE pgbench'

export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/boardwalk_bench"
export AUTH_SECRET ENCRYPTION_KEY
AUTH_SECRET=$(od -An -tx1 -N32 /dev/urandom | tr -d ' \n')
ENCRYPTION_KEY=$(od -An -tx1 -N32 /dev/urandom | tr -d ' \n')

# CPU ticks (user + system) of the cluster: the postmaster, its live children, and (cutime, cstime)
# the children it has reaped, so the seed's ended connections and parallel workers count too.
pg_ticks() {
  local pm total=0 pid f
  pm=$(head -n1 "$WORK/data/postmaster.pid")
  for pid in "$pm" $(cat "/proc/$pm/task/$pm/children" 2>/dev/null); do
    f=$(sed 's/^.*) //' "/proc/$pid/stat" 2>/dev/null) || continue
    read -r -a s <<<"$f"
    total=$((total + s[11] + s[12]))
    [[ "$pid" == "$pm" ]] && total=$((total + s[13] + s[14]))
  done
  echo "$total"
}

if [[ -n "$REUSE" ]]; then
  say "Reusing the seeded cluster in $WORK (seed figures are those of its first run: $WORK/seed.log)."
  # The API's first process applies this checkout's migrations, should they differ from the seeding one's.
else
say "Seeding $MERCHANTS merchants (npm run seed:bench)…"
load0=$(cut -d' ' -f1 /proc/loadavg)
ticks0=$(pg_ticks)
t0=$(date +%s%N)
LOG_LEVEL=warn npm run --silent seed:bench -- --merchants "$MERCHANTS" | tee "$WORK/seed.log"
export SEED_MS=$((($(date +%s%N) - t0) / 1000000))
export SEED_PG_CPU_S=$((($(pg_ticks) - ticks0) / $(getconf CLK_TCK)))
export SEED_LOAD="$load0 → $(cut -d' ' -f1 /proc/loadavg)"
say "Seeded in ${SEED_MS} ms (npm and the migrations included), PostgreSQL CPU ${SEED_PG_CPU_S} s, load average $SEED_LOAD"

say "pgbench -i (scale 10) for the pgbench -S comparison…"
pgbench -i -q -s 10 -U postgres -h 127.0.0.1 -p "$PORT" pgbench >/dev/null 2>&1
fi

export PGBENCH_URL="postgres://postgres@127.0.0.1:$PORT/pgbench"
export SEED_LOG="$WORK/seed.log"
export PGDATA_PID="$WORK/data/postmaster.pid"
# BENCH_WORKLOAD=cached: the older scenario of a few repeated URLs (it measures the answer cache).
if [[ "${BENCH_WORKLOAD:-real}" == cached ]]; then node bench/merchants.ts; else node bench/workload.ts; fi
