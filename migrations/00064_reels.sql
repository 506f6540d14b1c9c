-- +goose Up
-- A highlight reel (issue 32): the family's clips in their order, with a title slide, rendered by
-- reel_render into one media item per format. The reel keeps what it is made of, so an edit renders
-- it again into the same media items (their share links and recruiting links keep working).
CREATE TABLE reels (
    id                 bigserial PRIMARY KEY,
    athlete_id         bigint NOT NULL REFERENCES athletes (id) ON DELETE CASCADE,
    created_by         bigint REFERENCES users ON DELETE SET NULL,
    title              text NOT NULL,
    clip_ids           bigint[] NOT NULL,
    title_slide        jsonb NOT NULL,
    end_slide          jsonb,
    spotlight          jsonb NOT NULL DEFAULT '[]',
    formats            text[] NOT NULL,
    status             job_status NOT NULL DEFAULT 'pending',
    status_reason      text NOT NULL DEFAULT '',
    progress           double precision,
    -- Bumped by every edit: a render of an older version does not record its outputs.
    version            integer NOT NULL DEFAULT 1,
    landscape_media_id bigint REFERENCES media_items (id) ON DELETE SET NULL,
    vertical_media_id  bigint REFERENCES media_items (id) ON DELETE SET NULL,
    created_at         timestamptz NOT NULL DEFAULT now(),
    updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reels_athlete_idx ON reels (athlete_id, id);

-- +goose Down
DROP TABLE reels;
