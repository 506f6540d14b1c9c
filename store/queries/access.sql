-- name: AccessOwnerOf :one
-- The owner of an athlete; the family circle adds other roles when it lands.
SELECT user_id FROM athletes WHERE id = @athlete_id;
