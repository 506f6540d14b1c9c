-- +goose Up
-- Issue 26: records_reconcile (jobs/reconcile.go) looks every 15 seconds for records still pending or
-- processing whose job River has ended. Those are a handful among millions of finished rows, so each
-- table it reads gets a partial index of its working rows, which stays as small as the work in flight.
CREATE INDEX media_items_status_working_idx ON media_items (id) WHERE status IN ('pending', 'processing');
CREATE INDEX media_items_highlights_status_working_idx ON media_items (id) WHERE highlights_status IN ('pending', 'processing');
CREATE INDEX journal_entries_ai_status_working_idx ON journal_entries (id) WHERE ai_status IN ('pending', 'processing');
CREATE INDEX prompt_generations_status_working_idx ON prompt_generations (id) WHERE status IN ('pending', 'processing');
CREATE INDEX outbound_emails_status_working_idx ON outbound_emails (id) WHERE status IN ('pending', 'processing');
CREATE INDEX stats_imports_status_working_idx ON stats_imports (id) WHERE status IN ('pending', 'processing');
CREATE INDEX stats_connections_sync_status_working_idx ON stats_connections (id) WHERE sync_status IN ('pending', 'processing');
CREATE INDEX stats_reports_status_working_idx ON stats_reports (id) WHERE status IN ('pending', 'processing');
CREATE INDEX qr_codes_status_working_idx ON qr_codes (id) WHERE status IN ('pending', 'processing');
CREATE INDEX achievements_card_status_working_idx ON achievements (id) WHERE card_status IN ('pending', 'processing');
CREATE INDEX legacy_exports_status_working_idx ON legacy_exports (id) WHERE status IN ('pending', 'processing');

-- +goose Down
DROP INDEX media_items_status_working_idx;
DROP INDEX media_items_highlights_status_working_idx;
DROP INDEX journal_entries_ai_status_working_idx;
DROP INDEX prompt_generations_status_working_idx;
DROP INDEX outbound_emails_status_working_idx;
DROP INDEX stats_imports_status_working_idx;
DROP INDEX stats_connections_sync_status_working_idx;
DROP INDEX stats_reports_status_working_idx;
DROP INDEX qr_codes_status_working_idx;
DROP INDEX achievements_card_status_working_idx;
DROP INDEX legacy_exports_status_working_idx;
