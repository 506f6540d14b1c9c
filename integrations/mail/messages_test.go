package mail_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"legacylocker/integrations/mail"
)

func TestWelcome(t *testing.T) {
	t.Parallel()
	got := mail.Welcome("https://legacylocker.app/", "ana@example.com", "Ana")
	require.Equal(t, mail.Message{
		To:      "ana@example.com",
		Subject: "Welcome to Legacy Locker",
		Body: `Hi Ana,

Welcome to Legacy Locker! Your account is ready.

Start by creating your athlete's profile, then keep their journey in one place:
journal entries, photos and game video, milestones and recruiting, shared only
with the family you invite.

Sign in any time at https://legacylocker.app/early-access

— The Legacy Locker team
`,
	}, got)
}

func TestWelcomeInvited(t *testing.T) {
	msg := mail.WelcomeInvited("http://localhost:8080/", "rose@example.com", "Rose", "Jordan Lee")
	require.Equal(t, "rose@example.com", msg.To)
	require.Contains(t, msg.Body, "Hi Rose,")
	require.Contains(t, msg.Body, "follows Jordan Lee's journey")
	require.NotContains(t, msg.Body, "creating your athlete's profile")
	require.Contains(t, msg.Body, "http://localhost:8080/early-access")
}

func TestInvitation(t *testing.T) {
	t.Parallel()
	got := mail.Invitation("https://legacylocker.app", "ray@example.com", "Ray", "Ana Lee", "Jo", "uncle", "tok123")
	require.Equal(t, "ray@example.com", got.To)
	require.Equal(t, "Ana Lee invited you to follow Jo on Legacy Locker", got.Subject)
	require.Equal(t, `Hi Ray,

Ana Lee invited you to The Loop: the family circle that follows Jo's journey on Legacy Locker,
as an uncle. You will see the journal entries, photos and game video the family shares with you.

Accept the invitation here (the link works once and expires in 14 days):

https://legacylocker.app/invite/tok123

If you weren't expecting this, you can ignore this e-mail.

— The Legacy Locker team
`, got.Body)

	for relationship, want := range map[string]string{"parent": "as a parent.", "other": "as an other.", "coach": "as a coach."} {
		require.Contains(t, mail.Invitation("https://x", "r@x", "R", "A", "J", relationship, "t").Body, want)
	}
}

func TestWeeklyPrompt(t *testing.T) {
	t.Parallel()
	got := mail.WeeklyPrompt("https://legacylocker.app/", "ana@example.com", "Ana", 42, "Jo", "Big game", "What did you feel before the first pitch?")
	require.Equal(t, "ana@example.com", got.To)
	require.Equal(t, "This week's journal prompt for Jo: Big game", got.Subject)
	require.Equal(t, `Hi Ana,

Here is this week's writing prompt for Jo's journal:

  Big game
  What did you feel before the first pitch?

Write it while it's fresh: https://legacylocker.app/journal?athlete=42

You get one prompt a week. To stop them, turn off "Weekly prompt reminders" in the
AI Journaling Assistant on the Journal page.

— The Legacy Locker team
`, got.Body)
}
