-- name: SeasonBookCreate :one
INSERT INTO season_books (athlete_id, created_by, title, from_date, to_date, include_journal, include_ai_versions,
    include_milestones, include_stats, include_achievements, include_media, include_private)
VALUES (@athlete_id, sqlc.narg(created_by), @title, @from_date, @to_date, @include_journal, @include_ai_versions,
    @include_milestones, @include_stats, @include_achievements, @include_media, @include_private)
RETURNING *;

-- name: SeasonBookGetByID :one
SELECT * FROM season_books WHERE id = @id;

-- name: SeasonBookListPage :many
-- Newest first, keyset-paginated on id along season_books_athlete_idx.
SELECT * FROM season_books
WHERE athlete_id = @athlete_id AND id < coalesce(sqlc.narg(before_id)::bigint, 9223372036854775807)
ORDER BY id DESC
LIMIT @max_rows;

-- name: SeasonBookFinish :execrows
UPDATE season_books SET status = @status, status_reason = @status_reason, media_id = sqlc.narg(media_id), updated_at = now()
WHERE id = @id;

-- name: SeasonBookDelete :one
DELETE FROM season_books WHERE id = @id RETURNING *;

-- name: SeasonBookJournal :many
-- The entries of the book's range, oldest first as a season reads; private ones only when the
-- owner consented.
SELECT * FROM journal_entries
WHERE athlete_id = @athlete_id AND entry_date BETWEEN @from_date AND @to_date AND (@include_private::boolean OR NOT is_private)
ORDER BY entry_date, id;

-- name: SeasonBookMilestones :many
SELECT * FROM milestones
WHERE athlete_id = @athlete_id AND milestone_date BETWEEN @from_date AND @to_date
ORDER BY milestone_date, id;

-- name: SeasonBookAchievements :many
SELECT * FROM achievements
WHERE athlete_id = @athlete_id AND achieved_on BETWEEN @from_date AND @to_date
ORDER BY achieved_on, id;

-- name: SeasonBookClips :many
-- The season's videos that have a still to print (their poster), oldest first, at most 24: a
-- book's pages of film, not the whole library.
SELECT * FROM media_items
WHERE athlete_id = @athlete_id AND media_type = 'video' AND status = 'ready' AND thumbnail_key IS NOT NULL
    AND media_date BETWEEN @from_date AND @to_date AND (@include_private::boolean OR NOT is_private)
ORDER BY media_date, id
LIMIT 24;
