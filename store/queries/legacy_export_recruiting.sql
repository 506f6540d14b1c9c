-- What "Download everything" holds of recruiting.

-- name: ArchiveCollegeInterests :one
SELECT coalesce(json_agg(t), '[]')::json FROM (
    SELECT id, name, division, location, interest, status, notes, coach_contact, created_at, updated_at
    FROM college_interests WHERE athlete_id = @athlete_id ORDER BY name, id) t;

-- name: ArchiveChecklistItems :one
SELECT coalesce(json_agg(t), '[]')::json FROM (
    SELECT id, title, due_date, done, position, created_at, updated_at
    FROM checklist_items WHERE athlete_id = @athlete_id ORDER BY position, id) t;

-- name: ArchiveRecruitingLinks :one
-- The links made for coaches, with their receipts (opens; seconds watched per clip per day, without
-- the visitor hashes, which mean nothing once the day's salt is gone).
SELECT coalesce(json_agg(t), '[]')::json FROM (
    SELECT l.id, l.college_interest_id, l.code, l.coach_name, l.coach_email, l.include_profile, l.include_academics,
           l.include_measurables, l.include_stats, l.include_events, l.media_ids, l.expires_at, l.revoked_at, l.created_at,
           l.updated_at, l.opens, l.first_opened_at, l.last_opened_at,
           coalesce((SELECT json_agg(v ORDER BY v.day, v.media_id) FROM (
               SELECT day, media_id, sum(opens)::int AS opens, sum(seconds)::int AS seconds, count(*)::int AS visitors
               FROM recruiting_link_views WHERE link_id = l.id GROUP BY day, media_id) v), '[]') AS views
    FROM recruiting_links l WHERE l.athlete_id = @athlete_id ORDER BY l.id) t;
