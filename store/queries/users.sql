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
-- The first time also records that the account chose, so the dashboard stops asking.
UPDATE users SET weekly_prompt_reminders = @enabled, weekly_prompt_chosen_at = coalesce(weekly_prompt_chosen_at, now()), updated_at = now()
WHERE id = @id RETURNING *;

-- name: UserDueForPromptReminder :many
-- Users whose weekly prompt is due, a row for each athlete of their own: reminders on, and a week
-- since the last reminder (or since they joined). The batch counts users, so a user's athletes are
-- reminded together; locked so two workers never remind the same user twice.
SELECT users.id, users.email, users.first_name, athletes.id AS athlete_id, athletes.name AS athlete_name, athletes.sports, athletes.position
FROM (
    SELECT due.id FROM users due
    WHERE due.weekly_prompt_reminders
      AND due.password_hash IS NOT NULL
      AND coalesce(due.last_prompt_reminder_at, due.created_at) <= @due_before::timestamptz
      AND EXISTS (SELECT 1 FROM athletes owned WHERE owned.user_id = due.id)
    ORDER BY due.id
    LIMIT @batch
    FOR UPDATE SKIP LOCKED
) picked
JOIN users ON users.id = picked.id
JOIN athletes ON athletes.user_id = users.id
ORDER BY users.id, athletes.id;

-- name: UserMarkPromptReminded :exec
UPDATE users SET last_prompt_reminder_at = @at WHERE id = @id;

-- name: UserLockForUpdate :exec
-- Serialises one owner's uploads and new athletes, so two at once cannot both slip under the plan.
SELECT id FROM users WHERE id = @id FOR UPDATE;
