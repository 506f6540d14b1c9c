-- name: StatListForAthlete :many
SELECT * FROM stats WHERE athlete_id = @athlete_id ORDER BY position, id LIMIT 500;

-- name: StatsConnectionCreate :one
INSERT INTO stats_connections (athlete_id, provider_id, external_athlete_id, external_team_id, username, created_by)
VALUES (@athlete_id, @provider_id, @external_athlete_id, @external_team_id, @username, sqlc.narg(created_by))
ON CONFLICT (athlete_id, provider_id, external_athlete_id) DO NOTHING
RETURNING *;

-- name: StatsConnectionGetByID :one
SELECT * FROM stats_connections WHERE id = @id;

-- name: StatsConnectionLockByID :one
SELECT * FROM stats_connections WHERE id = @id FOR UPDATE;

-- name: StatsConnectionListForAthlete :many
SELECT * FROM stats_connections WHERE athlete_id = @athlete_id ORDER BY id LIMIT 100;

-- name: StatsConnectionDelete :exec
DELETE FROM stats_connections WHERE id = @id;

-- name: StatsConnectionSyncAsked :one
UPDATE stats_connections SET sync_status = 'pending', sync_reason = '' WHERE id = @id RETURNING *;

-- name: StatsConnectionSyncStatus :exec
UPDATE stats_connections SET sync_status = @sync_status, sync_reason = @sync_reason,
    last_synced_at = CASE WHEN @sync_status::job_status = 'ready' THEN now() ELSE last_synced_at END
WHERE id = @id;

-- name: StatsConnectionSynced :exec
UPDATE stats_connections SET last_synced_at = now() WHERE id = @id;

-- name: StatsImportCreate :one
INSERT INTO stats_imports (connection_id, athlete_id, created_by, file_key, file_name, file_sha256, file_size,
    game_date, opponent, location, result, score, season, team_name)
VALUES (@connection_id, @athlete_id, sqlc.narg(created_by), @file_key, @file_name, @file_sha256, @file_size,
    sqlc.narg(game_date), @opponent, @location, @result, @score, @season, @team_name)
RETURNING *;

-- name: StatsImportGetByID :one
SELECT * FROM stats_imports WHERE id = @id;

-- name: StatsImportSameFile :one
-- An earlier import of the same file with the same game details that did not fail: uploading it
-- again answers that one and changes nothing.
SELECT * FROM stats_imports
WHERE connection_id = @connection_id AND file_sha256 = @file_sha256 AND status <> 'failed'
  AND game_date IS NOT DISTINCT FROM sqlc.narg(game_date)::date AND opponent = @opponent AND location = @location
  AND result = @result AND score = @score AND season = @season AND team_name = @team_name
ORDER BY id DESC LIMIT 1;

-- name: StatsImportLatestForConnection :one
SELECT * FROM stats_imports WHERE connection_id = @connection_id ORDER BY id DESC LIMIT 1;

-- name: StatsImportNewestUsable :one
-- What 'Sync Now' re-applies for a file provider: the newest import whose file was read.
SELECT * FROM stats_imports WHERE connection_id = @connection_id AND status <> 'failed' ORDER BY id DESC LIMIT 1;

-- name: StatsImportKeysForConnection :many
SELECT file_key FROM stats_imports WHERE connection_id = @connection_id;

-- name: StatsImportStart :exec
UPDATE stats_imports SET status = 'processing', status_reason = '' WHERE id = @id;

-- name: StatsImportRequeue :one
UPDATE stats_imports SET status = 'pending', status_reason = '', needs_choice = false, chosen_row = sqlc.narg(chosen_row), finished_at = NULL
WHERE id = @id RETURNING *;

-- name: StatsImportFinish :exec
UPDATE stats_imports SET status = @status, status_reason = @status_reason, format = sqlc.narg(format),
    needs_choice = @needs_choice, preview = sqlc.narg(preview), games_written = @games_written,
    seasons_written = @seasons_written, finished_at = now()
WHERE id = @id;

-- name: StatsGameUpsert :one
INSERT INTO stats_games (athlete_id, connection_id, source, source_key, sport, opponent, game_date, location, result, score, stats, display, raw)
VALUES (@athlete_id, sqlc.narg(connection_id), @source, @source_key, @sport, @opponent, @game_date, @location, @result, @score, @stats, @display, sqlc.narg(raw))
ON CONFLICT (athlete_id, source_key) DO UPDATE SET
    connection_id = EXCLUDED.connection_id, source = EXCLUDED.source, sport = EXCLUDED.sport, opponent = EXCLUDED.opponent,
    game_date = EXCLUDED.game_date, location = EXCLUDED.location, result = EXCLUDED.result, score = EXCLUDED.score,
    stats = EXCLUDED.stats, display = EXCLUDED.display, raw = EXCLUDED.raw, updated_at = now()
