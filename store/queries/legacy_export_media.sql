-- What "Download everything" holds of the media library: each item's details, and its original file.

-- name: ArchiveMediaItems :many
-- fields is the row as the archive's index.json shows it; original_key is where the file is stored.
SELECT to_json(t)::json AS fields, t.original_key FROM (
    SELECT id, title, description, media_date::text AS media_date, media_type, mime_type, original_key, file_size,
        width, height, duration, video_codec, audio_codec, is_favorite, is_private, tags, status, source_media_id,
        clip_start, clip_end, highlights, on_showcase, place_name, created_at, updated_at
    FROM media_items WHERE athlete_id = @athlete_id ORDER BY media_date, id) t;
