-- +goose Up
-- Contact messages reach support (issue 33): each is e-mailed to SUPPORT_EMAIL with Reply-To set to
-- the sender, and listed for operators on /ops, where one marks a message handled and can clear the
-- mark. handled_by names the operator's account; when that account is deleted the mark stays, without
-- whom.
ALTER TABLE contact_messages
    ADD COLUMN handled_at timestamptz,
    ADD COLUMN handled_by bigint REFERENCES users (id) ON DELETE SET NULL,
    ADD CONSTRAINT contact_messages_handled_by_when_handled CHECK (handled_at IS NOT NULL OR handled_by IS NULL);

-- The operators' list, newest first, a page at a time.
CREATE INDEX contact_messages_newest_idx ON contact_messages (created_at DESC, id DESC);
CREATE INDEX contact_messages_handled_by_idx ON contact_messages (handled_by) WHERE handled_by IS NOT NULL;

-- Where a reply goes: the sender of a contact message, for the copy support receives. An address, or ''
-- for replies to go to MAIL_FROM. Account deletion removes mail whose Reply-To is the account's address.
ALTER TABLE outbound_emails ADD COLUMN reply_to text NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE outbound_emails DROP COLUMN reply_to;
DROP INDEX contact_messages_handled_by_idx;
DROP INDEX contact_messages_newest_idx;
ALTER TABLE contact_messages
    DROP CONSTRAINT contact_messages_handled_by_when_handled,
    DROP COLUMN handled_by,
    DROP COLUMN handled_at;
