-- What "Download everything" holds of the athlete's profile (athlete.json), showcase settings included.

-- name: ArchiveAthlete :one
SELECT to_json(t)::json FROM (
    SELECT name, sports, position, graduation_year, gpa, school, bio, created_at, updated_at,
        privacy_journal, privacy_media, privacy_stats, privacy_milestones, privacy_recruiting,
        showcase_slug, showcase_published, showcase_show_gpa, showcase_show_stats, showcase_contact,
        time_zone, lead_stats, season_names, show_places
    FROM athletes WHERE id = @athlete_id) t;

-- name: ArchiveAthletePhoto :one
-- The athlete's photo (the 512 px square) for photo.jpg; the row is only its files and job state.
SELECT photo_key, updated_at FROM profile_photos WHERE athlete_id = @athlete_id AND photo_key IS NOT NULL;
