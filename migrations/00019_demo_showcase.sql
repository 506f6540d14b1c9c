-- +goose Up
-- The demo athlete (/demo) gets the rest of what a family's dashboard shows: a family circle and
-- achievements for its showcase. The circle's members have no accounts (user_id is null), so they
-- can never sign in as the demo; the cards are drawn by the api on request (the demo has no worker
-- job of its own), the same drawing the achievement_card job does.
INSERT INTO family_members (athlete_id, name, relationship, access_level, status, accepted_at)
SELECT a.id, m.name, m.relationship, m.access_level, 'active', now()
FROM athletes a,
     (VALUES ('Grandma Rose', 'grandparent', 'viewer'),
             ('Coach Rivera', 'coach', 'limited'),
             ('Aunt Lena', 'relative', 'editor'))
         AS m (name, relationship, access_level)
WHERE a.is_demo;

INSERT INTO achievements (athlete_id, title, description, achieved_on, category, stats, on_showcase, template, card_status)
SELECT a.id, x.title, x.description, x.achieved_on::date, x.category, x.stats::jsonb, true, x.template, 'ready'
FROM athletes a,
     (VALUES ('Perfect game in the regional final', 'Twenty-one batters, twenty-one outs.', '2026-05-09', 'game',
              '{"strikeouts": 12, "pitches": 88, "era": "0.00"}', 'standard'),
             ('All-State First Team', 'Named to the state''s first team as a pitcher.', '2026-06-02', 'award',
              '{"wins": 9, "era": "1.86"}', 'victory'),
             ('Honor roll, spring semester', 'Straight A''s while carrying the rotation.', '2026-06-10', 'academic',
              '{"gpa": "3.85"}', 'milestone'))
         AS x (title, description, achieved_on, category, stats, template)
WHERE a.is_demo;

-- +goose Down
DELETE FROM achievements WHERE athlete_id IN (SELECT id FROM athletes WHERE is_demo);
DELETE FROM family_members WHERE athlete_id IN (SELECT id FROM athletes WHERE is_demo);
