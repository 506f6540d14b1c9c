package mail_test

import (
	"fmt"
	"regexp"
	"strings"
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
Journaling Assistant on the Journal page, or open this link: https://legacylocker.app/api/unsubscribe/tok

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

// TestDigestText pins the digest's plain text, which the HTML e-mail carries unchanged beside it.
func TestDigestText(t *testing.T) {
	t.Parallel()
	lines := []mail.DigestLine{
		{Text: "New photo: “First pitch”", Link: "https://x/media?athlete=1", Thumbnail: "abc-thumb.jpg"},
		{Text: "Ana wrote “Big game”", Link: "https://x/journal?athlete=1"},
	}
	daily := mail.Digest("ana@example.com", "Ana", "Jo", "daily", lines, 3, "https://x/activity?athlete=1", "https://x/api/unsubscribe/tok")
	require.Equal(t, "5 new things for Jo", daily.Subject)
	require.Equal(t, `Hi Ana,

Here is what is new for Jo since yesterday:

- New photo: “First pitch”
  https://x/media?athlete=1
- Ana wrote “Big game”
  https://x/journal?athlete=1

…and 3 more.

See everything that is new: https://x/activity?athlete=1

You get this daily e-mail because you follow Jo in Legacy Locker. Choose daily, weekly or
never under E-mail in your settings, or stop it with this link: https://x/api/unsubscribe/tok

— The Legacy Locker team
`, daily.Body)

	weekly := mail.Digest("ana@example.com", "Ana", "Jo", "weekly", lines[1:], 0, "https://x/activity?athlete=1", "https://x/api/unsubscribe/tok")
	require.Equal(t, "1 new thing for Jo", weekly.Subject)
	require.Equal(t, `Hi Ana,

Here is what is new for Jo this week:

- Ana wrote “Big game”
  https://x/journal?athlete=1

See everything that is new: https://x/activity?athlete=1

You get this weekly e-mail because you follow Jo in Legacy Locker. Choose daily, weekly or
never under E-mail in your settings, or stop it with this link: https://x/api/unsubscribe/tok

— The Legacy Locker team
`, weekly.Body)
}

// TestDigestHTML: the HTML names everything the text does, escaped, with at most
// maxDigestThumbnails pictures carried inline and nothing fetched from elsewhere.
func TestDigestHTML(t *testing.T) {
	t.Parallel()
	var lines []mail.DigestLine
	for i := range 12 {
		lines = append(lines, mail.DigestLine{Text: fmt.Sprintf("New photo %d", i), Link: fmt.Sprintf("https://x/media?athlete=1&item=%d", i),
			Thumbnail: fmt.Sprintf("photo%d-thumb.jpg", i)})
	}
	lines[0].Text = `New photo: <script>alert("hi")</script> & "quotes"`
	lines[2].Thumbnail = lines[1].Thumbnail // the same picture twice is carried once
	lines[3].Thumbnail = ""
	lines[4].Link = "javascript:alert(1)"

	msg := mail.Digest("ana@example.com", "Ana <b>", "Jo", "weekly", lines, 4, "https://x/activity?athlete=1", "https://x/api/unsubscribe/tok")

	require.NotContains(t, msg.HTML, "<script>")
	require.NotContains(t, msg.HTML, "<b>")
	require.Contains(t, msg.HTML, `New photo: &lt;script&gt;alert(&#34;hi&#34;)&lt;/script&gt; &amp; &#34;quotes&#34;</a>`)
	require.Contains(t, msg.HTML, "Hi Ana &lt;b&gt;,")
	require.Contains(t, msg.HTML, "Here is what is new for Jo this week:")
	require.Contains(t, msg.HTML, "…and 4 more.")
	require.Contains(t, msg.HTML, `<a href="https://x/media?athlete=1&amp;item=1"`)
	require.NotContains(t, msg.HTML, "javascript:", "a script is kept out of a link")
	require.Regexp(t, `<a href="https://x/activity\?athlete=1"[^>]*>See everything that is new</a>`, msg.HTML)
	require.Regexp(t, `<a href="https://x/api/unsubscribe/tok"[^>]*>stop it with this link</a>`, msg.HTML)
	require.Contains(t, msg.HTML, "max-width:560px")

	// Nothing is fetched: no source but cid:, no stylesheet, no CSS url().
	for _, m := range regexp.MustCompile(`(?i)\bsrc="([^"]*)"`).FindAllStringSubmatch(msg.HTML, -1) {
		require.True(t, strings.HasPrefix(m[1], "cid:"), "src %q", m[1])
	}
	require.NotRegexp(t, `(?i)<link|<style|url\(|<script|background=`, msg.HTML)

	// Eight distinct pictures, the first eight, each referenced and each reference declared.
	declared := map[string]string{}
	for _, img := range msg.Images {
		require.NotContains(t, declared, img.ContentID, "content ids are unique")
		declared[img.ContentID] = img.StorageKey
		require.Equal(t, "image/jpeg", img.ContentType)
		require.Empty(t, img.Data, "the bytes are read when the e-mail is sent")
	}
	require.Equal(t, map[string]string{
		"thumb-1@legacylocker": "photo0-thumb.jpg", "thumb-2@legacylocker": "photo1-thumb.jpg", "thumb-3@legacylocker": "photo4-thumb.jpg",
		"thumb-4@legacylocker": "photo5-thumb.jpg", "thumb-5@legacylocker": "photo6-thumb.jpg", "thumb-6@legacylocker": "photo7-thumb.jpg",
		"thumb-7@legacylocker": "photo8-thumb.jpg", "thumb-8@legacylocker": "photo9-thumb.jpg",
	}, declared)
	images := regexp.MustCompile(`<img src="cid:([^"]+)" alt="([^"]*)" width="72" height="72"`).FindAllStringSubmatch(msg.HTML, -1)
	require.Len(t, images, 9, "lines 0-2 and 4-9 show a picture (1 and 2 the same); 3 has none, 10 and 11 are past the limit")
	referenced := map[string]bool{}
	for _, m := range images {
		require.Contains(t, declared, m[1], "every cid: names a part of the message")
		referenced[m[1]] = true
	}
	require.Len(t, referenced, 8, "every part is shown")
	require.Equal(t, `New photo: &lt;script&gt;alert(&#34;hi&#34;)&lt;/script&gt; &amp; &#34;quotes&#34;`, images[0][2], "the alt text is escaped too")

	// A digest with no thumbnails at all has no column for them.
	plain := mail.Digest("ana@example.com", "Ana", "Jo", "daily", []mail.DigestLine{{Text: "Ana wrote “Big game”", Link: "https://x/journal?athlete=1"}},
		0, "https://x/activity?athlete=1", "https://x/api/unsubscribe/tok")
	require.Empty(t, plain.Images)
	require.NotContains(t, plain.HTML, "<img")
	require.NotContains(t, plain.HTML, "width:72px")
	require.NotContains(t, plain.HTML, "more.")
}
