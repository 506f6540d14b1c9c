-- What "Download everything" holds of the athlete's profile (athlete.json), showcase settings included.

-- name: ArchiveAthlete :one
SELECT to_json(t)::json FROM (
    SELECT name, sports, position, graduation_year, gpa, school, bio, created_at, updated_at,
        privacy_journal, privacy_media, privacy_stats, privacy_milestones, privacy_recruiting,
        showcase_slug, showcase_published, showcase_show_gpa, showcase_show_stats, showcase_contact
    FROM athletes WHERE id = @athlete_id) t;
