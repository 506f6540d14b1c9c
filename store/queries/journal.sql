-- name: JournalCreate :one
-- is_private takes the column's default (true): see newEntriesPrivate in cmd/api/journal.go.
INSERT INTO journal_entries (athlete_id, author_id, title, content, entry_date, tags, ai_status)
VALUES (@athlete_id, @author_id, @title, @content, @entry_date, @tags, @ai_status)
RETURNING *;

-- name: JournalGetByID :one
SELECT * FROM journal_entries WHERE id = @id;

-- name: JournalListPage :many
-- Newest first, keyset-paginated on (entry_date, id). Private entries only when include_private.
-- Without a search: walks journal_entries_athlete_date_idx in page order until the page is full.
-- store.JournalListForAthlete calls it, or JournalSearchPage when there is a search. The cursor's
-- condition is an index condition in every plan (media_pages.sql says why it is written so).
SELECT * FROM journal_entries
WHERE athlete_id = @athlete_id
  AND (@include_private::boolean OR NOT is_private OR author_id = sqlc.narg(author))
  AND (sqlc.narg(tag)::text IS NULL OR EXISTS (SELECT 1 FROM unnest(tags) AS t WHERE lower(t) = lower(sqlc.narg(tag))))
  AND (NOT @favorites_only::boolean OR is_favorite)
  AND (sqlc.narg(enhanced_by)::text IS NULL OR (enhanced_content IS NOT NULL AND ai_provider = sqlc.narg(enhanced_by)))
  AND (sqlc.narg(shared_with)::bigint IS NULL
       OR id IN (SELECT item_id FROM family_shares WHERE member_id = sqlc.narg(shared_with) AND item_type = 'journal'))
  AND (entry_date, id) < (coalesce(sqlc.narg(before_date)::date, 'infinity'), coalesce(sqlc.narg(before_id)::bigint, 9223372036854775807))
ORDER BY entry_date DESC, id DESC
LIMIT @max_rows;

-- name: JournalStats :one
-- An enhanced version is counted by what made it: an AI service ('model') or the offline cleanup
-- ('basic'), never the one as the other.
SELECT count(*)::int AS total,
       (count(*) FILTER (WHERE enhanced_content IS NOT NULL AND ai_provider = 'model'))::int AS ai_enhanced,
       (count(*) FILTER (WHERE enhanced_content IS NOT NULL AND ai_provider = 'basic'))::int AS cleaned_offline,
       (count(*) FILTER (WHERE date_trunc('month', entry_date) = date_trunc('month', @today::date)))::int AS this_month
FROM journal_entries
WHERE athlete_id = @athlete_id AND (@include_private::boolean OR NOT is_private OR author_id = sqlc.narg(author))
  AND (sqlc.narg(shared_with)::bigint IS NULL
       OR id IN (SELECT item_id FROM family_shares WHERE member_id = sqlc.narg(shared_with) AND item_type = 'journal'));

-- name: JournalCategories :many
SELECT lower(t)::text AS tag, count(*)::int AS entries
FROM journal_entries, unnest(tags) AS t
WHERE athlete_id = @athlete_id AND (@include_private::boolean OR NOT is_private OR author_id = sqlc.narg(author))
  AND (sqlc.narg(shared_with)::bigint IS NULL
       OR id IN (SELECT item_id FROM family_shares WHERE member_id = sqlc.narg(shared_with) AND item_type = 'journal'))
GROUP BY lower(t)
ORDER BY entries DESC, tag
LIMIT 50;

-- name: JournalUpdate :one
-- A full edit. When the text changed, content_version moves on and any earlier enhancement is
-- dropped (it described the old text); ai_status is what the caller decided.
UPDATE journal_entries
SET title = @title, content = @content, entry_date = @entry_date, tags = @tags,
    content_version = content_version + CASE WHEN @text_changed::boolean THEN 1 ELSE 0 END,
    enhanced_content = CASE WHEN @text_changed::boolean THEN NULL ELSE enhanced_content END,
    ai_summary = CASE WHEN @text_changed::boolean THEN NULL ELSE ai_summary END,
    ai_suggested_tags = CASE WHEN @text_changed::boolean THEN '{}' ELSE ai_suggested_tags END,
    ai_provider = CASE WHEN @text_changed::boolean THEN NULL ELSE ai_provider END,
    ai_model = CASE WHEN @text_changed::boolean THEN NULL ELSE ai_model END,
    ai_status = @ai_status, ai_status_reason = '',
    updated_at = now()
WHERE id = @id
RETURNING *;

-- name: JournalSetPrivacy :one
UPDATE journal_entries SET is_private = @is_private, updated_at = now() WHERE id = @id RETURNING *;

-- name: JournalToggleFavorite :one
UPDATE journal_entries SET is_favorite = NOT is_favorite, updated_at = now() WHERE id = @id RETURNING *;

-- name: JournalDelete :exec
DELETE FROM journal_entries WHERE id = @id;

-- name: JournalMarkPending :one
UPDATE journal_entries SET ai_status = 'pending', ai_status_reason = '', updated_at = now()
WHERE id = @id
RETURNING *;

-- name: JournalRevertEnhancement :one
-- Moving the version on means a job still running for this entry can no longer store its result.
UPDATE journal_entries
SET content_version = content_version + 1, enhanced_content = NULL, ai_summary = NULL, ai_suggested_tags = '{}', ai_provider = NULL, ai_model = NULL,
    ai_status = 'none', ai_status_reason = '', updated_at = now()
WHERE id = @id
RETURNING *;

-- name: JournalStoreEnhancement :execrows
-- Stores a finished enhancement only if the entry's text is still the version the job read.
UPDATE journal_entries
SET enhanced_content = @enhanced_content, ai_summary = @ai_summary, ai_suggested_tags = @ai_suggested_tags,
    ai_provider = @ai_provider, ai_model = @ai_model, ai_status = 'ready', ai_status_reason = '', updated_at = now()
WHERE id = @id AND content_version = @content_version;

-- name: JournalMarkFailed :execrows
UPDATE journal_entries SET ai_status = 'failed', ai_status_reason = @reason, updated_at = now()
WHERE id = @id AND content_version = @content_version;

-- name: JournalRecentTitles :many
-- What a prompt generation tells the AI service about the athlete: the titles of recent entries the
-- family shares, never those of private ones.
SELECT title FROM journal_entries WHERE athlete_id = @athlete_id AND NOT is_private ORDER BY entry_date DESC, id DESC LIMIT 10;
