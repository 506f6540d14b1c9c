-- +goose Up
CREATE TABLE media_items (
    id              bigserial PRIMARY KEY,
    athlete_id      bigint NOT NULL REFERENCES athletes (id) ON DELETE CASCADE,
    uploaded_by     bigint REFERENCES users (id) ON DELETE SET NULL,
    title           text NOT NULL,
    description     text NOT NULL DEFAULT '',
    media_date      date NOT NULL,
    media_type      text NOT NULL CHECK (media_type IN ('image', 'video', 'audio', 'pdf')),
    mime_type       text NOT NULL,
    -- Storage keys are generated ids, never user file names.
    original_key    text NOT NULL UNIQUE,
    file_size       bigint NOT NULL,
    thumbnail_key   text UNIQUE,
    rendition_key   text UNIQUE,
    -- Bytes of the thumbnail and rendition, which count against the storage quota with the original.
    derived_bytes   bigint NOT NULL DEFAULT 0,
    width           integer,
    height          integer,
    duration        double precision,
    video_codec     text,
    audio_codec     text,
    is_favorite     boolean NOT NULL DEFAULT false,
    is_private      boolean NOT NULL DEFAULT true,
    tags            text[] NOT NULL DEFAULT '{}',
    status          text NOT NULL DEFAULT 'processing' CHECK (status IN ('processing', 'ready', 'failed')),
    status_reason   text NOT NULL DEFAULT '',
    share_code      text UNIQUE,
    -- A clip cut from another item (the video editor).
    source_media_id bigint REFERENCES media_items (id) ON DELETE SET NULL,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX media_items_athlete_idx ON media_items (athlete_id, media_date DESC, id DESC);

-- +goose Down
DROP TABLE media_items;
