-- name: OutboundEmailCreateMany :many
-- Writes one e-mail per element of the arrays (all of one kind) and answers their ids in the arrays'
-- order (only the ids: a batch of digests would otherwise read its bodies back). Each id is drawn beside its element's ordinal, so the order rests on that pairing and the
-- final ORDER BY, not on the order in which INSERT happens to write or return rows. An athlete_id of
-- 0 (ids start at 1) is mail about no athlete, and an empty unsubscribe_url is none: arrays hold no
-- NULLs.
WITH input AS MATERIALIZED (
    SELECT nextval(pg_get_serial_sequence('outbound_emails', 'id')) AS id, e.*
    FROM ROWS FROM (unnest(@to_addresses::text[]), unnest(@subjects::text[]), unnest(@bodies_text::text[]),
        unnest(@bodies_html::text[]), unnest(@athlete_ids::bigint[]), unnest(@unsubscribe_urls::text[]))
        WITH ORDINALITY AS e (to_address, subject, body_text, body_html, athlete_id, unsubscribe_url, ordinal)
), inserted AS (
    INSERT INTO outbound_emails (id, kind, to_address, subject, body_text, body_html, athlete_id, unsubscribe_url)
    SELECT input.id, @kind::text, input.to_address, input.subject, input.body_text, input.body_html,
        nullif(input.athlete_id, 0), nullif(input.unsubscribe_url, '')
    FROM input
    RETURNING id
)
SELECT inserted.id FROM inserted JOIN input ON input.id = inserted.id ORDER BY input.ordinal;

-- name: OutboundEmailCreate :one
INSERT INTO outbound_emails (kind, to_address, subject, body_text, body_html, athlete_id, unsubscribe_url)
VALUES (@kind, @to_address, @subject, @body_text, @body_html, sqlc.narg('athlete_id'), sqlc.narg('unsubscribe_url'))
RETURNING *;

-- name: OutboundEmailImagesCreate :exec
-- The inline images of many e-mails at once, one per element of the arrays.
INSERT INTO outbound_email_images (email_id, content_id, storage_key, content_type, position)
SELECT i.email_id, i.content_id, i.storage_key, i.content_type, i.position
FROM ROWS FROM (unnest(@email_ids::bigint[]), unnest(@content_ids::text[]), unnest(@storage_keys::text[]),
    unnest(@content_types::text[]), unnest(@positions::int[])) AS i (email_id, content_id, storage_key, content_type, position);

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
UPDATE outbound_emails SET to_address = '', subject = '', body_text = '', body_html = '', status_reason = ''
WHERE id = @id;
