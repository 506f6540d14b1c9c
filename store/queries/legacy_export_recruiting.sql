-- What "Download everything" holds of recruiting.

-- name: ArchiveCollegeInterests :one
SELECT coalesce(json_agg(t), '[]')::json FROM (
    SELECT id, name, division, location, interest, status, notes, coach_contact, created_at, updated_at
    FROM college_interests WHERE athlete_id = @athlete_id ORDER BY name, id) t;

-- name: ArchiveChecklistItems :one
SELECT coalesce(json_agg(t), '[]')::json FROM (
    SELECT id, title, due_date, done, position, created_at, updated_at
    FROM checklist_items WHERE athlete_id = @athlete_id ORDER BY position, id) t;
