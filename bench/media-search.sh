#!/usr/bin/env bash
# Media search, full text against trigrams: the choice made for issue 25 (migration 00027), measured.
# A fresh database with this tree's migrations gets three libraries of 1,000, 20,000 and 50,000 items
# (as BenchmarkMediaLibrary seeds them: one in ten "Pitching practice", no zebra) and, beside the
# full-text column and index the app uses, a trigram index (pg_trgm) on the same text. pgbench then
# runs the app's search query shape (MediaSearchPage: the newest 1,000 items, else every match
# through the index) once with full text and once with ILIKE on the trigram index, as a prepared
# statement on one connection, for:
#
#   zebra   a word nobody wrote (the case that must not grow with the library)
#   zq      two letters nobody wrote (trigrams have nothing to look up in one or two letters)
#   pitch   a common word (one item in ten)
#
# and prints p50 and p99 of each.
#
#   bench/media-search.sh        TX=500 transactions per case; see bench/lib.sh for BENCH_PG
set -euo pipefail
source "$(dirname -- "${BASH_SOURCE[0]}")/lib.sh"

TX=${TX:-500}
WORK=$BENCH_WORK/media-search
mkdir -p "$WORK"
trap bench_cleanup EXIT
bench_createdb media_search
(cd "$ROOT" && go run ./cmd/api migrate) >/dev/null 2>&1 || die "migrating $BENCH_DB failed"
psql "$DATABASE_URL" -qAtX -v ON_ERROR_STOP=1 <<'SQL'
INSERT INTO users (first_name, last_name, email, password_hash)
SELECT 'Bench', 'User', 'bench' || n || '@example.com', 'x' FROM unnest(ARRAY[1000, 20000, 50000]) AS n;
INSERT INTO athletes (user_id, name, sports, position, graduation_year, school, bio)
SELECT id, 'Bench ' || split_part(split_part(email, '@', 1), 'bench', 2), 'Baseball', 'P', 2030, 'S', ''
FROM users WHERE email LIKE 'bench%@example.com';
INSERT INTO media_items (athlete_id, title, description, media_date, media_type, mime_type, original_key, file_size, tags, status)
SELECT a.id,
       CASE WHEN g % 10 = 0 THEN 'Pitching practice' ELSE (ARRAY['Game day', 'Team dinner', 'Birthday', 'Tournament', 'Batting cage'])[1 + g % 5] END || ' ' || g,
       CASE WHEN g % 3 = 0 THEN 'With the team at the field after school.' ELSE '' END,
       date '2008-01-01' + (g::bigint * 6570 / split_part(a.name, ' ', 2)::int)::int,
       (ARRAY['image', 'image', 'image', 'video', 'audio', 'pdf'])[1 + g % 6], 'image/jpeg',
       'bench-' || a.id || '-' || g, 1000, ARRAY[(ARRAY['game', 'training', 'family', 'tournament'])[1 + g % 4]], 'ready'
FROM athletes a, generate_series(1, split_part(a.name, ' ', 2)::int) AS g
WHERE a.name LIKE 'Bench %';
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX media_items_athlete_trgm_idx ON media_items
    USING gin (athlete_id, media_search_text(title, description, tags) gin_trgm_ops) WITH (fastupdate = off);
VACUUM ANALYZE media_items;
SQL

# The app's shape (store/queries/media_pages.sql, MediaSearchPage, without the filters); MATCH is
# the search condition.
query() {
  cat <<SQL
WITH newest_hits AS MATERIALIZED (
  SELECT newest.id, newest.media_date FROM (
    SELECT * FROM media_items WHERE athlete_id = :a ORDER BY media_date DESC, id DESC LIMIT 1000) AS newest
  WHERE $1
  ORDER BY newest.media_date DESC, newest.id DESC LIMIT 61
), all_hits AS MATERIALIZED (
  SELECT id, media_date FROM media_items AS newest
  WHERE (SELECT count(*) FROM newest_hits) < 61 AND athlete_id = :a AND $1
)
(SELECT * FROM media_items WHERE (SELECT count(*) FROM newest_hits) = 61 AND id IN (SELECT id FROM newest_hits))
UNION ALL
(SELECT * FROM media_items WHERE id IN (SELECT id FROM all_hits ORDER BY media_date DESC, id DESC LIMIT 61))
ORDER BY media_date DESC, id DESC;
SQL
}
query "newest.search @@ (SELECT to_tsquery('simple', :q))" >"$WORK/fts.sql"
query "media_search_text(newest.title, newest.description, newest.tags) ILIKE :q" >"$WORK/trgm.sql"

# run FILE ATHLETE PATTERN prints p50 and p99 in ms of TX runs.
run() {
  rm -f "$WORK"/pgbench_log.*
  (cd "$WORK" && pgbench -n -M prepared -t "$TX" -c 1 -D a="$2" -D q="$3" -f "$1" -l "$DATABASE_URL" >/dev/null 2>"$WORK/err") \
    || die "pgbench: $(cat "$WORK/err")"
  awk '{print $3}' "$WORK"/pgbench_log.* | sort -n |
    awk '{v[NR]=$1} END {printf "p50 %6.2f ms  p99 %6.2f ms", v[int(NR*0.5)]/1000, v[int(NR*0.99)]/1000}'
}

bench_load
for n in 1000 20000 50000; do
  athlete=$(psql "$DATABASE_URL" -qAtX -c "SELECT id FROM athletes WHERE name = 'Bench $n'")
  for word in zebra zq pitch; do
    printf '%6d items  %-6s  full text: %s   trigram: %s\n' "$n" "$word" \
      "$(run fts.sql "$athlete" "$word:*")" "$(run trgm.sql "$athlete" "%$word%")"
  done
done
bench_load
