-- +goose Up
-- The offline cleanup used to store a copy of an entry it did not change, which the journal then
-- showed as "enhanced". Since this release it stores no enhanced version when nothing needed
-- changing (ai_provider 'basic' with enhanced_content NULL and ai_status 'ready' reads "no changes
-- needed"); bring the copies made before it to the same shape. A summary that only repeats the
-- entry goes too.
UPDATE journal_entries
SET enhanced_content = NULL,
    ai_summary = CASE WHEN ai_summary = regexp_replace(content, '\s+', ' ', 'g') THEN NULL ELSE ai_summary END
WHERE ai_provider = 'basic' AND enhanced_content = content;

-- +goose Down
-- Nothing to undo: the copies dropped were identical to the entries they sat beside.
SELECT 1;
