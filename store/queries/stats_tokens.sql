-- name: StatsTokenGet :one
SELECT * FROM stats_tokens WHERE connection_id = @connection_id;

-- name: StatsTokenSave :one
-- Stores a connection's tokens from an authorization or a refresh. A refresh that issues no new
-- refresh token keeps the old one.
INSERT INTO stats_tokens (connection_id, access_token, refresh_token, token_type, scope, expires_at, authorized_by)
VALUES (@connection_id, @access_token, @refresh_token, @token_type, @scope, sqlc.narg(expires_at), sqlc.narg(authorized_by))
ON CONFLICT (connection_id) DO UPDATE SET
    access_token = EXCLUDED.access_token,
    refresh_token = CASE WHEN EXCLUDED.refresh_token = '' THEN stats_tokens.refresh_token ELSE EXCLUDED.refresh_token END,
    token_type = EXCLUDED.token_type,
    scope = EXCLUDED.scope,
    expires_at = EXCLUDED.expires_at,
    authorized_by = COALESCE(EXCLUDED.authorized_by, stats_tokens.authorized_by),
    updated_at = now()
RETURNING *;
