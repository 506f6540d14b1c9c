-- +goose Up
-- Operators watch and steer the job queues (/ops). Being one grants nothing on any athlete: the
-- access function never reads this column.
ALTER TABLE users ADD COLUMN is_operator boolean NOT NULL DEFAULT false;

-- Every state-changing operator action (retry, cancel, delete a job; pause, resume a queue), so
-- the family's data is never touched unseen. operator_email is kept as written, should the account
-- later go.
CREATE TABLE operator_audit (
    id             bigserial PRIMARY KEY,
    operator_id    bigint REFERENCES users (id) ON DELETE SET NULL,
    operator_email text NOT NULL,
    action         text NOT NULL,
    target         text NOT NULL,
    created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX operator_audit_created_idx ON operator_audit (created_at DESC);

-- +goose Down
DROP TABLE operator_audit;
ALTER TABLE users DROP COLUMN is_operator;
