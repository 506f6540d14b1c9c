-- +goose Up
ALTER TABLE media_items
    ADD COLUMN highlights_status   text NOT NULL DEFAULT 'none' CHECK (highlights_status IN ('none', 'pending', 'ready', 'failed')),
    ADD COLUMN highlights_reason   text NOT NULL DEFAULT '',
    -- [{start, end, score, reason}] from the latest detection.
    ADD COLUMN highlights          jsonb NOT NULL DEFAULT '[]',
    -- Bumped by every detection request; a job stores its result only if it is still the latest.
    ADD COLUMN highlights_version  integer NOT NULL DEFAULT 0,
    -- For a clip: the range of its source it was cut from, in seconds.
    ADD COLUMN clip_start          double precision,
    ADD COLUMN clip_end            double precision;

-- +goose Down
ALTER TABLE media_items
    DROP COLUMN highlights_status, DROP COLUMN highlights_reason, DROP COLUMN highlights,
    DROP COLUMN highlights_version, DROP COLUMN clip_start, DROP COLUMN clip_end;
