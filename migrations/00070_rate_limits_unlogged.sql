-- +goose Up
-- The rate-limit counters are windows of minutes that nothing restores: unlogged, counting writes no
-- WAL (no record of the change, no page image after each checkpoint) and a commit that changed only
-- them waits for no disk. A crash empties the table, which forgets at most the open windows' counts.
ALTER TABLE rate_limit_hits SET UNLOGGED;

-- +goose Down
ALTER TABLE rate_limit_hits SET LOGGED;
