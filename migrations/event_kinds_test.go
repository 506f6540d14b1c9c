package migrations_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestEventKindsMigration moves events of the 00041 shape to 00042 and back: a key date on the
// timeline (a day stored at noon UTC) becomes an all-day event of that day, an event at 00:00 UTC
// stays timed (it may be an 8 pm game in New York), every event takes its athlete's time zone, and
// Down restores the noon of the key date and folds the new kinds into 'other'.
func TestEventKindsMigration(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, provider := migratedTo(t, 41)
	var user, athlete, keyDate, evening int64
	require.NoError(t, db.QueryRowContext(ctx, `INSERT INTO users (email, first_name, last_name)
		VALUES ('ana@example.com', 'Ana', 'Lee') RETURNING id`).Scan(&user))
	require.NoError(t, db.QueryRowContext(ctx, `INSERT INTO athletes (user_id, name, sports, graduation_year, school)
		VALUES ($1, 'Jo', 'Baseball', 2030, 'S') RETURNING id`, user).Scan(&athlete))
	require.NoError(t, db.QueryRowContext(ctx, `INSERT INTO events (athlete_id, title, start_date, key_date)
		VALUES ($1, 'Calls', '2027-06-15 12:00Z', 'baseball-D1-calls') RETURNING id`, athlete).Scan(&keyDate))
	require.NoError(t, db.QueryRowContext(ctx, `INSERT INTO events (athlete_id, title, event_type, start_date)
		VALUES ($1, 'Night game', 'game', '2027-04-02 00:00Z') RETURNING id`, athlete).Scan(&evening))

	_, err := provider.UpTo(ctx, 42)
	require.NoError(t, err)
	var allDay bool
	var zone string
	var startDay *time.Time
	var start, overAt time.Time
	read := `SELECT all_day, time_zone, start_day, start_date, over_at FROM events WHERE id = $1`
	require.NoError(t, db.QueryRowContext(ctx, read, keyDate).Scan(&allDay, &zone, &startDay, &start, &overAt))
	require.True(t, allDay)
	require.Equal(t, "America/New_York", zone)
	require.Equal(t, "2027-06-15", startDay.Format(time.DateOnly))
	require.Equal(t, time.Date(2027, 6, 15, 4, 0, 0, 0, time.UTC), start.UTC(), "midnight in New York")
	require.Equal(t, time.Date(2027, 6, 16, 4, 0, 0, 0, time.UTC), overAt.UTC(), "over when the day ends there")

	require.NoError(t, db.QueryRowContext(ctx, read, evening).Scan(&allDay, &zone, &startDay, &start, &overAt))
	require.False(t, allDay)
	require.Nil(t, startDay)
	require.Equal(t, time.Date(2027, 4, 2, 0, 0, 0, 0, time.UTC), start.UTC())
	require.Equal(t, start, overAt)

	_, err = db.ExecContext(ctx, `UPDATE events SET event_type = 'official_visit' WHERE id = $1`, evening)
	require.NoError(t, err)
	_, err = db.ExecContext(ctx, `UPDATE events SET end_at = start_date - interval '1 hour' WHERE id = $1`, evening)
	require.Error(t, err, "an end before the start is refused")

	_, err = provider.DownTo(ctx, 41)
	require.NoError(t, err)
	var kind string
	require.NoError(t, db.QueryRowContext(ctx, `SELECT start_date FROM events WHERE id = $1`, keyDate).Scan(&start))
	require.Equal(t, time.Date(2027, 6, 15, 12, 0, 0, 0, time.UTC), start.UTC())
	require.NoError(t, db.QueryRowContext(ctx, `SELECT event_type FROM events WHERE id = $1`, evening).Scan(&kind))
	require.Equal(t, "other", kind)
}
