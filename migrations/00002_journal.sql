-- +goose Up
ALTER TABLE users
    ADD COLUMN weekly_prompt_reminders boolean NOT NULL DEFAULT true,
    ADD COLUMN last_prompt_reminder_at timestamptz;

CREATE TABLE journal_entries (
    id                bigserial PRIMARY KEY,
    athlete_id        bigint NOT NULL REFERENCES athletes (id) ON DELETE CASCADE,
    author_id         bigint REFERENCES users (id) ON DELETE SET NULL,
    title             text NOT NULL,
    -- The user's own words, never altered by enhancement.
    content           text NOT NULL,
    entry_date        date NOT NULL,
    tags              text[] NOT NULL DEFAULT '{}',
    -- Sharing with the family circle is opt-in, per entry.
    is_private        boolean NOT NULL DEFAULT true,
    is_favorite       boolean NOT NULL DEFAULT false,
    -- Bumped by every edit of title or content; an enhancement job only stores its result when
    -- the version it read is still current, so the newest edit wins.
    content_version   integer NOT NULL DEFAULT 1,
    ai_status         text NOT NULL DEFAULT 'none' CHECK (ai_status IN ('none', 'pending', 'ready', 'failed')),
    ai_status_reason  text NOT NULL DEFAULT '',
    enhanced_content  text,
    ai_summary        text,
    ai_suggested_tags text[] NOT NULL DEFAULT '{}',
    ai_provider       text CHECK (ai_provider IN ('model', 'basic')),
    ai_model          text,
    -- Stored rather than an expression index: searching never recomputes vectors row by row, and
    -- ANALYZE keeps word statistics, so a rare word is found through the index, not a scan.
    search            tsvector NOT NULL GENERATED ALWAYS AS (
        to_tsvector('simple', title || ' ' || content || ' ' || coalesce(enhanced_content, ''))
    ) STORED,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX journal_entries_athlete_date_idx ON journal_entries (athlete_id, entry_date DESC, id DESC);
CREATE INDEX journal_entries_search_idx ON journal_entries USING gin (search);

-- Custom prompts written by the family, and the latest generated ones.
CREATE TABLE journal_prompts (
    id         bigserial PRIMARY KEY,
    athlete_id bigint NOT NULL REFERENCES athletes (id) ON DELETE CASCADE,
    title      text NOT NULL,
    prompt     text NOT NULL,
    category   text NOT NULL DEFAULT '',
    source     text NOT NULL CHECK (source IN ('custom', 'generated')),
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX journal_prompts_athlete_idx ON journal_prompts (athlete_id, source, id);

-- One row per "Generate new AI prompts" request, so the page can show its progress.
CREATE TABLE prompt_generations (
    id            bigserial PRIMARY KEY,
    athlete_id    bigint NOT NULL REFERENCES athletes (id) ON DELETE CASCADE,
    status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'ready', 'failed')),
    status_reason text NOT NULL DEFAULT '',
    provider      text CHECK (provider IN ('model', 'basic')),
    created_at    timestamptz NOT NULL DEFAULT now(),
    updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX prompt_generations_athlete_idx ON prompt_generations (athlete_id, id DESC);

-- +goose Down
DROP TABLE prompt_generations;
DROP TABLE journal_prompts;
DROP TABLE journal_entries;
ALTER TABLE users DROP COLUMN last_prompt_reminder_at, DROP COLUMN weekly_prompt_reminders;
