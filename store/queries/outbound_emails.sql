-- name: OutboundEmailCreate :one
INSERT INTO outbound_emails (kind, to_address, subject, body_text, athlete_id, unsubscribe_url)
VALUES (@kind, @to_address, @subject, @body_text, sqlc.narg('athlete_id'), sqlc.narg('unsubscribe_url'))
RETURNING *;

-- name: OutboundEmailGetByID :one
SELECT * FROM outbound_emails WHERE id = @id;

-- name: OutboundEmailMarkDelivered :exec
-- delivered_via is 'smtp' or 'log' (no SMTP configured: the e-mail was written to the log).
UPDATE outbound_emails SET status = 'ready', delivered_via = @delivered_via::text, status_reason = '', sent_at = now()
WHERE id = @id;

-- name: OutboundEmailMarkFailed :exec
UPDATE outbound_emails SET status = 'failed', status_reason = @status_reason WHERE id = @id;

-- name: OutboundEmailForget :exec
-- Keeps that the e-mail was sent (kind, status, when) without whom to or what it said.
UPDATE outbound_emails SET to_address = '', subject = '', body_text = '', status_reason = '' WHERE id = @id;
