-- +goose Up
-- The weekly journal prompt e-mail is asked for, not assumed (issue 33): a new account starts without
-- it and is asked on its dashboard. weekly_prompt_chosen_at is when the account first chose, in that
-- question, its settings, the Journal page or the e-mail's unsubscribe link; the dashboard asks until
-- it is set.
ALTER TABLE users
    ALTER COLUMN weekly_prompt_reminders SET DEFAULT false,
    ADD COLUMN weekly_prompt_chosen_at timestamptz;

-- Accounts made before keep what they have. One that has it off chose so (it used to start on); one
-- that has it on may have chosen it or never looked, which nothing recorded, so it stays on (it has
-- been getting the e-mail, each with a one-click unsubscribe) and is asked once on its dashboard, its
-- answer pre-set to on.
UPDATE users SET weekly_prompt_chosen_at = updated_at WHERE NOT weekly_prompt_reminders;

-- +goose Down
ALTER TABLE users
    ALTER COLUMN weekly_prompt_reminders SET DEFAULT true,
    DROP COLUMN weekly_prompt_chosen_at;
