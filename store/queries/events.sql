-- name: EventListForAthlete :many
SELECT * FROM events
WHERE athlete_id = @athlete_id
  AND (sqlc.narg(starting_after)::timestamptz IS NULL OR start_date >= sqlc.narg(starting_after))
ORDER BY start_date, id
LIMIT 500;
