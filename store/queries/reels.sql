-- name: ReelCreate :one
INSERT INTO reels (athlete_id, created_by, title, clip_ids, title_slide, end_slide, spotlight, formats)
VALUES (@athlete_id, @created_by, @title, @clip_ids, @title_slide, sqlc.narg(end_slide), @spotlight, @formats)
RETURNING *;

-- name: ReelGetByID :one
SELECT * FROM reels WHERE id = @id;

-- name: ReelUpdate :one
-- An edit: a new version to render from the start.
UPDATE reels
SET title = @title, clip_ids = @clip_ids, title_slide = @title_slide, end_slide = sqlc.narg(end_slide), spotlight = @spotlight,
    formats = @formats, status = 'pending', status_reason = '', progress = NULL, version = version + 1, updated_at = now()
WHERE id = @id
RETURNING *;

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
