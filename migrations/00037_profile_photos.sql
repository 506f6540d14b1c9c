-- +goose Up
-- Photos of the athlete and of the parent (issue #28). One row per athlete or per account, never
-- both. The upload is kept under original_key until the profile_photo job has cut the 512 px and
-- 128 px squares (attention crop, metadata stripped: a phone's photo carries where it was taken);
-- the same transaction that names the squares clears original_key and has media_delete remove the
-- original and the squares of the photo before. Keys carry a random token per upload, so a photo
-- replaced while its job runs never has its files overwritten by the older job.
CREATE TABLE profile_photos (
    id            bigserial PRIMARY KEY,
    athlete_id    bigint UNIQUE REFERENCES athletes (id) ON DELETE CASCADE,
    user_id       bigint UNIQUE REFERENCES users (id) ON DELETE CASCADE,
    original_key  text UNIQUE,
    photo_key     text UNIQUE,
    small_key     text UNIQUE,
    status        job_status NOT NULL DEFAULT 'pending',
    status_reason text NOT NULL DEFAULT '',
    updated_at    timestamptz NOT NULL DEFAULT now(),
    CHECK ((athlete_id IS NULL) <> (user_id IS NULL))
);

-- +goose Down
DROP TABLE profile_photos;
