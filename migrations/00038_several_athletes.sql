-- +goose Up
-- An account holds as many athletes as its plan allows (billing.Limits.Athletes, checked by the api
-- when one is created): brothers and sisters in one family's account.
ALTER TABLE athletes DROP CONSTRAINT athletes_user_id_key;
CREATE INDEX athletes_owner_idx ON athletes (user_id, id);

-- +goose Down
DROP INDEX athletes_owner_idx;
ALTER TABLE athletes ADD CONSTRAINT athletes_user_id_key UNIQUE (user_id);
