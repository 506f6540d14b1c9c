-- One page of an athlete's media library, newest first, keyset-paginated on (media_date, id), with
-- the library's filters and the caller's scope (a limited member's shares) inside the query, so a
-- page is full of what the caller may see. store.MediaListForAthlete chooses the query.
--
-- Each page reads the columns an item's answer shows (store.MediaListItem) and no others: a page
-- used to read the whole row, and scanning its full-text vector, highlights, checksum and codecs
-- into store.MediaItem only to drop them was a third of what a page cost the api beyond its SQL
-- (docs/PERFORMANCE.md, issue 25). Every query here names the same columns in the same order.
--
-- The cursor's condition is written without "before IS NULL OR": that form is an index condition
-- only in a custom plan, and in a generic plan (which Postgres may move a prepared statement to
-- after five runs) it can only filter the walk: forced generic, the 100th page of 50,000 items read
-- the 6,000 before it (151 ms against 0.4 ms). Before the first page the position is the list's far
-- end (date 'infinity', the largest id), so the condition is an index condition in every plan.
-- Every keyset query in store/queries is written so.

-- name: MediaListPage :many
-- Walks media_items_athlete_idx in page order until the page is full.
SELECT id, athlete_id, title, description, media_date, media_type, mime_type, original_key, file_size, thumbnail_key,
       rendition_key, width, height, duration, is_favorite, is_private, tags, status, status_reason, share_code,
       created_at, on_showcase, place_name
FROM media_items
WHERE athlete_id = @athlete_id
  AND (sqlc.narg(media_type)::text IS NULL OR media_type = sqlc.narg(media_type))
  AND (NOT @favorites_only::boolean OR is_favorite)
  AND (media_date, id) < (coalesce(sqlc.narg(before_date)::date, 'infinity'), coalesce(sqlc.narg(before_id)::bigint, 9223372036854775807))
ORDER BY media_date DESC, id DESC
LIMIT @max_rows;

-- name: MediaSharedPage :many
-- A limited member's page: the items shared with them, found from their shares (as many as the
-- family chose to give them) rather than by walking the whole library in search of them.
SELECT id, athlete_id, title, description, media_date, media_type, mime_type, original_key, file_size, thumbnail_key,
       rendition_key, width, height, duration, is_favorite, is_private, tags, status, status_reason, share_code,
       created_at, on_showcase, place_name
FROM media_items
WHERE id IN (SELECT item_id FROM family_shares WHERE member_id = @member_id AND item_type = 'media')
  AND athlete_id = @athlete_id
  AND (sqlc.narg(media_type)::text IS NULL OR media_type = sqlc.narg(media_type))
  AND (NOT @favorites_only::boolean OR is_favorite)
  AND (media_date, id) < (coalesce(sqlc.narg(before_date)::date, 'infinity'), coalesce(sqlc.narg(before_id)::bigint, 9223372036854775807))
ORDER BY media_date DESC, id DESC
LIMIT @max_rows;

