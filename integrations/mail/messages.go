package mail

import (
	"fmt"
	"html"
	"strings"
)

// The product's e-mails, written in one place: one function per message, plain values in, the
// Message out. appURL is the public base URL of the web app (APP_URL); a trailing slash is fine.

// Welcome greets a new account.
func Welcome(appURL, to, firstName string) Message {
	return Message{
		To:      to,
		Subject: "Welcome to Legacy Locker",
		Body: fmt.Sprintf(`Hi %s,

Welcome to Legacy Locker! Your account is ready.

Start by creating your athlete's profile, then keep their journey in one place:
journal entries, photos and game video, milestones and recruiting, shared only
with the family you invite.

Sign in any time at %s/early-access

— The Legacy Locker team
`, firstName, strings.TrimRight(appURL, "/")),
	}
}

// WelcomeInvited greets an account made to accept an invitation: it joins athlete's circle rather
// than starting a profile of its own.
func WelcomeInvited(appURL, to, firstName, athlete string) Message {
	return Message{
		To:      to,
		Subject: "Welcome to Legacy Locker",
		Body: fmt.Sprintf(`Hi %s,

Welcome to Legacy Locker! Your account is ready, and with it your place in The Loop,
the family circle that follows %s's journey.

You will see the journal entries, photos and game video the family shares with you.
Sign in any time at %s/early-access

— The Legacy Locker team
`, firstName, athlete, strings.TrimRight(appURL, "/")),
	}
}

// Invitation invites name into athlete's family circle on behalf of inviter. token is the
// single-use invitation token: the e-mail is the only place it is ever written.
func Invitation(appURL, to, name, inviter, athlete, relationship, token string) Message {
	link := strings.TrimRight(appURL, "/") + "/invite/" + token
	return Message{
		To:      to,
		Subject: fmt.Sprintf("%s invited you to follow %s on Legacy Locker", inviter, athlete),
		Body: fmt.Sprintf(`Hi %s,

%s invited you to The Loop: the family circle that follows %s's journey on Legacy Locker,
as %s. You will see the journal entries, photos and game video the family shares with you.

Accept the invitation here (the link works once and expires in 14 days):

%s

If you weren't expecting this, you can ignore this e-mail.

— The Legacy Locker team
`, name, inviter, athlete, article(relationship), link),
	}
}

// PasswordReset carries the link that sets a new password. token is the single-use reset token: the
// e-mail is the only place it is ever written.
func PasswordReset(appURL, to, firstName, token string) Message {
	link := strings.TrimRight(appURL, "/") + "/reset-password/" + token
	return Message{
		To:      to,
		Subject: "Choose a new Legacy Locker password",
		Body: fmt.Sprintf(`Hi %s,

Someone (we hope you) asked to choose a new password for your Legacy Locker account.
Choose it here (the link works once, for one hour):

%s

Choosing a new password signs you out everywhere else. If you did not ask for this, you can
ignore this e-mail: your password stays as it is.

— The Legacy Locker team
`, firstName, link),
	}
}

// VerifyEmail asks the account's owner to confirm that the address is theirs. changing is true when
// it is a new address for an existing account, which takes effect once confirmed.
func VerifyEmail(appURL, to, firstName, token string, changing bool) Message {
	link := strings.TrimRight(appURL, "/") + "/verify-email/" + token
	why := "Please confirm that this is your e-mail address, so that we can reach you about your account\nand your family can trust the invitations you send:"
	if changing {
		why = "You asked to use this address for your Legacy Locker account. It takes its place once you confirm it:"
	}
	return Message{
		To:      to,
		Subject: "Confirm your e-mail address for Legacy Locker",
		Body: fmt.Sprintf(`Hi %s,

%s

%s

The link works for 7 days. If this was not you, you can ignore this e-mail.

— The Legacy Locker team
`, firstName, why, link),
	}
}

// EmailChanged tells the old address that the account now uses another, in case it was not its owner.
func EmailChanged(to, firstName, newEmail string) Message {
	return Message{
		To:      to,
		Subject: "Your Legacy Locker e-mail address was changed",
		Body: fmt.Sprintf(`Hi %s,

Your Legacy Locker account now uses %s. This address will no longer receive its e-mails.

If you did not make this change, reply to this e-mail or write to us through the contact page at once.

— The Legacy Locker team
`, firstName, newEmail),
	}
}

// WeeklyPrompt is the weekly writing-prompt reminder for one athlete's journal.
func WeeklyPrompt(appURL, to, firstName string, athleteID int64, athlete, promptTitle, promptText, unsubscribe string) Message {
	return Message{
		To:          to,
		Unsubscribe: unsubscribe,
		Subject:     fmt.Sprintf("This week's journal prompt for %s: %s", athlete, promptTitle),
		Body: fmt.Sprintf(`Hi %s,

Here is this week's writing prompt for %s's journal:

  %s
  %s

Write it while it's fresh: %s/journal?athlete=%d

You get one prompt a week. To stop them, turn off "Weekly prompt reminders" in the
Journaling Assistant on the Journal page, or open this link: %s

— The Legacy Locker team
`, firstName, athlete, promptTitle, promptText, strings.TrimRight(appURL, "/"), athleteID, unsubscribe),
	}
}

