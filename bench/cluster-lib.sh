# shellcheck shell=bash
# What bench/merchants.sh and bench/reports.sh share: the server binaries, and the working
# directory of the benchmark's own PostgreSQL cluster (a fresh one, or a kept one named by BENCH_DIR).

# Sets PG_BIN to the newest local PostgreSQL's bin directory.
bench_pg_bin() {
  PG_BIN=$(compgen -G '/usr/lib/postgresql/*/bin/postgres' | sort -V | tail -n1 | xargs -r dirname)
  [[ -n "$PG_BIN" ]] || die "No PostgreSQL server binaries under /usr/lib/postgresql (apt-get install postgresql)."
}

# Sets WORK (and REUSE=1, BENCH_KEEP=1 for a kept cluster in BENCH_DIR); prefix names a fresh directory.
bench_work_dir() { # prefix
  REUSE=""
  if [[ -n "${BENCH_DIR:-}" ]]; then
    [[ -f "$BENCH_DIR/data/PG_VERSION" ]] || die "BENCH_DIR=$BENCH_DIR holds no kept cluster (data/PG_VERSION)."
    WORK=$BENCH_DIR REUSE=1 BENCH_KEEP=1
  else
    WORK=$(mktemp -d "${TMPDIR:-/tmp}/$1-XXXXXX")
    chmod 755 "$WORK"
    chown postgres "$WORK" 2>/dev/null || true
  fi
}