-- name: MediaOnDatePage :many
-- The media of one day (a milestone's 'View media'), through the same index; other filters are not
-- offered there.
SELECT id, athlete_id, title, description, media_date, media_type, mime_type, original_key, file_size, thumbnail_key,
       rendition_key, width, height, duration, is_favorite, is_private, tags, status, status_reason, share_code,
       created_at, on_showcase, place_name
FROM media_items
WHERE athlete_id = @athlete_id AND media_date = @on_date
  AND (sqlc.narg(shared_with)::bigint IS NULL
       OR id IN (SELECT item_id FROM family_shares WHERE member_id = sqlc.narg(shared_with) AND item_type = 'media'))
  AND (media_date, id) < (coalesce(sqlc.narg(before_date)::date, 'infinity'), coalesce(sqlc.narg(before_id)::bigint, 9223372036854775807))
ORDER BY media_date DESC, id DESC
LIMIT @max_rows;

-- name: MediaSearchWordItems :one
-- At most how many of an athlete's items match all of the words, each a prefix: the least, over the
-- words, of the items holding some word that starts with it (media_lexemes, migration 00041).
-- store.MediaListForAthlete chooses how to search from it, as the journal does from
-- JournalSearchWordEntries. Each word's sum stops after @max_words of its words: every word is on
-- at least one item, so a sum that stopped is at least @max_words (a prefix of one letter costs no
-- more than that), and below it the sum is whole.
SELECT coalesce(min(per_word.items), 0)::int AS items FROM (
    SELECT (SELECT coalesce(sum(first_words.items), 0) FROM (
                SELECT l.items FROM media_lexemes AS l
                WHERE l.athlete_id = @athlete_id
                  AND l.lexeme >= lower(word.w) COLLATE "C" AND l.lexeme < (lower(word.w) || chr(1114111)) COLLATE "C"
                LIMIT @max_words) AS first_words) AS items
    FROM unnest(@words::text[]) AS word(w)
) AS per_word;

-- name: MediaSearchMatches :many
-- One page of the items matching a search whose words are rare: every match, through
-- media_items_athlete_search_idx, then the newest of them (MediaSearchPage's second branch, alone;
-- JournalSearchMatches for the journal).
WITH hits AS MATERIALIZED (
    SELECT id, media_date FROM media_items
    WHERE media_items.athlete_id = @athlete_id
      AND search @@ (SELECT to_tsquery('simple', @search::text))
      AND (sqlc.narg(media_type)::text IS NULL OR media_type = sqlc.narg(media_type))
      AND (NOT @favorites_only::boolean OR is_favorite)
      AND (sqlc.narg(shared_with)::bigint IS NULL
           OR id IN (SELECT item_id FROM family_shares WHERE member_id = sqlc.narg(shared_with) AND item_type = 'media'))
      AND (media_date, id) < (coalesce(sqlc.narg(before_date)::date, 'infinity'), coalesce(sqlc.narg(before_id)::bigint, 9223372036854775807))
)
SELECT id, athlete_id, title, description, media_date, media_type, mime_type, original_key, file_size, thumbnail_key,
       rendition_key, width, height, duration, is_favorite, is_private, tags, status, status_reason, share_code,
       created_at, on_showcase, place_name
FROM media_items
WHERE id IN (SELECT hits.id FROM hits ORDER BY hits.media_date DESC, hits.id DESC LIMIT @max_rows)
ORDER BY media_date DESC, id DESC;

-- name: MediaSearchPage :many
-- One page of the items matching a search (a to_tsquery in the 'simple' configuration), with the
-- same filters as MediaListPage, for words on many items (rarer ones go to MediaSearchMatches,
-- missing ones nowhere). The journal's JournalSearchPage explains the shape: the planner
-- cannot estimate a prefix match, so left to itself it walks the date index hoping to fill the
-- page early, and a word nobody wrote reads every item (100 ms at 50,000). Exactly one of two
-- branches runs instead:
--   1. the word fills the page from the newest 1,000 items on the page's side of the cursor (a
--      common word): those, in page order, at a bounded cost;
--   2. otherwise (a rare word, or one nobody wrote): every match through
--      media_items_athlete_search_idx, then the newest of them. all_hits has no ORDER BY or LIMIT,
--      so nothing tempts the planner into the date index.
-- The tsquery is a sub-select so it is parsed once, even in a prepared statement's generic plan.
WITH newest_hits AS MATERIALIZED (
    SELECT newest.id, newest.media_date FROM (
        SELECT * FROM media_items
        WHERE media_items.athlete_id = @athlete_id
          AND (media_date, id) < (coalesce(sqlc.narg(before_date)::date, 'infinity'), coalesce(sqlc.narg(before_id)::bigint, 9223372036854775807))
        ORDER BY media_date DESC, id DESC
        LIMIT 1000
    ) AS newest
    WHERE newest.search @@ (SELECT to_tsquery('simple', @search::text))
      AND (sqlc.narg(media_type)::text IS NULL OR newest.media_type = sqlc.narg(media_type))
      AND (NOT @favorites_only::boolean OR newest.is_favorite)
      AND (sqlc.narg(shared_with)::bigint IS NULL
           OR newest.id IN (SELECT item_id FROM family_shares WHERE member_id = sqlc.narg(shared_with) AND item_type = 'media'))
    ORDER BY newest.media_date DESC, newest.id DESC
    LIMIT @max_rows
), all_hits AS MATERIALIZED (
    SELECT id, media_date FROM media_items
    WHERE (SELECT count(*) FROM newest_hits) < @max_rows
      AND media_items.athlete_id = @athlete_id
      AND search @@ (SELECT to_tsquery('simple', @search::text))
      AND (sqlc.narg(media_type)::text IS NULL OR media_type = sqlc.narg(media_type))
      AND (NOT @favorites_only::boolean OR is_favorite)
      AND (sqlc.narg(shared_with)::bigint IS NULL
           OR id IN (SELECT item_id FROM family_shares WHERE member_id = sqlc.narg(shared_with) AND item_type = 'media'))
      AND (media_date, id) < (coalesce(sqlc.narg(before_date)::date, 'infinity'), coalesce(sqlc.narg(before_id)::bigint, 9223372036854775807))
)
(SELECT id, athlete_id, title, description, media_date, media_type, mime_type, original_key, file_size, thumbnail_key,
        rendition_key, width, height, duration, is_favorite, is_private, tags, status, status_reason, share_code,
        created_at, on_showcase, place_name
 FROM media_items
 WHERE (SELECT count(*) FROM newest_hits) = @max_rows
   AND id IN (SELECT id FROM newest_hits))
UNION ALL
(SELECT id, athlete_id, title, description, media_date, media_type, mime_type, original_key, file_size, thumbnail_key,
        rendition_key, width, height, duration, is_favorite, is_private, tags, status, status_reason, share_code,
        created_at, on_showcase, place_name
 FROM media_items
 WHERE id IN (SELECT id FROM all_hits ORDER BY media_date DESC, id DESC LIMIT @max_rows))
ORDER BY media_date DESC, id DESC;

-- name: MediaMonthCounts :many
-- The library's counts by month and type, from media_month_counts (migration 00029).
SELECT month, media_type, items, favorites FROM media_month_counts
WHERE athlete_id = @athlete_id
ORDER BY month DESC, media_type;

-- name: MediaSharedMonthCounts :many
-- The same for a limited member, counted from what was shared with them.
SELECT date_trunc('month', media_date::timestamp)::date AS month, media_type,
       count(*)::int AS items, (count(*) FILTER (WHERE is_favorite))::int AS favorites
FROM media_items
WHERE id IN (SELECT item_id FROM family_shares WHERE member_id = @member_id AND item_type = 'media')
  AND athlete_id = @athlete_id
GROUP BY 1, 2
ORDER BY 1 DESC, 2;
