-- An athlete's measurables and academics (issue 31): the one row of body and academics, and the
-- measurables, each measured on a day.

-- name: RecruitingProfileGet :one
SELECT * FROM recruiting_profiles WHERE athlete_id = @athlete_id;

-- name: RecruitingProfileSave :one
INSERT INTO recruiting_profiles (athlete_id, height_in, weight_lb, dominant_hand, dominant_foot, sat_score, sat_taken_on,
    act_score, act_taken_on, ncaa_id, intended_major, transcript_media_id)
VALUES (@athlete_id, sqlc.narg(height_in), sqlc.narg(weight_lb), @dominant_hand, @dominant_foot, sqlc.narg(sat_score),
    sqlc.narg(sat_taken_on), sqlc.narg(act_score), sqlc.narg(act_taken_on), @ncaa_id, @intended_major, sqlc.narg(transcript_media_id))
ON CONFLICT (athlete_id) DO UPDATE SET height_in = excluded.height_in, weight_lb = excluded.weight_lb,
    dominant_hand = excluded.dominant_hand, dominant_foot = excluded.dominant_foot, sat_score = excluded.sat_score,
    sat_taken_on = excluded.sat_taken_on, act_score = excluded.act_score, act_taken_on = excluded.act_taken_on,
    ncaa_id = excluded.ncaa_id, intended_major = excluded.intended_major, transcript_media_id = excluded.transcript_media_id,
    updated_at = now()
RETURNING *;

-- name: MeasurableTranscript :one
-- The item a family chose as the transcript, if it is the athlete's own.
SELECT * FROM media_items WHERE id = @id AND athlete_id = @athlete_id;

-- name: MeasurableListForAthlete :many
-- Newest measured first; an athlete keeps at most 500 (the api refuses more), so the list answers whole.
SELECT * FROM athlete_measurables WHERE athlete_id = @athlete_id ORDER BY measured_on DESC, id DESC LIMIT 500;

-- name: MeasurableCountForAthlete :one
SELECT count(*) FROM athlete_measurables WHERE athlete_id = @athlete_id;

-- name: MeasurableGetByID :one
SELECT * FROM athlete_measurables WHERE id = @id;

-- name: MeasurableCreate :one
INSERT INTO athlete_measurables (athlete_id, sport, kind, value, unit, measured_on, verified_by)
VALUES (@athlete_id, @sport, @kind, @value, @unit, @measured_on, @verified_by)
RETURNING *;

-- name: MeasurableUpdate :one
UPDATE athlete_measurables
SET sport = @sport, kind = @kind, value = @value, unit = @unit, measured_on = @measured_on, verified_by = @verified_by, updated_at = now()
WHERE id = @id
RETURNING *;

-- name: MeasurableDelete :exec
DELETE FROM athlete_measurables WHERE id = @id;
