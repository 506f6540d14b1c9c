-- name: PasswordResetCreate :exec
INSERT INTO password_resets (user_id, token_hash, expires_at) VALUES (@user_id, @token_hash, @expires_at);

-- name: PasswordResetGet :one
-- The link's row, locked so two tabs submitting the same link cannot both use it.
SELECT * FROM password_resets WHERE token_hash = @token_hash FOR UPDATE;

-- name: PasswordResetPeek :one
SELECT * FROM password_resets WHERE token_hash = @token_hash;

-- name: PasswordResetUseAll :exec
-- A new password spends every link the account still had, not only the one used.
UPDATE password_resets SET used_at = now() WHERE user_id = @user_id AND used_at IS NULL;

-- name: PasswordResetPruneExpired :exec
-- An account's expired links say nothing anyone needs; they go when it asks for another.
DELETE FROM password_resets WHERE user_id = @user_id AND expires_at < now();
