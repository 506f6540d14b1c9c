-- +goose Up
-- Places on photos (issue 34) are asked for, not assumed: a photo's GPS position stays in the original
-- the family uploaded and nowhere else unless the athlete's family turns places on. Then each new upload
-- with a position gets the name of the nearest town (place_name); the coordinates themselves are never
-- stored in a table. Turning places off removes the names already shown.
ALTER TABLE athletes ADD COLUMN show_places boolean NOT NULL DEFAULT false;
ALTER TABLE media_items ADD COLUMN place_name text CHECK (place_name <> '');

-- +goose Down
ALTER TABLE media_items DROP COLUMN place_name;
ALTER TABLE athletes DROP COLUMN show_places;
