-- +goose Up
-- Events beyond "game or other" (issue 29): more kinds, an end, all-day events kept as dates, a
-- time zone per event and weekly series stored once.
--
-- An athlete has a time zone: the default of their new events (settable through PUT /api/athletes/{id}).
ALTER TABLE athletes ADD COLUMN time_zone text NOT NULL DEFAULT 'America/New_York';

ALTER TABLE events DROP CONSTRAINT events_event_type_check;
ALTER TABLE events ADD CONSTRAINT events_event_type_check CHECK (event_type IN (
    'game', 'practice', 'tournament', 'showcase', 'camp', 'combine', 'official_visit', 'unofficial_visit', 'tryout', 'other'));

-- start_date stays the order of the list (and the first occurrence of a series): for an all-day event
-- it is the start of start_day in time_zone, written by the server with start_day. An all-day event
-- is its days (start_day to end_day, both included); a timed one its instants (start_date to end_at).
-- repeat_weekly_until makes the event a weekly series whose last occurrence is on or before that day.
-- over_at is when the event, or its series' last day, is over: the upcoming list keeps an event
-- until then.
ALTER TABLE events
    ADD COLUMN time_zone text NOT NULL DEFAULT 'America/New_York',
    ADD COLUMN all_day boolean NOT NULL DEFAULT false,
    ADD COLUMN start_day date,
    ADD COLUMN end_day date,
    ADD COLUMN end_at timestamptz,
    ADD COLUMN repeat_weekly_until date,
    ADD COLUMN over_at timestamptz NOT NULL GENERATED ALWAYS AS (CASE
        WHEN repeat_weekly_until IS NOT NULL THEN (repeat_weekly_until + 1)::timestamp AT TIME ZONE time_zone
        WHEN all_day THEN (coalesce(end_day, start_day) + 1)::timestamp AT TIME ZONE time_zone
        ELSE coalesce(end_at, start_date) END) STORED,
    ADD CONSTRAINT events_all_day_check CHECK (all_day = (start_day IS NOT NULL)),
    ADD CONSTRAINT events_end_day_check CHECK (end_day IS NULL OR (all_day AND end_day >= start_day)),
    ADD CONSTRAINT events_end_at_check CHECK (end_at IS NULL OR (NOT all_day AND end_at >= start_date)),
    ADD CONSTRAINT events_time_zone_check CHECK (time_zone <> '');

-- Existing events take their athlete's zone (America/New_York for every athlete today). The key
-- dates added with 'Add to My Timeline' were days stored at noon UTC: they become all-day events of
-- that day. Other events are left timed, including those stored at exactly 00:00 UTC by a date-only
-- startDate: that is also 7 pm Central or 8 pm Eastern, the time of many evening games, so reading
-- them as days would move real games; their owners can switch them to all-day in the form.
UPDATE events e SET time_zone = a.time_zone FROM athletes a WHERE a.id = e.athlete_id;
UPDATE events SET all_day = true, start_day = (start_date AT TIME ZONE 'UTC')::date,
    start_date = (start_date AT TIME ZONE 'UTC')::date::timestamp AT TIME ZONE time_zone
WHERE key_date IS NOT NULL;

-- The upcoming list asks for events not yet over.
CREATE INDEX events_athlete_over_idx ON events (athlete_id, over_at);

-- +goose Down
DROP INDEX events_athlete_over_idx;
UPDATE events SET start_date = (start_day + interval '12 hours') AT TIME ZONE 'UTC' WHERE key_date IS NOT NULL;
UPDATE events SET event_type = 'other' WHERE event_type NOT IN ('game', 'other');
ALTER TABLE events
    DROP COLUMN over_at,
    DROP COLUMN time_zone,
    DROP COLUMN all_day,
    DROP COLUMN start_day,
    DROP COLUMN end_day,
    DROP COLUMN end_at,
    DROP COLUMN repeat_weekly_until;
ALTER TABLE events DROP CONSTRAINT events_event_type_check;
ALTER TABLE events ADD CONSTRAINT events_event_type_check CHECK (event_type IN ('game', 'other'));
ALTER TABLE athletes DROP COLUMN time_zone;
