-- name: ContactMessageCreate :one
INSERT INTO contact_messages (name, email, subject, message)
VALUES (@name, @email, @subject, @message)
RETURNING *;

-- name: ContactMessageList :many
-- The operators' list: newest first, a page after the position (before_at, before_id); handler_email
-- is the address of the operator who marked a message handled (empty once that account is gone).
SELECT m.id, m.name, m.email, m.subject, m.message, m.created_at, m.handled_at,
       coalesce(u.email, '')::text AS handler_email
FROM contact_messages m LEFT JOIN users u ON u.id = m.handled_by
WHERE (m.created_at, m.id) < (coalesce(sqlc.narg(before_at)::timestamptz, 'infinity'), coalesce(sqlc.narg(before_id)::bigint, 9223372036854775807))
ORDER BY m.created_at DESC, m.id DESC
LIMIT @max_rows;

-- name: ContactMessageMarkHandled :execrows
-- Marking a message that is already handled keeps who handled it first, and when.
UPDATE contact_messages
SET handled_by = CASE WHEN handled_at IS NULL THEN @operator_id::bigint ELSE handled_by END,
    handled_at = coalesce(handled_at, now())
WHERE id = @id;

-- name: ContactMessageClearHandled :execrows
UPDATE contact_messages SET handled_at = NULL, handled_by = NULL WHERE id = @id;

-- name: ContactMessageGet :one
SELECT m.id, m.name, m.email, m.subject, m.message, m.created_at, m.handled_at,
       coalesce(u.email, '')::text AS handler_email
FROM contact_messages m LEFT JOIN users u ON u.id = m.handled_by
WHERE m.id = @id;
