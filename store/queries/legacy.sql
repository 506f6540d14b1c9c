-- name: LegacyExportCreate :one
INSERT INTO legacy_exports (athlete_id, requested_by) VALUES (@athlete_id, @requested_by) RETURNING *;

-- name: LegacyExportGetByID :one
SELECT * FROM legacy_exports WHERE id = @id;

-- name: LegacyExportRunning :one
SELECT * FROM legacy_exports WHERE athlete_id = @athlete_id AND status IN ('pending', 'processing');

-- name: LegacyExportListForAthlete :many
SELECT * FROM legacy_exports WHERE athlete_id = @athlete_id ORDER BY created_at DESC, id DESC LIMIT 5;

-- name: LegacyExportStart :one
UPDATE legacy_exports SET status = 'processing', status_reason = '', bytes_total = @bytes_total, bytes_done = 0, updated_at = now()
WHERE id = @id AND status IN ('pending', 'processing')
RETURNING *;

-- name: LegacyExportProgress :exec
UPDATE legacy_exports SET bytes_done = @bytes_done, updated_at = now() WHERE id = @id AND status = 'processing';

-- name: LegacyExportFinish :execrows
UPDATE legacy_exports SET status = 'ready', file_key = @file_key, file_size = @file_size, bytes_done = bytes_total,
    ready_at = now(), expires_at = @expires_at, updated_at = now()
WHERE id = @id AND status = 'processing';

-- name: LegacyExportFail :exec
UPDATE legacy_exports SET status = 'failed', status_reason = @status_reason, updated_at = now()
WHERE id = @id AND status IN ('pending', 'processing');

-- name: LegacyExportsExpired :many
-- Exports past their expiry, and failed ones older than failed_before: they hold no file.
SELECT * FROM legacy_exports
WHERE expires_at < @now OR (status = 'failed' AND updated_at < @failed_before)
ORDER BY id LIMIT 500;

-- name: LegacyExportDelete :exec
DELETE FROM legacy_exports WHERE id = @id;

-- name: AthleteDeletionSummary :one
-- What deleting the athlete removes, counted for the e-mail that confirms it.
SELECT
    (SELECT count(*) FROM journal_entries j WHERE j.athlete_id = a.id)::bigint AS journal_entries,
    (SELECT count(*) FROM media_items m WHERE m.athlete_id = a.id)::bigint AS media_items,
    (SELECT coalesce(sum(m.file_size + m.derived_bytes), 0) FROM media_items m WHERE m.athlete_id = a.id)::bigint AS media_bytes,
    (SELECT count(*) FROM milestones m WHERE m.athlete_id = a.id)::bigint AS milestones,
    (SELECT count(*) FROM events e WHERE e.athlete_id = a.id)::bigint AS events,
    (SELECT count(*) FROM stats_games g WHERE g.athlete_id = a.id)::bigint AS stats_games,
    (SELECT count(*) FROM stats_seasons s WHERE s.athlete_id = a.id)::bigint AS stats_seasons,
    (SELECT count(*) FROM achievements x WHERE x.athlete_id = a.id)::bigint AS achievements,
    (SELECT count(*) FROM college_interests c WHERE c.athlete_id = a.id)::bigint AS college_interests,
    (SELECT count(*) FROM qr_codes q WHERE q.athlete_id = a.id)::bigint AS qr_codes,
    (SELECT count(*) FROM family_members f WHERE f.athlete_id = a.id AND f.status <> 'cancelled')::bigint AS family_members
FROM athletes a WHERE a.id = @athlete_id;

-- name: AthleteDelete :execrows
-- Everything of the athlete goes with it (every table references athletes ON DELETE CASCADE).
DELETE FROM athletes WHERE id = @id AND NOT is_demo;

-- name: UserDelete :execrows
-- The account: its subscription, AI usage and memberships of other families cascade; what it
-- wrote in another family's journal stays theirs, without its author.
DELETE FROM users WHERE id = @id;

-- name: UserTracesDelete :exec
-- What carries the account's e-mail address outside the users row: mail sent to it or answering to
-- it (the copy of its contact messages support received), its early access and contact requests, its sign-in throttles, invitations other families sent it that it
-- never accepted (an accepted one goes with the users row), the Stripe events about its customer
-- (kept by id, so a late redelivery is still applied once, without their content), and the
-- operators' audit trail, which keeps what was done but no longer by whom.
WITH mail AS (DELETE FROM outbound_emails WHERE lower(to_address) = lower(@email) OR lower(reply_to) = lower(@email)),
     waitlist AS (DELETE FROM waitlist_entries WHERE lower(email) = lower(@email)),
     contact AS (DELETE FROM contact_messages WHERE lower(contact_messages.email) = lower(@email)),
     invitations AS (DELETE FROM family_members WHERE family_members.email = lower(@email) AND family_members.user_id IS NULL),
     stripe AS (UPDATE stripe_events SET payload = '{}'
        WHERE sqlc.narg('stripe_customer_id')::text IS NOT NULL AND payload::text LIKE '%"' || sqlc.narg('stripe_customer_id')::text || '"%'),
     audit AS (UPDATE operator_audit SET operator_email = '' WHERE lower(operator_email) = lower(@email))
DELETE FROM rate_limit_hits WHERE key LIKE '%:email:' || lower(@email);

-- name: AthleteInvitationEmailsDelete :exec
-- The invitations the family sent name the athlete: they go with it.
DELETE FROM outbound_emails WHERE id IN (
    SELECT invite_email_id FROM family_members WHERE family_members.athlete_id = @athlete_id AND invite_email_id IS NOT NULL);

-- name: AthleteListOwned :many
SELECT * FROM athletes WHERE user_id = @user_id AND NOT is_demo ORDER BY id;

-- name: LegacyExportMediaBytes :one
-- The media an export streams (originals and what was derived from them), which sizes its timeout.
SELECT coalesce(sum(m.file_size + m.derived_bytes), 0)::bigint
FROM legacy_exports e JOIN media_items m ON m.athlete_id = e.athlete_id
WHERE e.id = @id;
