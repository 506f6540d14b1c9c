-- name: UserSetOperator :execrows
-- Makes the account with this e-mail an operator, or not; answers 0 when there is no such account.
UPDATE users SET is_operator = @is_operator, updated_at = now() WHERE lower(email) = lower(@email);

-- name: OperatorAuditRecord :exec
INSERT INTO operator_audit (operator_id, operator_email, action, target)
VALUES (@operator_id, @operator_email, @action, @target);

-- name: OperatorAuditRecent :many
-- The newest actions first, for the Operations page.
SELECT * FROM operator_audit ORDER BY created_at DESC, id DESC LIMIT @max_rows;
