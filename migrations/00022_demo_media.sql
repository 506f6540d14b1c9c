-- +goose Up
-- The demo athlete's Recent Media: three photos drawn by the api (media/demoart) rather than files on
-- disk, so the demo needs no storage of its own. original_key names the drawing; nothing is stored.
INSERT INTO media_items (athlete_id, title, description, media_date, media_type, mime_type, original_key, file_size, is_private, on_showcase, status, tags)
SELECT a.id, m.title, m.description, m.media_date::date, 'image', 'image/png', m.key, 0, false, true, 'ready', m.tags
FROM athletes a,
     (VALUES ('Opening day at Lincoln Field', 'First pitch of the season, under the lights.', '2026-03-14', 'demo-opening-day', ARRAY['game']),
             ('Golden hour bullpen', 'Forty pitches with the new grip.', '2026-03-21', 'demo-bullpen', ARRAY['training']),
             ('Regional final', 'The perfect game, from the stands.', '2026-05-09', 'demo-regional-final', ARRAY['game', 'milestone']))
         AS m (title, description, media_date, key, tags)
WHERE a.is_demo;

-- +goose Down
DELETE FROM media_items WHERE original_key LIKE 'demo-%' AND athlete_id IN (SELECT id FROM athletes WHERE is_demo);
