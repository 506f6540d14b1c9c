-- +goose Up
-- The family's next follow-up with a school (issue 31): shown on the dashboard, in the .ics feed and
-- in the weekly recruiting brief. A date, not a time: "write to State by Friday".
ALTER TABLE college_interests ADD COLUMN next_follow_up_on date;
CREATE INDEX college_interests_follow_up_idx ON college_interests (athlete_id, next_follow_up_on)
    WHERE next_follow_up_on IS NOT NULL;

-- +goose Down
DROP INDEX college_interests_follow_up_idx;
ALTER TABLE college_interests DROP COLUMN next_follow_up_on;
