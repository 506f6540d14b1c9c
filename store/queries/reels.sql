-- name: ReelCreate :one
INSERT INTO reels (athlete_id, created_by, title, clip_ids, segments, title_slide, end_slide, spotlight, formats)
VALUES (@athlete_id, @created_by, @title, @clip_ids, sqlc.narg(segments), @title_slide, sqlc.narg(end_slide), @spotlight, @formats)
RETURNING *;

-- name: FilmCreate :one
-- A season film: the season, the length asked for, and the segments the server chose from the
-- season's videos (null, with no clips, until detection has run on all of them: reel_render chooses).
INSERT INTO reels (athlete_id, created_by, kind, title, clip_ids, segments, title_slide, end_slide, spotlight, formats, film_from, film_to, film_seconds)
VALUES (@athlete_id, @created_by, 'film', @title, @clip_ids, sqlc.narg(segments), @title_slide, @end_slide, '[]', @formats, @film_from, @film_to, @film_seconds)
RETURNING *;

-- name: FilmChoose :execrows
-- The segments reel_render chose for a film asked for before detection was done; not when the
-- family has edited it since.
UPDATE reels SET clip_ids = @clip_ids, segments = @segments, updated_at = now()
WHERE id = @id AND version = @version AND cardinality(clip_ids) = 0;

-- name: ReelGetByID :one
SELECT * FROM reels WHERE id = @id;

-- name: ReelUpdate :one
-- An edit: a new version to render from the start.
UPDATE reels
SET title = @title, clip_ids = @clip_ids, title_slide = @title_slide, end_slide = sqlc.narg(end_slide), spotlight = @spotlight,
    segments = sqlc.narg(segments), formats = @formats, status = 'pending', status_reason = '', progress = NULL, version = version + 1, updated_at = now()
WHERE id = @id
RETURNING *;

-- name: ReelListPage :many
-- Newest first, keyset-paginated on id along reels_athlete_idx.
SELECT * FROM reels
WHERE athlete_id = @athlete_id AND id < coalesce(sqlc.narg(before_id)::bigint, 9223372036854775807)
ORDER BY id DESC
LIMIT @max_rows;

-- name: ReelDelete :one
DELETE FROM reels WHERE id = @id RETURNING *;

-- name: ReelStart :execrows
UPDATE reels SET status = 'processing', progress = 0, updated_at = now()
WHERE id = @id AND version = @version AND status IN ('pending', 'processing');

-- name: ReelSetProgress :exec
UPDATE reels SET progress = @progress WHERE id = @id AND version = @version AND status = 'processing';

-- name: ReelFinish :execrows
UPDATE reels
SET status = 'ready', status_reason = '', progress = 1, landscape_media_id = sqlc.narg(landscape_media_id),
    vertical_media_id = sqlc.narg(vertical_media_id), updated_at = now()
WHERE id = @id AND version = @version;

-- name: ReelFail :exec
UPDATE reels SET status = 'failed', status_reason = @status_reason, progress = NULL, updated_at = now()
WHERE id = @id AND version = @version;

-- name: ReelClips :many
-- The athlete's items among ids, to check a reel's clips and render them.
SELECT * FROM media_items WHERE athlete_id = @athlete_id AND id = ANY(@ids::bigint[]);

-- name: MediaReplaceReelFile :one
-- A reel rendered again into its media item: the new file and its derived files, ready.
-- Answers the old row's keys, for media_delete.
UPDATE media_items m
SET original_key = @original_key, file_size = @file_size, title = @title, status = 'ready', status_reason = '',
    thumbnail_key = sqlc.narg(thumbnail_key), rendition_key = sqlc.narg(rendition_key), derived_bytes = @derived_bytes,
    width = sqlc.narg(width), height = sqlc.narg(height), duration = sqlc.narg(duration),
    video_codec = sqlc.narg(video_codec), audio_codec = sqlc.narg(audio_codec), updated_at = now()
FROM media_items old
WHERE m.id = @id AND old.id = m.id
RETURNING old.original_key, old.thumbnail_key, old.rendition_key;

-- name: FilmCandidates :many
-- The season's videos a film may cut from, oldest first: the athlete's ready videos dated in the
-- range, less every reel's and film's own rendered video (tagged reel, or still some reel's output
-- after the family took the tag off).
SELECT m.id, m.media_date, m.duration, m.file_size, m.is_favorite, m.highlights_status, m.highlights, m.source_media_id, m.clip_start
FROM media_items m
WHERE m.athlete_id = @athlete_id AND m.media_type = 'video' AND m.status = 'ready' AND m.duration IS NOT NULL
    AND m.media_date BETWEEN @from_date AND @to_date AND NOT ('reel' = ANY(m.tags))
    AND NOT EXISTS (SELECT 1 FROM reels r WHERE r.athlete_id = m.athlete_id AND m.id IN (r.landscape_media_id, r.vertical_media_id))
ORDER BY m.media_date, m.id;
