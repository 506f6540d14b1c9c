-- name: MilestoneListPage :many
-- Newest first, keyset-paginated on (milestone_date, id). A limited member sees them only when the
-- family shares the milestones section with them.
SELECT * FROM milestones
WHERE athlete_id = @athlete_id
  AND (sqlc.narg(shared_with)::bigint IS NULL
       OR EXISTS (SELECT 1 FROM family_shares s WHERE s.member_id = sqlc.narg(shared_with) AND s.item_type = 'milestones' AND s.item_id = milestones.athlete_id))
  AND (milestone_date, id) < (coalesce(sqlc.narg(before_date)::date, 'infinity'), coalesce(sqlc.narg(before_id)::bigint, 9223372036854775807))
ORDER BY milestone_date DESC, id DESC
LIMIT @max_rows;

-- name: MilestoneGetByID :one
SELECT * FROM milestones WHERE id = @id;

-- name: MilestoneCreate :one
INSERT INTO milestones (athlete_id, title, milestone_date, milestone_type, description, created_by)
VALUES (@athlete_id, @title, @milestone_date, @milestone_type, @description, sqlc.narg(created_by))
RETURNING *;

-- name: MilestoneUpdate :one
UPDATE milestones
SET title = @title, milestone_date = @milestone_date, milestone_type = @milestone_type,
    description = @description, updated_at = now()
WHERE id = @id
RETURNING *;

-- name: MilestoneDelete :exec
DELETE FROM milestones WHERE id = @id;
