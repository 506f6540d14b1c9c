-- The journal entries and media of one day, for a milestone's 'View associated journal entries' and
-- 'View media' links. The same visibility rules as the lists they filter (journal.sql, media.sql).

-- name: JournalListOnDate :many
SELECT * FROM journal_entries
WHERE athlete_id = @athlete_id AND entry_date = @on_date
  AND (@include_private::boolean OR NOT is_private OR author_id = sqlc.narg(author))
  AND (sqlc.narg(shared_with)::bigint IS NULL
       OR id IN (SELECT item_id FROM family_shares WHERE member_id = sqlc.narg(shared_with) AND item_type = 'journal'))
ORDER BY id DESC
LIMIT 200;

-- name: MediaListOnDate :many
SELECT * FROM media_items
WHERE athlete_id = @athlete_id AND media_date = @on_date
  AND (sqlc.narg(shared_with)::bigint IS NULL
       OR id IN (SELECT item_id FROM family_shares WHERE member_id = sqlc.narg(shared_with) AND item_type = 'media'))
ORDER BY media_date DESC, id DESC
LIMIT 1000;
