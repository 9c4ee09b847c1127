#!/usr/bin/env bash
# The report budget of docs/architecture.md (each report endpoint ≤ 300 ms p95 at 1,000,000 merchants on
# PostgreSQL), end to end on this machine, like bench/merchants.sh:
#   1. a throwaway PostgreSQL cluster (own data directory, own port)
#   2. npm run seed:bench -- --merchants N
#   3. bench/report-history.sql: the history the bench seed leaves out (an earlier, closed stay in
#      the entry stage for each merchant that moved on; decision times and reasons)
#   4. bench/reports.ts: every report through the real app in process; results to bench/results/
#   5. everything it started stopped and removed (also on Ctrl-C or a failure)
# Usage: bench/reports.sh [merchants]        (default 1000000). REPORT_REQUESTS (default 30).
# Old and new code on one database, request by request in turn (decision 046):
#   git archive <old commit> | tar -x -C /tmp/old && ln -s "$PWD/node_modules" /tmp/old/node_modules
#   REPORT_VS=/tmp/old bench/reports.sh          (REPORT_ONLY=funnel,time-in-stage for some calls)
# Seeding takes minutes: BENCH_KEEP=1 keeps the cluster's directory (printed at the end), and
# BENCH_DIR=<that directory> runs again on it (no initdb, no seed, no history; this tree's
# migrations are applied first, so a newer commit's rollups are built on the kept database).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"
source "$(dirname "${BASH_SOURCE[0]}")/cluster-lib.sh"

MERCHANTS=${1:-1000000}
ensure_deps
bench_pg_bin

bench_work_dir boardwalk-reports
PORT=""
cleanup() {
  [[ -n "$PORT" ]] && as_postgres "$PG_BIN/pg_ctl" -D "$WORK/data" -m fast -w stop >/dev/null || true
  if [[ "${BENCH_KEEP:-}" == 1 ]]; then say "Kept $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

for p in $(seq 56432 56531); do
  (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null || { PORT_FREE=$p; break; }
done
[[ -n "${PORT_FREE:-}" ]] || die "No free port from 56432 up."
[[ -n "$REUSE" ]] || as_postgres "$PG_BIN/initdb" -D "$WORK/data" -U postgres --auth=trust -E UTF8 >/dev/null
as_postgres "$PG_BIN/pg_ctl" -D "$WORK/data" -l "$WORK/postgres.log" -w \
  -o "-p $PORT_FREE -k $WORK -c listen_addresses=127.0.0.1 -c shared_buffers=1GB" start >/dev/null
PORT=$PORT_FREE
[[ -n "$REUSE" ]] || as_postgres psql -X -q -h 127.0.0.1 -p "$PORT" -d postgres -c 'CREATE DATABASE boardwalk_bench'

export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/boardwalk_bench"
export AUTH_SECRET ENCRYPTION_KEY
AUTH_SECRET=$(od -An -tx1 -N32 /dev/urandom | tr -d ' \n')
ENCRYPTION_KEY=$(od -An -tx1 -N32 /dev/urandom | tr -d ' \n')
if [[ -n "$REUSE" ]]; then
  say "Migrating the kept database with this tree's migrations…"
  node --input-type=module -e "
    const { openDatabase } = await import('$ROOT/apps/api/src/db/client.ts');
    const database = await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL, max: 1 });
    const started = Date.now();
    try { await database.migrate(); } finally { await database.close(); }
    console.log('migrated in ' + ((Date.now() - started) / 1000).toFixed(1) + ' s');"
  # Statistics and visibility for what the migrations wrote, as the seed leaves its tables.
  as_postgres psql -X -q -h 127.0.0.1 -p "$PORT" -d boardwalk_bench -c 'VACUUM ANALYZE'
else
  say "Seeding $MERCHANTS merchants…"
  LOG_LEVEL=warn npm run --silent seed:bench -- --merchants "$MERCHANTS"
  say "Adding stage history and decisions…"
  as_postgres psql -X -q -h 127.0.0.1 -p "$PORT" -d boardwalk_bench -f "$ROOT/bench/report-history.sql"
fi
say "PostgreSQL on 127.0.0.1:$PORT ($WORK)"
node bench/reports.ts
