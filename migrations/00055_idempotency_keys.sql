-- +goose Up
-- A request sent again must not do its work twice (issue 34): a phone that saved a journal entry
-- without signal sends it when the signal is back, and sends it again if the answer is lost on the
-- way. The client names each request with an Idempotency-Key header; the first one's record is kept
-- here for 24 hours, written in the transaction that made the entry, and a second request with the
-- same key answers the same entry instead of making another. The row names what was made rather
-- than keeping the answer, so nothing the family wrote is copied here; an entry deleted since leaves
-- the row saying so (NULL), so that a late retry cannot bring it back. An area that takes the
-- header later adds its own column.
CREATE TABLE idempotency_keys (
    user_id          bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    key              text NOT NULL,
    -- The request's own fingerprint: the same key sent with another request is refused.
    request_hash     bytea NOT NULL,
    journal_entry_id bigint REFERENCES journal_entries (id) ON DELETE SET NULL,
    created_at       timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_journal_entry_idx ON idempotency_keys (journal_entry_id);

-- +goose Down
DROP TABLE idempotency_keys;
