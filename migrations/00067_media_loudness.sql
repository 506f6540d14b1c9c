-- +goose Up
-- A video's sound as EBU R128 measures it (integrated loudness in LUFS, true peak in dBTP),
-- measured when the item is processed: a highlight reel levels its clips from these instead of
-- decoding every clip's sound again for each reel (issue 32). NULL: not measured yet (items
-- processed before this, and items without sound); a reel measures such a clip and keeps it.
ALTER TABLE media_items ADD COLUMN loudness_lufs double precision, ADD COLUMN true_peak_dbtp double precision;

-- +goose Down
ALTER TABLE media_items DROP COLUMN loudness_lufs, DROP COLUMN true_peak_dbtp;
