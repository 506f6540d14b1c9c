-- +goose Up
-- "What's new" (issue 30): each member's feed of what was added to an athlete they follow, newest
-- first, read from the items themselves. Each source is walked by when it was added.
CREATE INDEX journal_entries_athlete_created_idx ON journal_entries (athlete_id, created_at DESC, id DESC);
CREATE INDEX media_items_athlete_created_idx ON media_items (athlete_id, created_at DESC, id DESC);
CREATE INDEX milestones_athlete_created_idx ON milestones (athlete_id, created_at DESC, id DESC);
CREATE INDEX achievements_athlete_created_idx ON achievements (athlete_id, created_at DESC, id DESC);
CREATE INDEX comments_athlete_created_idx ON comments (athlete_id, created_at DESC, id DESC);
CREATE INDEX reactions_athlete_created_idx ON reactions (athlete_id, created_at DESC);

-- Who added a milestone, so that the feed does not tell them of it (the other items already say).
ALTER TABLE milestones ADD COLUMN created_by bigint REFERENCES users ON DELETE SET NULL;
CREATE INDEX milestones_created_by ON milestones (created_by) WHERE created_by IS NOT NULL;

-- When a member last looked at an athlete's feed: what came after is unread.
CREATE TABLE activity_reads (
    user_id bigint NOT NULL REFERENCES users ON DELETE CASCADE,
    athlete_id bigint NOT NULL REFERENCES athletes ON DELETE CASCADE,
    seen_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, athlete_id)
);
CREATE INDEX activity_reads_athlete ON activity_reads (athlete_id);

-- +goose Down
DROP TABLE activity_reads;
ALTER TABLE milestones DROP COLUMN created_by;
DROP INDEX reactions_athlete_created_idx;
DROP INDEX comments_athlete_created_idx;
DROP INDEX achievements_athlete_created_idx;
DROP INDEX milestones_athlete_created_idx;
DROP INDEX media_items_athlete_created_idx;
DROP INDEX journal_entries_athlete_created_idx;
