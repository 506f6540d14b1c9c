-- name: EmailVerificationCreate :exec
INSERT INTO email_verifications (user_id, email, token_hash, expires_at) VALUES (@user_id, @email, @token_hash, @expires_at);

-- name: EmailVerificationGet :one
-- Locked so the same link opened twice at once verifies once.
SELECT * FROM email_verifications WHERE token_hash = @token_hash FOR UPDATE;

-- name: EmailVerificationUseAll :exec
-- Proving an address spends every open link of the account: older links name an address it no longer
-- means to use, or the same one.
UPDATE email_verifications SET used_at = now() WHERE user_id = @user_id AND used_at IS NULL;

-- name: EmailVerificationPruneExpired :exec
DELETE FROM email_verifications WHERE user_id = @user_id AND expires_at < now();

-- name: UserMarkEmailVerified :one
-- The address the link proved becomes the account's, verified. A change of address leaves the session
-- version alone: signing in again is not needed to read one's own mail.
UPDATE users SET email = @email, email_verified_at = now(), updated_at = now() WHERE id = @id RETURNING *;
