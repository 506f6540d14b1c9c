#!/usr/bin/env bash
# Backups (issue #27) of a large legacy: ENTRIES journal entries (1,000,000) across 1,000 athletes and
# FILES stored files of FILE_MB (1,000 × 10 MiB: 10 GiB of random bytes, as photos' and film's bytes do
# not compress), each a media row.
#
#   1. the first backup, `api backup now` (pg_dump -Fc on one snapshot + every file copied with its
#      SHA-256 + manifest, durable), against `pg_dump -Fc` to a file plus `cp -r` of the media
#      directory plus `sync`, in the same run on the same disk;
#   2. an incremental backup after 100 new 3 MiB photos: its file phase against `cp` of those 100
#      files (+ sync): the overhead beyond moving the bytes;
#   3. `api restore --latest` into an empty database and an empty media directory (pg_restore in one
#      transaction, every row count and every file's checksum checked) against `pg_restore` plus
#      `cp -r` plus `sync` of the same backup.
#
#   bench/backup.sh     ENTRIES=1000000 FILES=1000 FILE_MB=10 SETTLE=10; see bench/lib.sh for BENCH_*.
#                       Needs about 3.5 × FILES × FILE_MB of free disk in BENCH_WORK.
set -euo pipefail
source "$(dirname -- "${BASH_SOURCE[0]}")/lib.sh"

ENTRIES=${ENTRIES:-1000000}
FILES=${FILES:-1000}
FILE_MB=${FILE_MB:-10}
W=$BENCH_WORK/backup
MEDIA=$W/media
RESTORED_DB=""

cleanup() {
  bench_cleanup
  [[ -n $RESTORED_DB ]] && psql "$BENCH_PG/postgres" -qAtX -c "DROP DATABASE IF EXISTS $RESTORED_DB WITH (FORCE)" >/dev/null || true
  rm -rf "$W"
}
trap cleanup EXIT

bench_build api
rm -rf "$W" && mkdir -p "$MEDIA" "$W/logs"
bench_createdb backup
export MEDIA_DIR=$MEDIA BACKUP_DIR=$W/backups STORAGE=local
api() { "$ROOT/bench/bin/api" "$@"; }
api migrate >"$W/logs/migrate.log" 2>&1
sql() { psql "$DATABASE_URL" -qAtX -v ON_ERROR_STOP=1 "$@"; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2f", b - a}'; }

say "filling: $ENTRIES journal entries, $FILES files of $FILE_MB MiB"
sql <<SQL
INSERT INTO users (email, first_name, last_name) SELECT 'bench' || i || '@example.com', 'Bench', 'Family ' || i FROM generate_series(1, 1000) i;
INSERT INTO athletes (user_id, name, sports, graduation_year, school) SELECT id, 'Athlete ' || id, 'Softball', 2030, 'Central' FROM users WHERE email LIKE 'bench%';
INSERT INTO journal_entries (athlete_id, title, content, entry_date, tags, is_private)
SELECT a.id, 'Game ' || g, 'Two hits and a diving catch in game ' || g || '. Coach said the footwork is there; abuela cried in the stands again.',
       date '2020-01-01' + (g % 2000), ARRAY['game'], g % 3 = 0
FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM athletes WHERE NOT is_demo) a,
     generate_series(1, $ENTRIES / 1000) g;
SQL
athletes=$(sql -c "SELECT string_agg(id::text, ' ') FROM athletes WHERE NOT is_demo")
read -ra athlete_ids <<<"$athletes"
# add_files N MB PREFIX: N files of random bytes written straight into MEDIA, each with its media row.
add_files() {
  local n=$1 mb=$2 rows=$W/rows.csv key i
  : >"$rows"
  for ((i = 0; i < n; i++)); do
    key=$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n').jpg
    head -c $((mb << 20)) /dev/urandom >"$MEDIA/$key"
    echo "${athlete_ids[i % ${#athlete_ids[@]}]},$3 $i,2026-04-11,image,image/jpeg,$key,$((mb << 20)),ready" >>"$rows"
  done
  sql -c "\\copy media_items (athlete_id, title, media_date, media_type, mime_type, original_key, file_size, status) FROM '$rows' CSV"
}
add_files "$FILES" "$FILE_MB" Photo
sql -c "VACUUM ANALYZE"
bytes=$(du -sb "$MEDIA" | cut -f1)
say "database $(sql -c "SELECT pg_size_pretty(pg_database_size(current_database()))"), files $((bytes >> 20)) MiB"
bench_load

