-- +goose Up
-- The account a session is signed in to, beside scs's encoded data (which SQL cannot read), so that
-- a request reads its session and its user in one query instead of two (issue 25). The data stays
-- the authority: the api uses the joined user only when it is the account the data names, and looks
-- the user up on its own otherwise (a session saved before this column, until it is saved again).
-- No foreign key: a session committed while its account is being deleted must not fail; a deleted
-- account's sessions find no user and are forgotten, as before.
ALTER TABLE sessions ADD COLUMN user_id bigint;

-- +goose Down
ALTER TABLE sessions DROP COLUMN user_id;
