-- name: EventListPage :many
-- In date order, keyset-paginated on (start_date, id); over_after keeps the events not over by then
-- (an all-day event until its last day ends, a weekly series until its last day). A limited member
-- sees them only when the family shares the recruiting section with them.
SELECT * FROM events
WHERE athlete_id = @athlete_id
  AND (sqlc.narg(over_after)::timestamptz IS NULL OR over_at >= sqlc.narg(over_after))
  AND (sqlc.narg(shared_with)::bigint IS NULL
       OR EXISTS (SELECT 1 FROM family_shares s WHERE s.member_id = sqlc.narg(shared_with) AND s.item_type = 'recruiting' AND s.item_id = events.athlete_id))
  AND (start_date, id) > (coalesce(sqlc.narg(after_start)::timestamptz, '-infinity'), coalesce(sqlc.narg(after_id)::bigint, 0))
ORDER BY start_date, id
LIMIT @max_rows;

-- name: EventKeyDates :many
-- The recruiting key dates on the athlete's timeline and their events: at most one event per key
-- date (events_one_key_date_idx), and the key dates are a fixed list per sport and class.
SELECT id, key_date::text AS key_date FROM events
WHERE athlete_id = @athlete_id AND key_date IS NOT NULL
  AND (sqlc.narg(shared_with)::bigint IS NULL
       OR EXISTS (SELECT 1 FROM family_shares s WHERE s.member_id = sqlc.narg(shared_with) AND s.item_type = 'recruiting' AND s.item_id = events.athlete_id));

-- name: EventListForAthlete :many
-- Every event, for the calendar export (GET /api/athletes/{id}/calendar.ics).
SELECT * FROM events
WHERE athlete_id = @athlete_id
  AND (sqlc.narg(starting_after)::timestamptz IS NULL OR start_date >= sqlc.narg(starting_after))
  AND (sqlc.narg(shared_with)::bigint IS NULL
       OR EXISTS (SELECT 1 FROM family_shares s WHERE s.member_id = sqlc.narg(shared_with) AND s.item_type = 'recruiting' AND s.item_id = events.athlete_id))
ORDER BY start_date, id
LIMIT 500;

-- name: EventGetByID :one
SELECT * FROM events WHERE id = @id;

-- name: EventCreate :one
INSERT INTO events (athlete_id, title, event_type, start_date, location, key_date,
                    time_zone, all_day, start_day, end_day, end_at, repeat_weekly_until)
VALUES (@athlete_id, @title, @event_type, @start_date, @location, sqlc.narg(key_date),
        @time_zone, @all_day, sqlc.narg(start_day), sqlc.narg(end_day), sqlc.narg(end_at), sqlc.narg(repeat_weekly_until))
RETURNING *;

-- name: EventUpdate :one
UPDATE events
SET title = @title, event_type = @event_type, start_date = @start_date, location = @location,
    time_zone = @time_zone, all_day = @all_day, start_day = sqlc.narg(start_day), end_day = sqlc.narg(end_day),
    end_at = sqlc.narg(end_at), repeat_weekly_until = sqlc.narg(repeat_weekly_until), updated_at = now()
WHERE id = @id
RETURNING *;

-- name: EventDelete :exec
DELETE FROM events WHERE id = @id;

-- name: EventGetByKeyDate :one
SELECT * FROM events WHERE athlete_id = @athlete_id AND key_date = @key_date;
