-- +goose Up
-- Stats per sport (issue 29): each game and season names the sport catalogue its keys belong to
-- (integrations/sports). Every row before this was written by the baseball and softball parsers or
-- typed on the baseball form; an athlete who plays softball and not baseball has softball rows.
ALTER TABLE stats_games ADD COLUMN sport text NOT NULL DEFAULT 'baseball';
ALTER TABLE stats_seasons ADD COLUMN sport text NOT NULL DEFAULT 'baseball';
ALTER TABLE stats_games ALTER COLUMN sport DROP DEFAULT;
ALTER TABLE stats_seasons ALTER COLUMN sport DROP DEFAULT;

UPDATE stats_games g SET sport = 'softball' FROM athletes a
WHERE a.id = g.athlete_id AND a.sports ILIKE '%softball%' AND a.sports NOT ILIKE '%baseball%';
UPDATE stats_seasons s SET sport = 'softball' FROM athletes a
WHERE a.id = s.athlete_id AND a.sports ILIKE '%softball%' AND a.sports NOT ILIKE '%baseball%';

-- ERA was computed over nine innings for every game; a game lasts the regulation innings of the
-- level it was played at (sports.LevelAt from the athlete's class and the game's date: a school
-- year ends in June; baseball 6 in youth leagues, 7 in middle and high school, 9 in college;
-- softball 7 everywhere). The stored display's ERA is written again at that length, in place, so
-- the order of the display's keys is kept.
-- +goose StatementBegin
CREATE FUNCTION pg_temp.regulation_innings(sport text, class_year int, day date) RETURNS numeric
LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE
        WHEN sport = 'softball' THEN 7
        WHEN class_year <= 0 THEN 7
        ELSE CASE
            WHEN class_year - (extract(year FROM day)::int + (extract(month FROM day) >= 7)::int) < 0 THEN 9
            WHEN class_year - (extract(year FROM day)::int + (extract(month FROM day) >= 7)::int) <= 5 THEN 7
            ELSE 6
        END
    END
$$;
-- +goose StatementEnd

UPDATE stats_games g
SET display = regexp_replace(g.display::text, '"era":"[^"]*"',
        '"era":"' || to_char(round((g.stats->>'earnedRuns')::numeric * 3
            * pg_temp.regulation_innings(g.sport, a.graduation_year, g.game_date)
            / (g.stats->>'outsPitched')::numeric, 2), 'FM999999990.00') || '"')::json
FROM athletes a
WHERE a.id = g.athlete_id AND g.display::text LIKE '%"era":%'
  AND g.stats ? 'earnedRuns' AND (g.stats->>'outsPitched')::int > 0;

UPDATE stats_seasons s
SET display = regexp_replace(s.display::text, '"era":"[^"]*"',
        '"era":"' || to_char(round((s.stats->>'earnedRuns')::numeric * 3
            * pg_temp.regulation_innings(s.sport, a.graduation_year, coalesce(s.start_date, s.created_at::date))
            / (s.stats->>'outsPitched')::numeric, 2), 'FM999999990.00') || '"')::json
FROM athletes a
WHERE a.id = s.athlete_id AND s.display::text LIKE '%"era":%'
  AND s.stats ? 'earnedRuns' AND (s.stats->>'outsPitched')::int > 0;

DROP FUNCTION pg_temp.regulation_innings;

-- +goose Down
ALTER TABLE stats_games DROP COLUMN sport;
ALTER TABLE stats_seasons DROP COLUMN sport;
