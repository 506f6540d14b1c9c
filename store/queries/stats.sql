-- name: StatListForAthlete :many
SELECT * FROM stats WHERE athlete_id = @athlete_id ORDER BY position, id LIMIT 500;
