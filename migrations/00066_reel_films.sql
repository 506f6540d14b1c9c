-- +goose Up
-- Issue 32's one-minute film and cut reels. A reel may play segments of its clips (segments: a list
-- of {clipId, start, end} in seconds, in play order; null plays each clip whole). A film is a reel
-- the server cut from a season's highlights (kind 'film'), and keeps the season it was made of and
-- the length asked for (film_seconds): a film asked for before detection has run on all of the
-- season's videos has no segments yet, and reel_render chooses them once detection is done.
ALTER TABLE reels
    ADD COLUMN kind text NOT NULL DEFAULT 'reel' CHECK (kind IN ('reel', 'film')),
    ADD COLUMN segments jsonb,
    ADD COLUMN film_from date,
    ADD COLUMN film_to date,
    ADD COLUMN film_seconds double precision,
    ADD CONSTRAINT reels_film_season CHECK ((kind = 'film') = (film_from IS NOT NULL AND film_to IS NOT NULL)),
    ADD CONSTRAINT reels_film_order CHECK (film_from <= film_to);

-- +goose Down
ALTER TABLE reels DROP COLUMN film_seconds, DROP COLUMN film_to, DROP COLUMN film_from, DROP COLUMN segments, DROP COLUMN kind;
