-- What "Download everything" holds of achievements: every field, and each share card drawn.

-- name: ArchiveAchievements :one
SELECT coalesce(json_agg(t), '[]')::json FROM (
    SELECT id, title, description, achieved_on, category, stats, on_showcase, template, photo_media_id, created_at, updated_at
    FROM achievements WHERE athlete_id = @athlete_id ORDER BY achieved_on, id) t;

-- name: ArchiveAchievementCards :many
SELECT id, title, feed_key, story_key, updated_at FROM achievements
WHERE athlete_id = @athlete_id AND (feed_key IS NOT NULL OR story_key IS NOT NULL) ORDER BY achieved_on, id;
