-- +goose Up
-- Every session remembers the account's session_version at sign-in; changing the password moves
-- it on, so the account's other sessions (other devices) no longer count. Sessions from before
-- this column carry no version and read as 0, the default, so nobody is signed out by the deploy.
ALTER TABLE users ADD COLUMN session_version integer NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE users DROP COLUMN session_version;
