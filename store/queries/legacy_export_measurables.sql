-- What "Download everything" holds of the athlete's body, academics and measurables.

-- name: ArchiveMeasurables :one
-- recruiting/measurables.json: the one row of body and academics, and every measurable, oldest first.
SELECT json_build_object(
    'profile', (SELECT to_json(p) FROM (
        SELECT height_in, weight_lb, dominant_hand, dominant_foot, sat_score, sat_taken_on, act_score, act_taken_on, ncaa_id,
               intended_major, transcript_media_id, updated_at
        FROM recruiting_profiles rp WHERE rp.athlete_id = @athlete_id::bigint) p),
    'measurables', coalesce((SELECT json_agg(m ORDER BY m.measured_on, m.id) FROM (
        SELECT id, sport, kind, value, unit, measured_on, verified_by, created_at, updated_at
        FROM athlete_measurables am WHERE am.athlete_id = @athlete_id::bigint) m), '[]'))::json;
