-- +goose Up
-- The family's answers (issue 30): comments and reactions on journal entries, media items,
-- milestones and achievements. An item is named by its type and id; a generated key per type
-- points at the item itself, so a comment or a reaction goes with its item, and with its athlete
-- and its author's account through their own keys.
CREATE TABLE comments (
    id bigserial PRIMARY KEY,
    athlete_id bigint NOT NULL REFERENCES athletes ON DELETE CASCADE,
    author_id bigint NOT NULL REFERENCES users ON DELETE CASCADE,
    item_type text NOT NULL CHECK (item_type IN ('journal', 'media', 'milestone', 'achievement')),
    item_id bigint NOT NULL,
    body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 2000),
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    journal_entry_id bigint GENERATED ALWAYS AS (CASE WHEN item_type = 'journal' THEN item_id END) STORED
        REFERENCES journal_entries ON DELETE CASCADE,
    media_item_id bigint GENERATED ALWAYS AS (CASE WHEN item_type = 'media' THEN item_id END) STORED
        REFERENCES media_items ON DELETE CASCADE,
    milestone_id bigint GENERATED ALWAYS AS (CASE WHEN item_type = 'milestone' THEN item_id END) STORED
        REFERENCES milestones ON DELETE CASCADE,
    achievement_id bigint GENERATED ALWAYS AS (CASE WHEN item_type = 'achievement' THEN item_id END) STORED
        REFERENCES achievements ON DELETE CASCADE
);
-- An item's comments in order, a page at a time; the counts on a page of items.
CREATE INDEX comments_item ON comments (item_type, item_id, id);
CREATE INDEX comments_athlete ON comments (athlete_id);
CREATE INDEX comments_author ON comments (author_id);
-- The keys' deletes find their rows by index.
CREATE INDEX comments_journal_entry ON comments (journal_entry_id) WHERE journal_entry_id IS NOT NULL;
CREATE INDEX comments_media_item ON comments (media_item_id) WHERE media_item_id IS NOT NULL;
CREATE INDEX comments_milestone ON comments (milestone_id) WHERE milestone_id IS NOT NULL;
CREATE INDEX comments_achievement ON comments (achievement_id) WHERE achievement_id IS NOT NULL;

-- One reaction per person per item, from a small fixed set.
CREATE TABLE reactions (
    id bigserial NOT NULL UNIQUE,
    item_type text NOT NULL CHECK (item_type IN ('journal', 'media', 'milestone', 'achievement')),
    item_id bigint NOT NULL,
    user_id bigint NOT NULL REFERENCES users ON DELETE CASCADE,
    athlete_id bigint NOT NULL REFERENCES athletes ON DELETE CASCADE,
    emoji text NOT NULL CHECK (emoji IN ('❤️', '👏', '🔥', '💪', '😂', '😮')),
    created_at timestamptz NOT NULL DEFAULT now(),
    journal_entry_id bigint GENERATED ALWAYS AS (CASE WHEN item_type = 'journal' THEN item_id END) STORED
        REFERENCES journal_entries ON DELETE CASCADE,
    media_item_id bigint GENERATED ALWAYS AS (CASE WHEN item_type = 'media' THEN item_id END) STORED
        REFERENCES media_items ON DELETE CASCADE,
    milestone_id bigint GENERATED ALWAYS AS (CASE WHEN item_type = 'milestone' THEN item_id END) STORED
        REFERENCES milestones ON DELETE CASCADE,
    achievement_id bigint GENERATED ALWAYS AS (CASE WHEN item_type = 'achievement' THEN item_id END) STORED
        REFERENCES achievements ON DELETE CASCADE,
    PRIMARY KEY (item_type, item_id, user_id)
);
CREATE INDEX reactions_athlete ON reactions (athlete_id);
CREATE INDEX reactions_user ON reactions (user_id);
CREATE INDEX reactions_journal_entry ON reactions (journal_entry_id) WHERE journal_entry_id IS NOT NULL;
CREATE INDEX reactions_media_item ON reactions (media_item_id) WHERE media_item_id IS NOT NULL;
CREATE INDEX reactions_milestone ON reactions (milestone_id) WHERE milestone_id IS NOT NULL;
CREATE INDEX reactions_achievement ON reactions (achievement_id) WHERE achievement_id IS NOT NULL;

-- +goose Down
DROP TABLE reactions;
DROP TABLE comments;
