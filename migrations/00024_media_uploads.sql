-- +goose Up
-- Resumable uploads (tus 1.0, issue #18): game film sent over a phone connection goes on from where
-- a cut-off left it instead of starting over. A row is one upload in the making: what its creation
-- said (the item's fields, validated then, and Upload-Length checked against the plan), how many bytes
-- have arrived (upload_offset), the first of them for sniffing (head), and where they are: one stored
-- piece per PATCH, in order, in media storage under keys no media item has (so every api process
-- reaches them, local directory or bucket alike). With the last byte the pieces become one original,
-- and one transaction makes the media row and its media_process job, queues the pieces' removal and
-- marks this row completed; it stays until it expires so a client that missed that answer learns the
-- outcome from HEAD. A PATCH holds the row (lock_token until locked_until, renewed while bytes flow)
-- so two api processes never write one upload at once; writing_key names the piece it is writing, so
-- a process killed in between leaves nothing unnamed. The hourly media_upload_expire job deletes rows
-- past expires_at (24 h after the last bytes) and, through media_delete, their pieces.
CREATE TABLE media_uploads (
    id            bigserial PRIMARY KEY,
    athlete_id    bigint NOT NULL REFERENCES athletes (id) ON DELETE CASCADE,
    -- An upload belongs to its creator; one whose creator is gone is nobody's and expires.
    created_by    bigint REFERENCES users (id) ON DELETE SET NULL,
    upload_length bigint NOT NULL CHECK (upload_length > 0),
    upload_offset bigint NOT NULL DEFAULT 0 CHECK (upload_offset BETWEEN 0 AND upload_length),
    -- The Upload-Metadata header as the client sent it, which HEAD gives back.
    metadata      text NOT NULL DEFAULT '',
    title         text NOT NULL,
    description   text NOT NULL DEFAULT '',
    media_date    date NOT NULL,
    is_private    boolean NOT NULL DEFAULT true,
    tags          text[] NOT NULL DEFAULT '{}',
    head          bytea NOT NULL DEFAULT '',
    -- Set once the head is long enough to sniff.
    media_type    text CHECK (media_type IN ('image', 'video', 'audio', 'pdf')),
    mime_type     text,
    file_ext      text,
    piece_keys    text[] NOT NULL DEFAULT '{}',
    writing_key   text,
    lock_token    text,
    locked_until  timestamptz,
    media_id      bigint REFERENCES media_items (id) ON DELETE SET NULL,
    completed_at  timestamptz,
    expires_at    timestamptz NOT NULL,
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX media_uploads_expiry ON media_uploads (expires_at);
CREATE INDEX media_uploads_athlete ON media_uploads (athlete_id);

-- +goose Down
DROP TABLE media_uploads;
