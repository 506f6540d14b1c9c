-- name: MediaCreate :one
INSERT INTO media_items (athlete_id, uploaded_by, title, description, media_date, media_type, mime_type,
                         original_key, file_size, is_private, tags, source_media_id, content_sha256, place_name)
VALUES (@athlete_id, @uploaded_by, @title, @description, @media_date, @media_type, @mime_type,
        @original_key, @file_size, @is_private, @tags, @source_media_id, sqlc.narg(content_sha256), sqlc.narg(place_name))
RETURNING *;

-- name: MediaFindSameContent :one
-- The athlete's earliest item whose original has these bytes (an upload of it again is a duplicate),
-- with the athlete's time zone to say the day it was uploaded.
SELECT media_items.id, media_items.created_at, athletes.time_zone
FROM media_items JOIN athletes ON athletes.id = media_items.athlete_id
WHERE media_items.athlete_id = @athlete_id AND media_items.content_sha256 = @content_sha256
ORDER BY media_items.id LIMIT 1;

-- name: MediaGetByID :one
SELECT * FROM media_items WHERE id = @id;

-- name: MediaGetByKey :one
-- The item a stored file belongs to, whichever of its files the key names.
SELECT * FROM media_items WHERE original_key = @key OR thumbnail_key = @key OR rendition_key = @key;

-- name: MediaGetByShareCode :one
-- The shared item with what store.PubliclyShareable needs to decide whether its link still works.
SELECT media_items.*, athletes.name AS athlete_name, athletes.sports AS athlete_sports, athletes.privacy_media AS athlete_privacy_media
FROM media_items JOIN athletes ON athletes.id = media_items.athlete_id
WHERE share_code = @share_code;

-- name: MediaUpdate :one
-- Making an item private turns its public link off at once (store.PubliclyShareable).
UPDATE media_items
SET title = @title, description = @description, media_date = @media_date, tags = @tags, is_private = @is_private,
    share_code = CASE WHEN @is_private::boolean THEN NULL ELSE share_code END, updated_at = now()
WHERE id = @id
RETURNING *;

-- name: MediaToggleFavorite :one
UPDATE media_items SET is_favorite = NOT is_favorite, updated_at = now() WHERE id = @id RETURNING *;

-- name: MediaDelete :one
DELETE FROM media_items WHERE id = @id RETURNING *;

-- name: MediaSetShareCode :one
-- Keeps an existing code: sharing twice answers the same link. make_shareable clears is_private in
-- the same statement, so a link never exists for an item that is still private.
UPDATE media_items
SET share_code = coalesce(share_code, @share_code), is_private = is_private AND NOT @make_shareable::boolean, updated_at = now()
WHERE id = @id
RETURNING *;

-- name: MediaRevokeShareLinksForAthlete :exec
-- The athlete's media section became private: no item of it keeps a public link.
UPDATE media_items SET share_code = NULL, updated_at = now() WHERE athlete_id = @athlete_id AND share_code IS NOT NULL;

-- name: MediaClearShareCode :exec
UPDATE media_items SET share_code = NULL, updated_at = now() WHERE id = @id;

-- name: MediaMarkReady :exec
UPDATE media_items
SET status = 'ready', status_reason = '', thumbnail_key = sqlc.narg(thumbnail_key), rendition_key = sqlc.narg(rendition_key),
    derived_bytes = @derived_bytes, width = sqlc.narg(width), height = sqlc.narg(height), duration = sqlc.narg(duration),
    video_codec = sqlc.narg(video_codec), audio_codec = sqlc.narg(audio_codec),
    loudness_lufs = sqlc.narg(loudness_lufs), true_peak_dbtp = sqlc.narg(true_peak_dbtp), updated_at = now()
WHERE id = @id;

-- name: MediaKeepLoudness :exec
-- A video's loudness measured after it was processed (by the first reel that levels it).
UPDATE media_items SET loudness_lufs = @loudness_lufs, true_peak_dbtp = @true_peak_dbtp WHERE id = @id;

-- name: MediaShowPoster :exec
-- A video's poster, size and duration, shown while its browser-playable rendition is still being
-- made: the item stays processing (it does not play everywhere yet) until MediaMarkReady.
UPDATE media_items
SET thumbnail_key = sqlc.narg(thumbnail_key), derived_bytes = @derived_bytes, width = sqlc.narg(width), height = sqlc.narg(height),
    duration = sqlc.narg(duration), video_codec = sqlc.narg(video_codec), audio_codec = sqlc.narg(audio_codec), updated_at = now()
WHERE id = @id AND status = 'processing';

