-- +goose Up
-- The names a family gives the seasons their games add up to (issue 29), by sport and the season's
-- own name: {"basketball 2025–26 Winter": "Varsity, junior year"}.
ALTER TABLE athletes ADD COLUMN season_names jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(season_names) = 'object');

-- +goose Down
ALTER TABLE athletes DROP COLUMN season_names;
