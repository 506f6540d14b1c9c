-- +goose Up
-- The stats a family chooses to lead with, per sport (issue 29): {"basketball": ["points", "assists"]}.
-- A sport without a choice leads with its position's stats (integrations/sports).
ALTER TABLE athletes ADD COLUMN lead_stats jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(lead_stats) = 'object');

-- +goose Down
ALTER TABLE athletes DROP COLUMN lead_stats;
