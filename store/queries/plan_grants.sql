-- name: PlanGrantActive :one
-- The account's grant while it lasts.
SELECT * FROM plan_grants WHERE user_id = @user_id AND (granted_until IS NULL OR granted_until > now());

-- name: PlanGrantSet :one
INSERT INTO plan_grants (user_id, tier, granted_until, granted_by) VALUES (@user_id, @tier, @granted_until, @granted_by)
ON CONFLICT (user_id) DO UPDATE SET tier = EXCLUDED.tier, granted_until = EXCLUDED.granted_until,
    granted_by = EXCLUDED.granted_by, created_at = now()
RETURNING *;

-- name: PlanGrantRevoke :execrows
DELETE FROM plan_grants WHERE user_id = @user_id;
