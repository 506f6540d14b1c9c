-- name: AthleteCreate :one
-- time_zone left out is the column's default (America/New_York).
INSERT INTO athletes (user_id, name, sports, position, graduation_year, gpa, school, bio, time_zone)
VALUES (@user_id, @name, @sports, @position, @graduation_year, @gpa, @school, @bio, coalesce(sqlc.narg(time_zone), 'America/New_York'))
RETURNING *;

-- name: AthleteGetByID :one
SELECT * FROM athletes WHERE id = @id;

-- name: AthleteGetByOwner :one
SELECT * FROM athletes WHERE user_id = @user_id ORDER BY id LIMIT 1;

-- name: AthleteGetDemo :one
SELECT * FROM athletes WHERE is_demo;

-- name: AthleteUpdate :one
UPDATE athletes
SET name = @name, sports = @sports, position = @position, graduation_year = @graduation_year,
    gpa = @gpa, school = @school, bio = @bio, time_zone = coalesce(sqlc.narg(time_zone), time_zone), updated_at = now()
WHERE id = @id
RETURNING *;

-- name: AthleteOwnerID :one
SELECT user_id FROM athletes WHERE id = @id;

-- name: AthleteSetLeadStats :one
-- One sport's lead stats; an empty list forgets the choice (the position's lead again).
UPDATE athletes
SET lead_stats = CASE WHEN cardinality(@keys::text[]) = 0 THEN lead_stats - @sport::text
                      ELSE jsonb_set(lead_stats, ARRAY[@sport::text], to_jsonb(@keys::text[])) END,
    updated_at = now()
WHERE id = @id
RETURNING lead_stats;

-- name: AthleteSetSeasonName :exec
-- The family's name for a season of games (key: sport and the season's own name); an empty name
-- forgets it.
UPDATE athletes
SET season_names = CASE WHEN @name::text = '' THEN season_names - @season_key::text
                        ELSE jsonb_set(season_names, ARRAY[@season_key::text], to_jsonb(@name::text)) END,
    updated_at = now()
WHERE id = @id;

-- name: AthleteSetShowPlaces :one
-- Whether new uploads get a place name. Off also removes the names already shown: the family said no
-- places, and a name on an item is shown to everyone who sees it.
WITH cleared AS (
    UPDATE media_items SET place_name = NULL, updated_at = now()
    WHERE media_items.athlete_id = sqlc.arg(id)::bigint AND NOT @show_places::boolean AND place_name IS NOT NULL
)
UPDATE athletes SET show_places = @show_places::boolean, updated_at = now() WHERE athletes.id = sqlc.arg(id)::bigint
RETURNING *;
