-- What "Download everything" holds of the timeline.

-- name: ArchiveMilestones :one
SELECT coalesce(json_agg(t), '[]')::json FROM (
    SELECT id, title, milestone_date, milestone_type, description, created_at, updated_at
    FROM milestones WHERE athlete_id = @athlete_id ORDER BY milestone_date, id) t;

-- name: ArchiveEvents :one
SELECT coalesce(json_agg(t), '[]')::json FROM (
    SELECT id, title, event_type, start_date, location, key_date, all_day, start_day, end_day, end_at, time_zone,
           repeat_weekly_until, created_at, updated_at
    FROM events WHERE athlete_id = @athlete_id ORDER BY start_date, id) t;
