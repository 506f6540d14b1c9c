-- Requests named by an Idempotency-Key (migration 00055): honoured for 24 hours.

-- name: IdempotencyKeyFind :one
-- The request the caller already made with this key in the last 24 hours, if any.
SELECT request_hash, journal_entry_id FROM idempotency_keys
WHERE user_id = @user_id AND key = @key AND created_at > now() - interval '24 hours';

-- name: IdempotencyKeyRecord :execrows
-- Records the request in the transaction that did its work. A key older than 24 hours is taken
-- over; no row changed means another request with the key is recorded (it committed first, or is
-- committing: this one waited for it), and this one must not do its work.
INSERT INTO idempotency_keys (user_id, key, request_hash, journal_entry_id)
VALUES (@user_id, @key, @request_hash, sqlc.narg(journal_entry_id))
ON CONFLICT (user_id, key) DO UPDATE
SET request_hash = EXCLUDED.request_hash, journal_entry_id = EXCLUDED.journal_entry_id, created_at = now()
WHERE idempotency_keys.created_at <= now() - interval '24 hours';

-- name: IdempotencyKeysForget :exec
-- The caller's keys past their 24 hours, forgotten as the caller records a new one: the table keeps
-- a day of each account's requests and no more.
DELETE FROM idempotency_keys WHERE user_id = @user_id AND created_at <= now() - interval '24 hours';
