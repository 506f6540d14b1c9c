package jobs_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertest"
	"github.com/riverqueue/river/rivertype"
	"github.com/stretchr/testify/require"

	"legacylocker/jobs"
	"legacylocker/store"
	"legacylocker/store/storetest"
)

// briefFamily makes an owner and a softball player of the class of 2027 in zone, with the colleges
// named (name → division, most wanted first).
func briefFamily(t *testing.T, pool *pgxpool.Pool, email, zone string, colleges ...string) (store.User, store.Athlete) {
	t.Helper()
	ctx := context.Background()
	hash := "x"
	u, err := store.Q.UserCreate(ctx, pool, store.UserCreateParams{Email: email, FirstName: "Pat", LastName: "Lee", PasswordHash: &hash})
	require.NoError(t, err)
	a, err := store.Q.AthleteCreate(ctx, pool, store.AthleteCreateParams{UserID: u.ID, Name: "Sam Lee", Sports: "Softball", Position: "Pitcher",
		GraduationYear: 2027, School: "S", TimeZone: zone})
	require.NoError(t, err)
	for i := 0; i+1 < len(colleges); i += 2 {
		_, err := store.Q.CollegeInterestCreate(ctx, pool, store.CollegeInterestCreateParams{AthleteID: a.ID, Name: colleges[i], Division: colleges[i+1],
			Interest: int32(5 - i/2), Status: "contacted"})
		require.NoError(t, err)
	}
	return u, a
}

