-- +goose Up
-- Mail about one athlete (the archive is ready, this week's prompt for them) names the athlete, so it
-- goes with the athlete when the family deletes them; mail about no athlete keeps athlete_id NULL. A
-- queued e-mail whose row goes is cancelled by its job (jobs.loadRecord).
ALTER TABLE outbound_emails ADD COLUMN athlete_id bigint REFERENCES athletes (id) ON DELETE CASCADE;
CREATE INDEX outbound_emails_athlete_idx ON outbound_emails (athlete_id) WHERE athlete_id IS NOT NULL;

-- +goose Down
ALTER TABLE outbound_emails DROP COLUMN athlete_id;