-- name: MediaMarkFailed :exec
UPDATE media_items SET status = 'failed', status_reason = @status_reason, updated_at = now() WHERE id = @id;

-- name: MediaBytesUsedByOwner :one
-- Everything stored for every athlete of one owner: originals, thumbnails and renditions.
SELECT coalesce(sum(media_items.file_size + media_items.derived_bytes), 0)::bigint
FROM media_items JOIN athletes ON athletes.id = media_items.athlete_id
WHERE athletes.user_id = @owner_id;

-- name: MediaRequestHighlights :one
UPDATE media_items
SET highlights_status = 'pending', highlights_reason = '', highlights_version = highlights_version + 1, updated_at = now()
WHERE id = @id
RETURNING *;

-- name: MediaStoreHighlights :execrows
UPDATE media_items SET highlights_status = 'ready', highlights_reason = '', highlights = @highlights, updated_at = now()
WHERE id = @id AND highlights_version = @version;

-- name: MediaHighlightsFailed :execrows
UPDATE media_items SET highlights_status = 'failed', highlights_reason = @reason, updated_at = now()
WHERE id = @id AND highlights_version = @version;

-- name: MediaCreateClip :one
INSERT INTO media_items (athlete_id, uploaded_by, title, description, media_date, media_type, mime_type,
                         original_key, file_size, is_private, tags, source_media_id, clip_start, clip_end, place_name)
VALUES (@athlete_id, @uploaded_by, @title, @description, @media_date, 'video', 'video/mp4',
        @original_key, @file_size, @is_private, @tags, @source_media_id, @clip_start, @clip_end, sqlc.narg(place_name))
RETURNING *;

-- name: MediaSetFileSize :exec
UPDATE media_items SET file_size = @file_size, updated_at = now() WHERE id = @id;

-- name: MediaRetryFailed :one
-- A family's Try again on an item whose processing failed: back to processing, for a new job.
UPDATE media_items SET status = 'processing', status_reason = '', updated_at = now()
WHERE id = @id AND status = 'failed'
RETURNING *;

-- name: MediaHasVideo :one
-- Whether the athlete has a usable video, the highlight a coach looks for on a profile.
SELECT EXISTS (SELECT 1 FROM media_items WHERE athlete_id = @athlete_id AND media_type = 'video' AND status <> 'failed');

-- name: MediaNeedingHash :many
-- Finished items whose original has no hash yet (uploaded before hashes were kept, or made by the app),
-- after after_id in id order: media_hash_backfill's next batch. The demo athlete's drawn photos are
-- nobody's uploads.
SELECT media_items.id, media_items.original_key
FROM media_items JOIN athletes ON athletes.id = media_items.athlete_id
WHERE media_items.content_sha256 IS NULL AND media_items.status = 'ready' AND NOT athletes.is_demo
  AND media_items.id > @after_id
ORDER BY media_items.id LIMIT @batch;

-- name: MediaSetContentHash :exec
-- Only an item still without one: a hash is never changed once kept.
UPDATE media_items SET content_sha256 = @content_sha256 WHERE id = @id AND content_sha256 IS NULL;

-- name: MediaNeedingPlace :many
-- The athlete's photos and videos without a place name, after after_id in id order, while the family
-- shows places: media_places_backfill's next batch (the items uploaded before places were turned on).
-- Clips are left out: made by ffmpeg without metadata, they take their source's name
-- (MediaPlacesFromSources).
SELECT media_items.id, media_items.original_key
FROM media_items JOIN athletes ON athletes.id = media_items.athlete_id
WHERE media_items.athlete_id = @athlete_id AND athletes.show_places
  AND media_items.media_type IN ('image', 'video') AND media_items.place_name IS NULL
  AND media_items.source_media_id IS NULL AND media_items.status <> 'failed' AND media_items.id > @after_id
ORDER BY media_items.id LIMIT @batch;

-- name: MediaSetPlaceName :execrows
-- Names an item's place, unless the family turned places off since it was read (then nothing).
UPDATE media_items SET place_name = @place_name::text, updated_at = now()
WHERE media_items.id = @id AND media_items.place_name IS NULL
  AND EXISTS (SELECT 1 FROM athletes a WHERE a.id = media_items.athlete_id AND a.show_places);

-- name: MediaPlacesFromSources :execrows
-- The athlete's unnamed clips take their source's place name, as a clip made while places are on does.
UPDATE media_items clip SET place_name = source.place_name, updated_at = now()
FROM media_items source, athletes a
WHERE clip.athlete_id = @athlete_id AND clip.source_media_id = source.id AND clip.place_name IS NULL
  AND source.place_name IS NOT NULL AND a.id = clip.athlete_id AND a.show_places;
