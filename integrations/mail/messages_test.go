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
	got := mail.WeeklyPrompt("https://legacylocker.app/", "ana@example.com", "Ana", 42, "Jo", "Big game", "What did you feel before the first pitch?",
		"https://legacylocker.app/api/unsubscribe/tok")
	require.Equal(t, "ana@example.com", got.To)
	require.Equal(t, "https://legacylocker.app/api/unsubscribe/tok", got.Unsubscribe)
	require.Equal(t, "This week's journal prompt for Jo: Big game", got.Subject)
	require.Equal(t, `Hi Ana,

Here is this week's writing prompt for Jo's journal:

  Big game
  What did you feel before the first pitch?

Write it while it's fresh: https://legacylocker.app/journal?athlete=42

You get one prompt a week. To stop them, turn off "Weekly prompt reminders" in the
AI Journaling Assistant on the Journal page, or open this link: https://legacylocker.app/api/unsubscribe/tok

— The Legacy Locker team
`, got.Body)
}

// A message that can be stopped carries the one-click unsubscribe headers of RFC 8058.
func TestRenderOneClickUnsubscribe(t *testing.T) {
	t.Parallel()
	msg := mail.Digest("ana@example.com", "Ana", "Jo", "weekly", []mail.DigestLine{{Text: "New photo: “First pitch”", Link: "https://x/media?athlete=1"}},
		0, "https://x/activity?athlete=1", "https://x/api/unsubscribe/tok")
	require.Equal(t, "1 new thing for Jo", msg.Subject)
	require.Contains(t, msg.Body, "New photo: “First pitch”\n  https://x/media?athlete=1")
	require.Contains(t, msg.Body, "stop it with this link: https://x/api/unsubscribe/tok")
	data, err := mail.Render("Legacy Locker <no-reply@x>", msg)
	require.NoError(t, err)
	require.Contains(t, string(data), "List-Unsubscribe: <https://x/api/unsubscribe/tok>\r\n")
	require.Contains(t, string(data), "List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n")

	plain, err := mail.Render("Legacy Locker <no-reply@x>", mail.Message{To: "ana@example.com", Subject: "Hi", Body: "Hello"})
	require.NoError(t, err)
	require.NotContains(t, string(plain), "List-Unsubscribe")
	_, err = mail.Render("x <a@x>", mail.Message{To: "ana@example.com", Subject: "Hi", Body: "b", Unsubscribe: "https://x/a>\r\nBcc: evil@x"})
	require.Error(t, err, "an address that would add a header is refused")
}
