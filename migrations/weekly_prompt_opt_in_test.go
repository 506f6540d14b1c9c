package migrations_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestWeeklyPromptIsAskedFor: from 00053 a new account starts without the weekly prompt e-mail and
// has not chosen; accounts made before keep what they have, and one that had turned it off counts as
// having chosen.
func TestWeeklyPromptIsAskedFor(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, provider := migratedTo(t, 52)
	add := func(email string) {
		t.Helper()
		_, err := db.ExecContext(ctx, `INSERT INTO users (email, first_name, last_name) VALUES ($1, 'A', 'B')`, email)
		require.NoError(t, err)
	}
	add("never-looked@example.com")
	add("turned-off@example.com")
	_, err := db.ExecContext(ctx, `UPDATE users SET weekly_prompt_reminders = false WHERE email = 'turned-off@example.com'`)
	require.NoError(t, err)

	_, err = provider.UpTo(ctx, 53)
	require.NoError(t, err)
	add("new@example.com")
	type choice struct {
		on     bool
		chosen bool
	}
	got := map[string]choice{}
	rows, err := db.QueryContext(ctx, `SELECT email, weekly_prompt_reminders, weekly_prompt_chosen_at IS NOT NULL FROM users WHERE email LIKE '%@example.com'`)
	require.NoError(t, err)
	for rows.Next() {
		var email string
		var c choice
		require.NoError(t, rows.Scan(&email, &c.on, &c.chosen))
		got[email] = c
	}
	require.NoError(t, rows.Err())
	require.Equal(t, map[string]choice{
		"never-looked@example.com": {on: true, chosen: false},
		"turned-off@example.com":   {on: false, chosen: true},
		"new@example.com":          {on: false, chosen: false},
	}, got)

	_, err = provider.DownTo(ctx, 52)
	require.NoError(t, err)
	var on bool
	add("after-down@example.com")
	require.NoError(t, db.QueryRowContext(ctx, `SELECT weekly_prompt_reminders FROM users WHERE email = 'after-down@example.com'`).Scan(&on))
	require.True(t, on, "down restores the old default")
}
