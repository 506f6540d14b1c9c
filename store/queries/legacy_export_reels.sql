-- name: ArchiveReels :one
-- The athlete's reels and films: what each is made of (its rendered videos are in the media library).
SELECT coalesce(json_agg(t ORDER BY t.id), '[]')::json FROM (
    SELECT id, kind, title, clip_ids, segments, film_from AS "from", film_to AS "to", title_slide, end_slide, spotlight, formats,
        status, landscape_media_id, vertical_media_id, created_at, updated_at
    FROM reels WHERE athlete_id = @athlete_id
) t;
