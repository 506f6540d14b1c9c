-- What "Download everything" holds of stats: seasons, games, the summary, and the files imported.

-- name: ArchiveStatsSeasons :one
SELECT coalesce(json_agg(t), '[]')::json FROM (
    SELECT season, team_name, sport_type, start_date::text AS start_date, end_date::text AS end_date, source, stats, display,
        created_at, updated_at
    FROM stats_seasons WHERE athlete_id = @athlete_id ORDER BY season, id) t;

-- name: ArchiveStatsGames :one
SELECT coalesce(json_agg(t), '[]')::json FROM (
    SELECT game_date::text AS game_date, opponent, location, result, score, source, stats, display, created_at, updated_at
    FROM stats_games WHERE athlete_id = @athlete_id ORDER BY game_date, id) t;

-- name: ArchiveStatsSummary :one
SELECT coalesce(json_agg(t), '[]')::json FROM (
    SELECT category, value, position FROM stats WHERE athlete_id = @athlete_id ORDER BY position, id) t;

-- name: ArchiveStatsImports :many
SELECT id, file_key::text AS file_key, file_name, file_size, created_at FROM stats_imports
WHERE athlete_id = @athlete_id AND file_key IS NOT NULL ORDER BY id;