# The raw tools, from the same server's own version (what `api backup` picks too).
major=$(sql -c "SELECT current_setting('server_version_num')::int / 10000")
PGBIN=/usr/lib/postgresql/$major/bin
[[ -x $PGBIN/pg_dump ]] || PGBIN=$(dirname "$(command -v pg_dump)")

settle
t0=$(now)
"$PGBIN/pg_dump" -Fc -f "$W/raw.dump" "$DATABASE_URL"
t1=$(now)
cp -r "$MEDIA" "$W/raw-files"
sync
t2=$(now)
raw_dump=$(secs "$t0" "$t1") raw_cp=$(secs "$t1" "$t2") raw_total=$(secs "$t0" "$t2")
raw_dump_bytes=$(stat -c %s "$W/raw.dump")
rm -rf "$W/raw-files"

settle
t0=$(now)
api backup now >"$W/logs/backup1.log" 2>&1 || { cat "$W/logs/backup1.log" >&2; die "backup failed"; }
t1=$(now)
ours_total=$(secs "$t0" "$t1")
manifest=$(ls -t "$BACKUP_DIR"/db/*.json | head -1)
took() { grep -o "\"$1Seconds\": [0-9.]*" "$manifest" | awk '{print $2}'; }
ours_dump=$(took dump) ours_files=$(took files)

say "adding 100 photos of 3 MiB"
mkdir -p "$W/new"
before=$(ls "$MEDIA")
add_files 100 3 New
comm -13 <(echo "$before") <(ls "$MEDIA") | sed "s|^|$MEDIA/|" >"$W/new.list"
settle
t0=$(now)
api backup now >"$W/logs/backup2.log" 2>&1 || { cat "$W/logs/backup2.log" >&2; die "backup failed"; }
t1=$(now)
inc_total=$(secs "$t0" "$t1")
manifest=$(ls -t "$BACKUP_DIR"/db/*.json | head -1)
inc_files=$(took files) inc_copied=$(grep -o '"copiedBytes": [0-9]*' "$manifest" | awk '{print $2}')
settle
t0=$(now)
xargs -a "$W/new.list" cp -t "$W/new"
sync
t1=$(now)
cp_new=$(secs "$t0" "$t1")
rm -rf "$W/new"

# Restores: ours into an empty database and media directory, then the raw tools into another.
RESTORED_DB=llbench_restored_$$
psql "$BENCH_PG/postgres" -qAtX -c "CREATE DATABASE $RESTORED_DB" >/dev/null
settle
t0=$(now)
DATABASE_URL="$BENCH_PG/$RESTORED_DB?sslmode=disable" MEDIA_DIR=$W/restored api restore --latest >"$W/logs/restore.log" 2>&1 \
  || { cat "$W/logs/restore.log" >&2; die "restore failed"; }
t1=$(now)
ours_restore=$(secs "$t0" "$t1")
tail -1 "$W/logs/restore.log" >&2
rm -rf "$W/restored"
psql "$BENCH_PG/postgres" -qAtX -c "DROP DATABASE $RESTORED_DB WITH (FORCE)" -c "CREATE DATABASE $RESTORED_DB" >/dev/null
latest=$(basename "$manifest" .json)
settle
t0=$(now)
"$PGBIN/pg_restore" --single-transaction --no-owner -d "$BENCH_PG/$RESTORED_DB?sslmode=disable" "$BACKUP_DIR/db/$latest.dump"
cp -r "$BACKUP_DIR/files" "$W/raw-restored"
sync
t1=$(now)
raw_restore=$(secs "$t0" "$t1")
rm -rf "$W/raw-restored"

say ""
say "$ENTRIES journal entries, $((FILES)) + 100 files, $((bytes >> 20)) MiB of files"
say "first backup:   api backup now ${ours_total} s (dump ${ours_dump} s, files ${ours_files} s)"
say "                pg_dump -Fc ${raw_dump} s ($((raw_dump_bytes >> 20)) MiB) + cp -r ${raw_cp} s + sync = ${raw_total} s"
say "                ratio $(awk -v a="$ours_total" -v b="$raw_total" 'BEGIN {printf "%.2f", a / b}')×"
say "incremental:    api backup now ${inc_total} s; its file phase ${inc_files} s for $((inc_copied >> 20)) MiB new; cp of those 100 files + sync ${cp_new} s"
say "                file phase beyond the bytes: $(awk -v a="$inc_files" -v b="$cp_new" 'BEGIN {printf "%.2f", a - b}') s"
say "restore:        api restore --latest ${ours_restore} s; pg_restore --single-transaction + cp -r + sync ${raw_restore} s"
say "                ratio $(awk -v a="$ours_restore" -v b="$raw_restore" 'BEGIN {printf "%.2f", a / b}')×"
bench_load
