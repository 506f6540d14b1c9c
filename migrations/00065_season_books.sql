-- +goose Up
-- Issue 32, the Season Story: a family asks for a book of one season (a date range) and the
-- season_book job draws it as a PDF, which it files in the media library (media_id). The row keeps
-- what was asked, so a retried or rescued job draws the same book.
CREATE TABLE season_books (
    id                   bigserial PRIMARY KEY,
    athlete_id           bigint NOT NULL REFERENCES athletes (id) ON DELETE CASCADE,
    created_by           bigint REFERENCES users (id) ON DELETE SET NULL,
    title                text NOT NULL,
    from_date            date NOT NULL,
    to_date              date NOT NULL,
    include_journal      boolean NOT NULL,
    include_ai_versions  boolean NOT NULL,
    include_milestones   boolean NOT NULL,
    include_stats        boolean NOT NULL,
    include_achievements boolean NOT NULL,
    include_media        boolean NOT NULL,
    -- The owner's consent to print private entries and to give private clips share links.
    include_private      boolean NOT NULL DEFAULT false,
    status               job_status NOT NULL DEFAULT 'pending',
    status_reason        text NOT NULL DEFAULT '',
    media_id             bigint REFERENCES media_items (id) ON DELETE SET NULL,
    created_at           timestamptz NOT NULL DEFAULT now(),
    updated_at           timestamptz NOT NULL DEFAULT now(),
    CHECK (from_date <= to_date)
);
CREATE INDEX season_books_athlete_idx ON season_books (athlete_id, id DESC);
CREATE INDEX season_books_status_working_idx ON season_books (id) WHERE status IN ('pending', 'processing');

-- +goose Down
DROP TABLE season_books;
