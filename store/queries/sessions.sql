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

-- name: SessionFindSignedInOnAthlete :one
-- SessionFindSignedIn on an athlete's route, with the account's access to that athlete
-- (athlete_access, what AccessLookup answers; NULL when the account has none): the api's access
-- check then needs no round trip of its own.
SELECT sessions.data, sqlc.embed(users),
       access.owner_id, access.privacy_journal, access.privacy_media, access.privacy_stats,
       access.privacy_milestones, access.privacy_recruiting, access.member_id, access.access_level,
       access.relationship, access.shared_sections
FROM sessions
JOIN users ON users.id = sessions.user_id
LEFT JOIN athlete_access AS access ON access.athlete_id = @athlete_id AND access.caller_id = users.id
WHERE sessions.token = @token AND current_timestamp < sessions.expiry;

-- name: SessionFind :one
-- A session that has not expired, alone (pgxstore's query).
SELECT data FROM sessions WHERE token = @token AND current_timestamp < expiry;

-- name: SessionCommit :exec
-- Saves a session (pgxstore's query) with the account it is signed in to, NULL when none.
INSERT INTO sessions (token, data, expiry, user_id)
VALUES (@token, @data, @expiry, sqlc.narg(user_id))
ON CONFLICT (token) DO UPDATE SET data = EXCLUDED.data, expiry = EXCLUDED.expiry, user_id = EXCLUDED.user_id;
