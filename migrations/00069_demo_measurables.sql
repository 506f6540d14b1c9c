-- +goose Up
-- The demo athlete's measurables and academics (issue 31): what a visitor sees a coach would be
-- shown, and a demo profile as complete as its sample family keeps it.
INSERT INTO recruiting_profiles (athlete_id, height_in, weight_lb, dominant_hand, dominant_foot, act_score, act_taken_on, intended_major)
SELECT id, 71, 172, 'left', 'left', 28, '2026-02-07', 'Kinesiology' FROM athletes WHERE is_demo
ON CONFLICT (athlete_id) DO NOTHING;

INSERT INTO athlete_measurables (athlete_id, sport, kind, value, unit, measured_on, verified_by)
SELECT a.id, 'baseball', m.kind, m.value, m.unit, m.measured_on::date, m.verified_by
FROM athletes a,
    (VALUES ('pitchVelocity', 78, 'mph', '2026-06-14', 'Perfect Game showcase'),
            ('sixtyYardDash', 7.45, 's', '2026-06-14', 'Perfect Game showcase'),
            ('exitVelocity', 84, 'mph', '2026-03-02', '')) AS m (kind, value, unit, measured_on, verified_by)
WHERE a.is_demo AND NOT EXISTS (SELECT 1 FROM athlete_measurables x WHERE x.athlete_id = a.id);

-- +goose Down
DELETE FROM athlete_measurables WHERE athlete_id IN (SELECT id FROM athletes WHERE is_demo);
DELETE FROM recruiting_profiles WHERE athlete_id IN (SELECT id FROM athletes WHERE is_demo);