RETURNING id;

-- name: StatsGameCreateManual :one
INSERT INTO stats_games (athlete_id, source, sport, opponent, game_date, location, result, score, stats, display)
VALUES (@athlete_id, 'manual', @sport, @opponent, @game_date, @location, @result, @score, @stats, @display)
RETURNING *;

-- name: StatsGameUpdateManual :one
UPDATE stats_games SET sport = @sport, opponent = @opponent, game_date = @game_date, location = @location, result = @result,
    score = @score, stats = @stats, display = @display, updated_at = now()
WHERE id = @id RETURNING *;

-- name: StatsGameGetByID :one
SELECT * FROM stats_games WHERE id = @id;

-- name: StatsGameDelete :exec
DELETE FROM stats_games WHERE id = @id;

-- name: StatsGameListForAthlete :many
SELECT id, sport, opponent, game_date, location, result, score, source, stats FROM stats_games
WHERE athlete_id = @athlete_id ORDER BY game_date DESC, id DESC LIMIT 1000;

-- name: StatsSeasonUpsert :one
INSERT INTO stats_seasons (athlete_id, connection_id, source, source_key, sport, season, team_name, sport_type, start_date, end_date, stats, display, raw)
VALUES (@athlete_id, sqlc.narg(connection_id), @source, @source_key, @sport, @season, @team_name, @sport_type,
    sqlc.narg(start_date), sqlc.narg(end_date), @stats, @display, sqlc.narg(raw))
ON CONFLICT (athlete_id, source_key) DO UPDATE SET
    connection_id = EXCLUDED.connection_id, source = EXCLUDED.source, sport = EXCLUDED.sport, season = EXCLUDED.season,
    team_name = EXCLUDED.team_name, sport_type = EXCLUDED.sport_type, start_date = EXCLUDED.start_date,
    end_date = EXCLUDED.end_date, stats = EXCLUDED.stats, display = EXCLUDED.display, raw = EXCLUDED.raw, updated_at = now()
RETURNING id;

-- name: StatsGameListDisplayPage :many
-- The Game Stats list as answered, a page at a time: the stored display maps, no counts to decode.
-- Newest first, keyset-paginated on (game_date, id) along stats_games_athlete_date_idx.
SELECT id, sport, opponent, game_date, location, result, score, source, display FROM stats_games
WHERE athlete_id = @athlete_id
  AND (game_date, id) < (coalesce(sqlc.narg(before_date)::date, 'infinity'), coalesce(sqlc.narg(before_id)::bigint, 9223372036854775807))
ORDER BY game_date DESC, id DESC
LIMIT @max_rows;

-- name: StatsSeasonListDisplay :many
SELECT id, sport, season, team_name, sport_type, start_date, end_date, source, display FROM stats_seasons
WHERE athlete_id = @athlete_id ORDER BY start_date DESC NULLS LAST, updated_at DESC, id DESC LIMIT 200;

-- name: StatsSeasonListForAthlete :many
SELECT id, sport, season, team_name, sport_type, start_date, end_date, source, stats FROM stats_seasons
WHERE athlete_id = @athlete_id ORDER BY start_date DESC NULLS LAST, updated_at DESC, id DESC LIMIT 200;

-- name: StatsReportCreate :one
INSERT INTO stats_reports (athlete_id, created_by) VALUES (@athlete_id, sqlc.narg(created_by)) RETURNING *;

-- name: StatsReportGetByID :one
SELECT * FROM stats_reports WHERE id = @id;

-- name: StatsReportLatest :one
SELECT * FROM stats_reports WHERE athlete_id = @athlete_id ORDER BY id DESC LIMIT 1;

-- name: StatsReportFinish :exec
UPDATE stats_reports SET status = @status, status_reason = @status_reason, media_id = sqlc.narg(media_id), updated_at = now()
WHERE id = @id;

-- name: StatsHasAny :one
-- Whether the athlete has any game or season numbers, which a coach looks for on a profile.
SELECT (EXISTS (SELECT 1 FROM stats_games g WHERE g.athlete_id = sqlc.arg(athlete_id)::bigint)
    OR EXISTS (SELECT 1 FROM stats_seasons s WHERE s.athlete_id = sqlc.arg(athlete_id)::bigint))::boolean AS has_stats;
