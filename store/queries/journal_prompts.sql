-- name: JournalPromptCreate :one
INSERT INTO journal_prompts (athlete_id, title, prompt, category, source)
VALUES (@athlete_id, @title, @prompt, @category, @source)
RETURNING *;

-- name: JournalPromptGetByID :one
SELECT * FROM journal_prompts WHERE id = @id;

-- name: JournalPromptListForAthlete :many
-- The family's own prompts first (newest first), then the generated ones: the assistant shows the
-- first few, and a prompt the family just wrote must be among them.
SELECT * FROM journal_prompts WHERE athlete_id = @athlete_id
ORDER BY CASE source WHEN 'custom' THEN 0 ELSE 1 END, id DESC
LIMIT 100;

-- name: JournalPromptDelete :exec
DELETE FROM journal_prompts WHERE id = @id;

-- name: JournalPromptDeleteGenerated :exec
DELETE FROM journal_prompts WHERE athlete_id = @athlete_id AND source = 'generated';

-- name: PromptGenerationCreate :one
INSERT INTO prompt_generations (athlete_id) VALUES (@athlete_id) RETURNING *;

-- name: PromptGenerationGetByID :one
SELECT * FROM prompt_generations WHERE id = @id;

-- name: PromptGenerationLatest :one
SELECT * FROM prompt_generations WHERE athlete_id = @athlete_id ORDER BY id DESC LIMIT 1;

-- name: PromptGenerationFinish :exec
UPDATE prompt_generations SET status = @status, status_reason = @status_reason, provider = sqlc.narg(provider), updated_at = now()
WHERE id = @id;
