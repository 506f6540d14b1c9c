-- +goose Up
-- One vocabulary for every record whose work a job does: journal enhancement, prompt generations,
-- media processing, highlight detection and outbound e-mail. Each record keeps the values it used
-- before (media still starts 'processing', a journal entry 'none'), so the API answers the same.
CREATE TYPE job_status AS ENUM ('none', 'pending', 'processing', 'ready', 'failed');

ALTER TABLE journal_entries
    DROP CONSTRAINT journal_entries_ai_status_check,
    ALTER COLUMN ai_status DROP DEFAULT,
    ALTER COLUMN ai_status TYPE job_status USING ai_status::job_status,
    ALTER COLUMN ai_status SET DEFAULT 'none';

ALTER TABLE prompt_generations
    DROP CONSTRAINT prompt_generations_status_check,
    ALTER COLUMN status DROP DEFAULT,
    ALTER COLUMN status TYPE job_status USING status::job_status,
    ALTER COLUMN status SET DEFAULT 'pending';

ALTER TABLE media_items
    DROP CONSTRAINT media_items_status_check,
    ALTER COLUMN status DROP DEFAULT,
    ALTER COLUMN status TYPE job_status USING status::job_status,
    ALTER COLUMN status SET DEFAULT 'processing',
    DROP CONSTRAINT media_items_highlights_status_check,
    ALTER COLUMN highlights_status DROP DEFAULT,
    ALTER COLUMN highlights_status TYPE job_status USING highlights_status::job_status,
    ALTER COLUMN highlights_status SET DEFAULT 'none';

-- 'sent' and 'logged' were two words for "done"; how it was done is now its own column.
ALTER TABLE outbound_emails
    ADD COLUMN delivered_via text CHECK (delivered_via IN ('smtp', 'log'));
UPDATE outbound_emails
SET delivered_via = CASE status WHEN 'sent' THEN 'smtp' ELSE 'log' END
WHERE status IN ('sent', 'logged');
ALTER TABLE outbound_emails
    DROP CONSTRAINT outbound_emails_status_check,
    ALTER COLUMN status DROP DEFAULT,
    ALTER COLUMN status TYPE job_status
        USING (CASE WHEN status IN ('sent', 'logged') THEN 'ready' ELSE status END)::job_status,
    ALTER COLUMN status SET DEFAULT 'pending',
    -- A delivered e-mail says how; one that is not delivered says nothing.
    ADD CONSTRAINT outbound_emails_delivered_via_when_ready
        CHECK ((status = 'ready') = (delivered_via IS NOT NULL));

-- +goose Down
ALTER TABLE outbound_emails
    DROP CONSTRAINT outbound_emails_delivered_via_when_ready,
    ALTER COLUMN status DROP DEFAULT,
    ALTER COLUMN status TYPE text
        USING CASE WHEN status = 'ready' THEN CASE delivered_via WHEN 'smtp' THEN 'sent' ELSE 'logged' END
                   ELSE status::text END,
    ALTER COLUMN status SET DEFAULT 'pending',
    ADD CHECK (status IN ('pending', 'sent', 'logged', 'failed')),
    DROP COLUMN delivered_via;

ALTER TABLE media_items
    ALTER COLUMN status DROP DEFAULT,
    ALTER COLUMN status TYPE text USING status::text,
    ALTER COLUMN status SET DEFAULT 'processing',
    ADD CHECK (status IN ('processing', 'ready', 'failed')),
    ALTER COLUMN highlights_status DROP DEFAULT,
    ALTER COLUMN highlights_status TYPE text USING highlights_status::text,
    ALTER COLUMN highlights_status SET DEFAULT 'none',
    ADD CHECK (highlights_status IN ('none', 'pending', 'ready', 'failed'));

ALTER TABLE prompt_generations
    ALTER COLUMN status DROP DEFAULT,
    ALTER COLUMN status TYPE text USING status::text,
    ALTER COLUMN status SET DEFAULT 'pending',
    ADD CHECK (status IN ('pending', 'ready', 'failed'));

ALTER TABLE journal_entries
    ALTER COLUMN ai_status DROP DEFAULT,
    ALTER COLUMN ai_status TYPE text USING ai_status::text,
    ALTER COLUMN ai_status SET DEFAULT 'none',
    ADD CHECK (ai_status IN ('none', 'pending', 'ready', 'failed'));

DROP TYPE job_status;
