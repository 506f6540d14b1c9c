-- name: UserCreate :one
INSERT INTO users (email, first_name, last_name, password_hash)
VALUES (@email, @first_name, @last_name, @password_hash)
RETURNING *;

-- name: UserGetByID :one
SELECT * FROM users WHERE id = @id;

-- name: UserGetByEmail :one
SELECT * FROM users WHERE email = @email;

-- name: UserUpdateName :one
UPDATE users SET first_name = @first_name, last_name = @last_name, updated_at = now()
WHERE id = @id
RETURNING *;

-- name: UserUpdatePassword :one
-- A new password ends the account's other sessions: they were signed in at an older version.
UPDATE users SET password_hash = @password_hash, session_version = session_version + 1, updated_at = now()
WHERE id = @id
RETURNING session_version;

-- name: UserSetPromptReminders :one
UPDATE users SET weekly_prompt_reminders = @enabled, updated_at = now() WHERE id = @id RETURNING *;

-- name: UserDueForPromptReminder :many
-- Users whose weekly prompt is due: reminders on, an athlete of their own, and a week since the last
-- reminder (or since they joined). Locked so two workers never remind the same user twice.
SELECT users.id, users.email, users.first_name, athletes.id AS athlete_id, athletes.name AS athlete_name, athletes.sports, athletes.position
FROM users JOIN athletes ON athletes.user_id = users.id
WHERE users.weekly_prompt_reminders
  AND users.password_hash IS NOT NULL
  AND coalesce(users.last_prompt_reminder_at, users.created_at) <= @due_before::timestamptz
ORDER BY users.id
LIMIT @batch
FOR UPDATE OF users SKIP LOCKED;

-- name: UserMarkPromptReminded :exec
UPDATE users SET last_prompt_reminder_at = @at WHERE id = @id;

-- name: UserLockForUpdate :exec
-- Serialises one owner's uploads at commit so two at once cannot both slip under the quota.
SELECT id FROM users WHERE id = @id FOR UPDATE;
