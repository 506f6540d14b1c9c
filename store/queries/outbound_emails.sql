-- name: OutboundEmailIDs :many
-- Ids for n e-mails about to be written by OutboundEmailsWrite, so each row's images and job can
-- name it before it exists.
SELECT nextval(pg_get_serial_sequence('outbound_emails', 'id'))::bigint AS id FROM generate_series(1, @n::int);

-- name: OutboundEmailsWrite :copyfrom
-- Many e-mails in one COPY: a batch of digests is a hundred e-mails of some kilobytes each, which COPY
-- writes in about half the time of a multi-row INSERT of arrays (docs/PERFORMANCE.md, the digest).
INSERT INTO outbound_emails (id, kind, to_address, subject, body_text, body_html, athlete_id, unsubscribe_url, reply_to)
VALUES (@id, @kind, @to_address, @subject, @body_text, @body_html, @athlete_id, @unsubscribe_url, @reply_to);

-- name: OutboundEmailCreate :one
INSERT INTO outbound_emails (kind, to_address, subject, body_text, body_html, athlete_id, unsubscribe_url)
VALUES (@kind, @to_address, @subject, @body_text, @body_html, sqlc.narg('athlete_id'), sqlc.narg('unsubscribe_url'))
RETURNING *;

-- name: OutboundEmailImagesWrite :copyfrom
-- The inline images of many e-mails at once.
INSERT INTO outbound_email_images (email_id, content_id, storage_key, content_type, position)
VALUES (@email_id, @content_id, @storage_key, @content_type, @position);

-- name: OutboundEmailImagesList :many
SELECT * FROM outbound_email_images WHERE email_id = @email_id ORDER BY position;

-- name: OutboundEmailGetByID :one
SELECT * FROM outbound_emails WHERE id = @id;

-- name: OutboundEmailMarkDelivered :exec
-- delivered_via is 'smtp' or 'log' (no SMTP configured: the e-mail was written to the log).
UPDATE outbound_emails SET status = 'ready', delivered_via = @delivered_via::text, status_reason = '', sent_at = now()
WHERE id = @id;

-- name: OutboundEmailMarkFailed :exec
UPDATE outbound_emails SET status = 'failed', status_reason = @status_reason WHERE id = @id;

-- name: OutboundEmailForget :exec
-- Keeps that the e-mail was sent (kind, status, when) without whom to or what it said: its text, its
-- HTML and the pictures it carried.
WITH images AS (DELETE FROM outbound_email_images WHERE email_id = @id)
UPDATE outbound_emails SET to_address = '', subject = '', body_text = '', body_html = '', status_reason = '', reply_to = ''
WHERE id = @id;