func TestRecruitingBriefsGoOutOncePerWeekToOwnersWithColleges(t *testing.T) {
	t.Parallel()
	pool := storetest.NewPool(t)
	ctx := context.Background()
	_, sam := briefFamily(t, pool, "brief@example.com", "America/New_York", "State University", "D1", "Valley College", "D2")
	briefFamily(t, pool, "nocolleges@example.com", "America/New_York")
	off, _ := briefFamily(t, pool, "off@example.com", "America/New_York", "State University", "D1")
	_, err := store.Q.RecruitingBriefSet(ctx, pool, store.RecruitingBriefSetParams{ID: off.ID, Enabled: false})
	require.NoError(t, err)
	// Monday 7 a.m. in New York is 4 a.m. in Los Angeles: this family's brief waits for its morning.
	briefFamily(t, pool, "west@example.com", "America/Los_Angeles", "Valley College", "D2")

	// This week: a follow-up due Thursday, one overdue, a coach link opened twice, a showcase, and a
	// practice the brief leaves out.
	monday := time.Date(2026, time.December, 14, 12, 30, 0, 0, time.UTC)
	_, err = pool.Exec(ctx, `UPDATE college_interests SET next_follow_up_on = CASE name WHEN 'Valley College' THEN date '2026-12-17' ELSE date '2026-12-09' END
		WHERE athlete_id = $1`, sam.ID)
	require.NoError(t, err)
	_, err = pool.Exec(ctx, `WITH l AS (
			INSERT INTO recruiting_links (college_interest_id, athlete_id, code, coach_name, expires_at, opens, first_opened_at, last_opened_at)
			SELECT id, athlete_id, 'brief-code-123', 'Coach Kim', $2::timestamptz + interval '30 days', 5, $2::timestamptz - interval '20 days', $2::timestamptz - interval '1 day'
			FROM college_interests WHERE athlete_id = $1 AND name = 'State University' RETURNING id)
		INSERT INTO recruiting_link_views (link_id, day, visitor, media_id, opens)
		SELECT id, d::date, '\x01', 0, 1 FROM l, (VALUES (date '2026-12-13'), (date '2026-12-10'), (date '2026-11-20')) v(d)`, sam.ID, monday)
	require.NoError(t, err)
	for _, e := range []struct{ title, kind string }{{"Winter Showcase", "showcase"}, {"Practice", "practice"}} {
		_, err = store.Q.EventCreate(ctx, pool, store.EventCreateParams{AthleteID: sam.ID, Title: e.title, EventType: e.kind,
			StartDate: time.Date(2026, time.December, 19, 15, 0, 0, 0, time.UTC), TimeZone: "America/New_York", Location: "Tampa"})
		require.NoError(t, err)
	}

	run := func(at time.Time) {
		worker := rivertest.NewWorker(t, riverpgxv5.New(pool), &river.Config{}, river.Worker[jobs.RecruitingBriefsArgs](&jobs.RecruitingBriefsWorker{
			Pool: pool, AppURL: "https://legacylocker.example", Logger: quiet, Now: func() time.Time { return at },
		}))
		tx, err := pool.Begin(ctx)
		require.NoError(t, err)
		res, err := worker.Work(ctx, t, tx, jobs.RecruitingBriefsArgs{}, nil)
		require.NoError(t, err)
		require.Equal(t, rivertype.JobStateCompleted, res.Job.State)
		require.NoError(t, tx.Commit(ctx))
	}
	recipients := func() []string {
		rows, err := pool.Query(ctx, "SELECT to_address FROM outbound_emails WHERE kind = 'recruiting_brief' ORDER BY id")
		require.NoError(t, err)
		var out []string
		for rows.Next() {
			var to string
			require.NoError(t, rows.Scan(&to))
			out = append(out, to)
		}
		require.NoError(t, rows.Err())
		return out
	}

	run(monday)
	require.Equal(t, []string{"brief@example.com"}, recipients())
	var subject, body, unsubscribe string
	var athlete int64
	require.NoError(t, pool.QueryRow(ctx, "SELECT subject, body_text, unsubscribe_url, athlete_id FROM outbound_emails WHERE kind = 'recruiting_brief'").
		Scan(&subject, &body, &unsubscribe, &athlete))
	require.Equal(t, sam.ID, athlete, "the e-mail goes with the athlete's legacy when it is deleted")
	require.Equal(t, "Sam Lee's recruiting week: Mon Dec 14", subject)
	require.Contains(t, body, "- State University (D1 softball) is in a quiet period through Dec 21: in-person contact only on the college's campus, and coaches may not watch you compete; calls, e-mail and texts are fine.\n")
	require.Contains(t, body, "- Valley College (D2 softball) is in a contact period through Jul 31, 2027: coaches may meet you in person, on or off campus; calls, e-mail and texts are fine.\n")
	require.Contains(t, body, "Follow-ups due:\n- Follow up with State University: overdue since Wed Dec 9\n- Follow up with Valley College by Thu Dec 17\n")
	require.Contains(t, body, "Coach links opened this week:\n- Coach Kim (State University) opened your link 2 times this week, last on Sun Dec 13\n")
	require.Contains(t, body, "- Sat Dec 19: Winter Showcase (Tampa)\n")
	require.NotContains(t, body, "Practice")
	require.Contains(t, body, "https://legacylocker.example/recruiting?athlete=")
	require.Contains(t, unsubscribe, "https://legacylocker.example/api/unsubscribe/")
	require.Contains(t, body, unsubscribe)

	run(monday)
	run(monday.Add(time.Hour))
	require.Equal(t, []string{"brief@example.com"}, recipients(), "run twice in the week, the sweep sends nothing more")

	run(monday.Add(4 * time.Hour)) // 8:30 a.m. in Los Angeles
	require.Equal(t, []string{"brief@example.com", "west@example.com"}, recipients())

	run(monday.Add(7 * 24 * time.Hour))
	require.Equal(t, []string{"brief@example.com", "west@example.com", "brief@example.com"}, recipients(), "next week's brief")
	var queued int
	require.NoError(t, pool.QueryRow(ctx, "SELECT count(*) FROM river_job WHERE kind = 'email_send'").Scan(&queued))
	require.Equal(t, 3, queued, "each brief goes out through email_send")
}
