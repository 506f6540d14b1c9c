-- +goose Up
-- The demo athlete (/demo, seeded in 00001) gets a few journal entries, so a visitor sees the
-- dashboard a family would: what was written, not only the profile card. Shared entries only.
INSERT INTO journal_entries (athlete_id, title, content, entry_date, tags, is_private)
SELECT a.id, e.title, e.content, e.entry_date::date, e.tags, false
FROM athletes a,
     (VALUES
        ('First varsity start',
         'Coach handed me the ball before warm-ups. Nervous the first inning, then the changeup started working. Six innings, two runs, and the whole bench met me at the line.',
         '2026-03-14', ARRAY['game reflection', 'milestone']),
        ('Bullpen with the new grip',
         'Forty pitches with the two-seam grip Coach showed me. It runs in on right-handed hitters now. Need to finish my follow-through when I get tired.',
         '2026-03-21', ARRAY['training']),
        ('Team dinner after the doubleheader',
         'We split the doubleheader. Grandpa drove three hours to watch both games. Dinner with the team after, and Mom made everyone laugh about my first at-bat.',
         '2026-04-04', ARRAY['family']),
        ('Showcase camp notes',
         'Threw for two college coaches at the showcase. Fastball sat 71. One coach asked about my grades, so the 3.8 mattered. Sent thank-you e-mails the next morning.',
         '2026-04-18', ARRAY['recruiting', 'milestone'])
     ) AS e (title, content, entry_date, tags)
WHERE a.is_demo
  AND NOT EXISTS (SELECT 1 FROM journal_entries j WHERE j.athlete_id = a.id);

-- +goose Down
DELETE FROM journal_entries WHERE athlete_id IN (SELECT id FROM athletes WHERE is_demo);
