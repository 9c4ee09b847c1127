#!/usr/bin/env bash
# Fails when the Drizzle schema (apps/api/src/db/schema) and the committed migrations
# (apps/api/src/db/migrations) differ: drizzle-kit generate runs against a throwaway copy of the
# migrations folder, and any migration it would write means someone changed the schema without
# running `npm run db:generate`. drizzle-kit compares the schema with the last snapshot in
# migrations/meta, not with the SQL files, so a hand-edited .sql is not caught here (STYLE.md
# rule 6: landed migrations are never edited). The real folder is never touched.
# Run by the static pass of scripts/test.sh; on its own: scripts/check-migrations.sh
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

API="$ROOT/apps/api"
work=$(mktemp -d "${TMPDIR:-/tmp}/boardwalk-migrations-XXXXXX")
trap 'rm -rf "$work"' EXIT
cp -r "$API/src/db/migrations" "$work/migrations"
before=$(cd "$work/migrations" && find . -type f | sort)

# drizzle-kit puts './' in front of --out, so it must be relative; it exits 0 even when it fails,
# so success is read from what it prints and what it writes. stdin is closed and time bounded:
# a schema change it finds ambiguous (a rename?) makes it ask, and a question counts as drift.
out=$(cd "$API" && timeout 120 npx --no-install drizzle-kit generate --dialect=postgresql \
  --schema='./src/db/schema/*.ts' --casing=snake_case \
  --out="$(realpath --relative-to="$API" "$work/migrations")" </dev/null 2>&1)
after=$(cd "$work/migrations" && find . -type f | sort)

if [[ "$before" == "$after" ]] && grep -q 'No schema changes' <<<"$out"; then
  say "migrations: the committed migrations match the schema"
  exit 0
fi
warn "migrations: the schema in apps/api/src/db/schema and the migrations in apps/api/src/db/migrations differ."
new=$(comm -13 <(echo "$before") <(echo "$after") | grep '\.sql$' || true)
if [[ -n "$new" ]]; then
  for file in $new; do
    echo "drizzle-kit would write ${file#./}:"
    cat "$work/migrations/${file#./}"
    echo
  done
  echo "Run 'npm run db:generate', review the SQL and commit it (never edit a landed migration)."
else
  echo "drizzle-kit said:"
  echo "$out"
fi
exit 1
