package jobs_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertest"
	"github.com/riverqueue/river/rivertype"
	"github.com/stretchr/testify/require"

	"legacylocker/jobs"
	"legacylocker/store"
	"legacylocker/store/storetest"
)

func TestPromptRemindersEmailEachDueFamilyOncePerWeek(t *testing.T) {
	t.Parallel()
	pool := storetest.NewPool(t)
	ctx := context.Background()
	hash := "x"
	newFamily := func(email string, joinedDaysAgo int, reminders bool) store.User {
		u, err := store.Q.UserCreate(ctx, pool, store.UserCreateParams{Email: email, FirstName: "Pat", LastName: "Lee", PasswordHash: &hash})
		require.NoError(t, err)
		_, err = pool.Exec(ctx, "UPDATE users SET created_at = now() - make_interval(days => $2), weekly_prompt_reminders = $3 WHERE id = $1", u.ID, joinedDaysAgo, reminders)
		require.NoError(t, err)
		_, err = store.Q.AthleteCreate(ctx, pool, store.AthleteCreateParams{UserID: u.ID, Name: "Sam " + email, Sports: "Soccer", Position: "Goalkeeper", GraduationYear: 2030, School: "S"})
		require.NoError(t, err)
		return u
	}
	newFamily("due@example.com", 8, true)
	newFamily("new@example.com", 2, true)
	newFamily("optedout@example.com", 30, false)
	// Brothers and sisters: a prompt for each child, each e-mail naming and linking to its own.
	twins := newFamily("twins@example.com", 9, true)
	second, err := store.Q.AthleteCreate(ctx, pool, store.AthleteCreateParams{UserID: twins.ID, Name: "Riley Lee", Sports: "Basketball", Position: "Guard", GraduationYear: 2031, School: "S"})
	require.NoError(t, err)
	_, err = store.Q.UserCreate(ctx, pool, store.UserCreateParams{Email: "noathlete@example.com", FirstName: "N", LastName: "A", PasswordHash: &hash})
	require.NoError(t, err)
	_, err = pool.Exec(ctx, "UPDATE users SET created_at = now() - interval '30 days' WHERE email = 'noathlete@example.com'")
	require.NoError(t, err)

	now := time.Now()
	run := func(at time.Time) {
		worker := rivertest.NewWorker(t, riverpgxv5.New(pool), &river.Config{}, river.Worker[jobs.PromptRemindersArgs](&jobs.PromptRemindersWorker{
			Pool: pool, AppURL: "https://legacylocker.example", Logger: quiet, Now: func() time.Time { return at },
		}))
		tx, err := pool.Begin(ctx)
		require.NoError(t, err)
		res, err := worker.Work(ctx, t, tx, jobs.PromptRemindersArgs{}, nil)
		require.NoError(t, err)
		require.Equal(t, rivertype.JobStateCompleted, res.Job.State)
		require.NoError(t, tx.Commit(ctx))
	}
	recipients := func() []string {
		rows, err := pool.Query(ctx, "SELECT to_address FROM outbound_emails WHERE kind = 'weekly_prompt' ORDER BY id")
		require.NoError(t, err)
		var out []string
		for rows.Next() {
			var to string
			require.NoError(t, rows.Scan(&to))
			out = append(out, to)
		}
		return out
	}

	run(now)
	require.Equal(t, []string{"due@example.com", "twins@example.com", "twins@example.com"}, recipients())
	var subject, body string
	require.NoError(t, pool.QueryRow(ctx, "SELECT subject, body_text FROM outbound_emails WHERE kind = 'weekly_prompt' AND subject LIKE '%Riley Lee%'").Scan(&subject, &body))
	require.Contains(t, body, fmt.Sprintf("https://legacylocker.example/journal?athlete=%d", second.ID), "the link opens this child's journal")
	require.NoError(t, pool.QueryRow(ctx, "SELECT subject, body_text FROM outbound_emails WHERE kind = 'weekly_prompt' AND to_address = 'due@example.com'").Scan(&subject, &body))
	require.Contains(t, subject, "This week's journal prompt for Sam due@example.com")
	require.Contains(t, body, "https://legacylocker.example/journal")
	require.Contains(t, body, "Weekly prompt reminders")
	var queued int
	require.NoError(t, pool.QueryRow(ctx, "SELECT count(*) FROM river_job WHERE kind = 'email_send'").Scan(&queued))
	require.Equal(t, 3, queued, "each reminder goes out through email_send")

	run(now.Add(time.Hour))
	require.Len(t, recipients(), 3, "a second sweep the same week sends nothing more")

	run(now.Add(8 * 24 * time.Hour))
	require.ElementsMatch(t, []string{"due@example.com", "due@example.com", "new@example.com", "twins@example.com", "twins@example.com", "twins@example.com", "twins@example.com"}, recipients(), "a week later every active family gets theirs")
}
