-- +goose Up
-- The e-mail that carries a pending invitation's link, so the family sees whether it went out.
ALTER TABLE family_members ADD COLUMN invite_email_id bigint REFERENCES outbound_emails (id) ON DELETE SET NULL;

-- +goose Down
ALTER TABLE family_members DROP COLUMN invite_email_id;
