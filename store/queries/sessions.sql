-- The api's scs session store (cmd/api/sessions.go, sessionStore). scs's pgxstore deletes sessions
-- and sweeps the expired ones; finding and saving are these, which keep the session's account in
-- user_id beside scs's encoded data.

-- name: SessionFindSignedIn :one
-- A session that has not expired with the account it is signed in to, in one round trip: every
-- signed-in request needs both before anything else. No row when either is missing.
SELECT sessions.data, sqlc.embed(users)
FROM sessions
JOIN users ON users.id = sessions.user_id
WHERE sessions.token = @token AND current_timestamp < sessions.expiry;

-- name: SessionFind :one
-- A session that has not expired, alone (pgxstore's query).
SELECT data FROM sessions WHERE token = @token AND current_timestamp < expiry;

-- name: SessionCommit :exec
-- Saves a session (pgxstore's query) with the account it is signed in to, NULL when none.
INSERT INTO sessions (token, data, expiry, user_id)
VALUES (@token, @data, @expiry, sqlc.narg(user_id))
ON CONFLICT (token) DO UPDATE SET data = EXCLUDED.data, expiry = EXCLUDED.expiry, user_id = EXCLUDED.user_id;
