-- The journal entries of one day, for a milestone's 'View associated journal entries' link (its
-- 'View media' is MediaOnDatePage). The same visibility rules as the list it filters (journal.sql).

-- name: JournalListOnDate :many
SELECT * FROM journal_entries
WHERE athlete_id = @athlete_id AND entry_date = @on_date
  AND (@include_private::boolean OR NOT is_private OR author_id = sqlc.narg(author))
  AND (sqlc.narg(shared_with)::bigint IS NULL
       OR id IN (SELECT item_id FROM family_shares WHERE member_id = sqlc.narg(shared_with) AND item_type = 'journal'))
ORDER BY id DESC
LIMIT 200;