// DigestLine is one thing in a digest: what happened, in words, and where to see it.
type DigestLine struct {
	Text string
	Link string
	// Thumbnail, when set, is the storage key of a JPEG thumbnail shown beside the line in the HTML
	// e-mail, carried inside it (never linked).
	Thumbnail string
}

// maxDigestThumbnails bounds the pictures one digest carries, and with them its size: later lines go
// without.
const maxDigestThumbnails = 8

// Digest tells a member what is new about an athlete they follow since their last digest, in plain
// text and in HTML with the lines' thumbnails inline.
func Digest(to, firstName, athlete, frequency string, lines []DigestLine, more int, feedURL, unsubscribe string) Message {
	when := " this week"
	if frequency == "daily" {
		when = " since yesterday"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Hi %s,\n\nHere is what is new for %s%s:\n\n", firstName, athlete, when)
	for _, l := range lines {
		fmt.Fprintf(&b, "- %s\n  %s\n", l.Text, l.Link)
	}
	if more > 0 {
		fmt.Fprintf(&b, "\n…and %d more.\n", more)
	}
	fmt.Fprintf(&b, "\nSee everything that is new: %s\n\n", feedURL)
	fmt.Fprintf(&b, "You get this %s e-mail because you follow %s in Legacy Locker. Choose daily, weekly or\n", frequency, athlete)
	fmt.Fprintf(&b, "never under E-mail in your settings, or stop it with this link: %s\n\n— The Legacy Locker team\n", unsubscribe)
	noun := map[bool]string{true: "thing", false: "things"}[len(lines)+more == 1]
	msg := Message{
		To:          to,
		Subject:     fmt.Sprintf("%d new %s for %s", len(lines)+more, noun, athlete),
		Body:        b.String(),
		Unsubscribe: unsubscribe,
	}

	heading := fmt.Sprintf("Here is what is new for %s%s:", athlete, when)
	contentIDs := map[string]string{} // storage key → content id: a picture twice is carried once
	rows := make([]digestRow, len(lines))
	thumbnails := false
	for i, l := range lines {
		rows[i] = digestRow{text: l.Text, link: l.Link}
		if l.Thumbnail == "" {
			continue
		}
		id, ok := contentIDs[l.Thumbnail]
		if !ok && len(msg.Images) < maxDigestThumbnails {
			id = fmt.Sprintf("thumb-%d@legacylocker", len(msg.Images)+1)
			contentIDs[l.Thumbnail] = id
			msg.Images = append(msg.Images, InlineImage{ContentID: id, ContentType: "image/jpeg", StorageKey: l.Thumbnail})
		}
		if id != "" {
			rows[i].contentID, thumbnails = id, true
		}
	}
	msg.HTML = digestHTML(msg.Subject, firstName, heading, rows, thumbnails, more, feedURL, frequency, athlete, unsubscribe)
	return msg
}

type digestRow struct {
	text, link string
	contentID  string // of its thumbnail, or empty
}

// digestHTML is the digest's HTML: inline styles only (many mail clients drop <style>), tables for
// layout, nothing fetched from outside the message. Written out rather than through html/template,
// which cost ten times as much for ten thousand digests (docs/PERFORMANCE.md); every text goes
// through html.EscapeString and every link through safeLink, so nothing the family wrote becomes
// markup or a script. Without thumbnails (thumbnails false) the rows have no column for them.
func digestHTML(subject, firstName, heading string, rows []digestRow, thumbnails bool, more int, feedURL, frequency, athlete, unsubscribe string) string {
	esc := html.EscapeString
	var b strings.Builder
	b.Grow(2048 + 400*len(rows))
	b.WriteString(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>` + esc(subject) + `</title>
</head>
<body style="margin:0;padding:0;background-color:#eef2fb;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#eef2fb;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background-color:#ffffff;border-radius:8px;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:16px;line-height:1.5;color:#1f2933;">
<tr><td style="padding:24px;">
<p style="margin:0 0 12px;">Hi ` + esc(firstName) + `,</p>
<p style="margin:0 0 16px;">` + esc(heading) + `</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0">`)
	for _, r := range rows {
		b.WriteString("\n<tr>")
		if thumbnails {
			b.WriteString("\n" + `<td width="72" style="width:72px;padding:8px 12px 8px 0;vertical-align:top;">`)
			if r.contentID != "" {
				b.WriteString(`<img src="cid:` + esc(r.contentID) + `" alt="` + esc(r.text) + `" width="72" height="72" style="display:block;width:72px;height:72px;border:0;border-radius:6px;">`)
			}
			b.WriteString("</td>")
		}
		b.WriteString("\n" + `<td style="padding:8px 0;vertical-align:middle;"><a href="` + safeLink(r.link) + `" style="color:#23479f;text-decoration:none;">` + esc(r.text) + "</a></td>\n</tr>")
	}
	b.WriteString("\n</table>")
	if more > 0 {
		fmt.Fprintf(&b, "\n<p style=\"margin:12px 0 0;\">…and %d more.</p>", more)
	}
	b.WriteString(`
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:24px 0;">
<tr><td style="border-radius:6px;background-color:#2b51b1;"><a href="` + safeLink(feedURL) + `" style="display:inline-block;padding:12px 20px;color:#ffffff;font-weight:600;text-decoration:none;">See everything that is new</a></td></tr>
</table>
<p style="margin:0 0 12px;font-size:13px;line-height:1.5;color:#5f6b7a;">You get this ` + esc(frequency) + ` e-mail because you follow ` + esc(athlete) + ` in Legacy Locker. Choose daily, weekly or never under E-mail in your settings, or <a href="` + safeLink(unsubscribe) + `" style="color:#5f6b7a;">stop it with this link</a>.</p>
<p style="margin:0;font-size:13px;color:#5f6b7a;">— The Legacy Locker team</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`)
	return b.String()
}

// safeLink is a link's href, escaped: only http, https and mailto links are kept; anything else
// (a javascript: URL) becomes "#".
func safeLink(link string) string {
	lower := strings.ToLower(link)
	if !strings.HasPrefix(lower, "https://") && !strings.HasPrefix(lower, "http://") && !strings.HasPrefix(lower, "mailto:") {
		return "#"
	}
	return html.EscapeString(link)
}

// article puts "a" or "an" before a relationship ("a parent", "an uncle").
func article(word string) string {
	if word != "" && strings.ContainsRune("aeiou", rune(word[0])) {
		return "an " + word
	}
	return "a " + word
}

// CommentNotice tells an athlete's owner what the family commented since their last notice.
func CommentNotice(to, firstName string, lines []DigestLine, unsubscribe string) Message {
	var b strings.Builder
	fmt.Fprintf(&b, "Hi %s,\n\nYour family answered what you shared:\n\n", firstName)
	for _, l := range lines {
		fmt.Fprintf(&b, "- %s\n  %s\n", l.Text, l.Link)
	}
	fmt.Fprintf(&b, "\nYou get at most one of these an hour. To stop them, turn off \"E-mail me when the family comments\"\n")
	fmt.Fprintf(&b, "on your profile page, or open this link: %s\n\n— The Legacy Locker team\n", unsubscribe)
	subject := fmt.Sprintf("%d new comments from your family", len(lines))
	if len(lines) == 1 {
		subject = "A new comment from your family"
	}
	return Message{To: to, Subject: subject, Body: b.String(), Unsubscribe: unsubscribe}
}

// CoachLinkOpened tells an athlete's owner that a coach opened the link the family made for them:
// at most one a day per link.
func CoachLinkOpened(to, firstName, coach, college, athlete, page, unsubscribe string) Message {
	var b strings.Builder
	fmt.Fprintf(&b, "Hi %s,\n\n%s (%s) opened the link you made for %s.\n\n", firstName, coach, college, athlete)
	fmt.Fprintf(&b, "See what they watched on the recruiting page: %s\n\n", page)
	fmt.Fprintf(&b, "You get at most one of these a day for each link. To stop them, turn off \"E-mail me when a coach opens a link\"\n")
	fmt.Fprintf(&b, "on your profile page, or open this link: %s\n\n— The Legacy Locker team\n", unsubscribe)
	return Message{To: to, Subject: fmt.Sprintf("%s at %s opened %s's link", coach, college, athlete), Body: b.String(), Unsubscribe: unsubscribe}
}

// Unfollowed tells a member of a family's circle that they no longer follow the athlete: the family
// removed them, or deleted the athlete's legacy.
func Unfollowed(to, firstName, athlete string, deleted bool) Message {
	why := fmt.Sprintf("The family removed you from %s's circle in Legacy Locker", athlete)
	if deleted {
		why = fmt.Sprintf("The family deleted %s's legacy from Legacy Locker", athlete)
	}
	return Message{
		To:      to,
		Subject: fmt.Sprintf("You no longer follow %s", athlete),
		Body: fmt.Sprintf(`Hi %s,

%s, so you no longer see their journal, photos and milestones, and we will not e-mail you about them.

If you think this is a mistake, ask the family to invite you again.

— The Legacy Locker team
`, firstName, why),
	}
}

// ContactMessage is the copy of a message sent through the contact form that goes to support (to):
// a reply goes to the sender; the message itself waits on the Operations page to be marked handled.
func ContactMessage(appURL, to, name, email, subject, message string) Message {
	return Message{
		To: to,
		// The bare address, as outbound_emails keeps it: deleting the sender's account finds the copy by it.
		ReplyTo: email,
		Subject: "Contact: " + subject,
		Body: fmt.Sprintf(`%s <%s> wrote through the contact form:

Subject: %s

%s

Reply to this e-mail to answer %s. Once it is answered, mark it handled under
"Contact messages" at %s/ops

— Legacy Locker
`, name, email, subject, message, name, strings.TrimRight(appURL, "/")),
	}
}
