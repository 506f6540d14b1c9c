-- name: WaitlistAdd :one
INSERT INTO waitlist_entries (email) VALUES (@email) RETURNING *;
