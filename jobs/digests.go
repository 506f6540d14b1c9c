package jobs

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"legacylocker/integrations/mail"
	"legacylocker/store"
)

// The digest e-mail (issue 30): each member, per athlete they follow, gets a daily or weekly e-mail
// of what is new, or none. What it lists is their feed ("What's new") read when it is sent, with the
// access rules applied then: an entry that turned private since it was written is not named.

// Kinds of e-mail a one-click link stops.
const (
	UnsubscribeDigest        = "digest"
	UnsubscribeWeeklyPrompt  = "weekly_prompt"
	UnsubscribeCommentNotice = "comment_notice"
	// UnsubscribeCoachLinkNotice stops the e-mail that a coach opened a recruiting link (also the
	// e-mail's kind in outbound_emails).
	UnsubscribeCoachLinkNotice = "coach_link_notice"
)

const (
	digestBatch = 100
	// digestLines is how many new things a digest names; it counts the rest.
	digestLines = 20
)

// DigestsArgs is the periodic sweep that sends every member whose digest is due.
type DigestsArgs struct{}

func (DigestsArgs) Kind() string { return "digests" }

func (DigestsArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueDefault, UniqueOpts: river.UniqueOpts{ByPeriod: time.Hour}}
}

type DigestsWorker struct {
	river.WorkerDefaults[DigestsArgs]
	Pool   *pgxpool.Pool
	AppURL string
	Logger *slog.Logger
}

func (w *DigestsWorker) Work(ctx context.Context, job *river.Job[DigestsArgs]) error {
	client, err := river.ClientFromContextSafely[pgx.Tx](ctx)
	if err != nil {
		return fmt.Errorf("finding the river client: %w", err)
	}
	now := time.Now()
	sent, err := SendDigests(ctx, w.Pool, client, w.AppURL, now, false)
	if err != nil {
		return err
	}
	notices, err := SendCommentNotices(ctx, w.Pool, client, w.AppURL, now)
	if err != nil {
		return err
	}
	if sent+notices > 0 && w.Logger != nil {
		w.Logger.InfoContext(ctx, "digests sent", "digests", sent, "comment_notices", notices)
	}
	return nil
}

// SendCommentNotices e-mails each athlete's owner the comments others made on their athletes'
// items since their last notice, at most one e-mail an hour, and answers how many were sent.
func SendCommentNotices(ctx context.Context, pool *pgxpool.Pool, client *river.Client[pgx.Tx], appURL string, now time.Time) (int, error) {
	sent := 0
	err := store.WithTx(ctx, pool, func(tx pgx.Tx) error {
		rows, err := store.Q.CommentNoticesDue(ctx, tx, store.CommentNoticesDueParams{HourAgo: now.Add(-time.Hour), Now: now})
		if err != nil {
			return fmt.Errorf("finding the comments to tell of: %w", err)
		}
		base := strings.TrimRight(appURL, "/")
		for start := 0; start < len(rows); {
			end := start
			for end < len(rows) && rows[end].OwnerID == rows[start].OwnerID {
				end++
			}
			owner := rows[start]
			var lines []mail.DigestLine
			for _, r := range rows[start:end] {
				lines = append(lines, mail.DigestLine{
					Text: fmt.Sprintf("%s commented on %s's “%s”: %s", r.AuthorName, r.AthleteName, r.ItemTitle, r.Excerpt),
					Link: fmt.Sprintf("%s%s?athlete=%d", base, ActivityPath(r.ItemType), r.AthleteID)})
			}
			unsubscribe, err := UnsubscribeURL(ctx, tx, appURL, owner.OwnerID, UnsubscribeCommentNotice, nil)
			if err != nil {
				return err
			}
			if _, err := QueueEmail(ctx, tx, client, "comment_notice", mail.CommentNotice(owner.Email, owner.FirstName, lines, unsubscribe)); err != nil {
				return err
			}
			if err := store.Q.CommentNoticeSent(ctx, tx, store.CommentNoticeSentParams{ID: owner.OwnerID, SentAt: &now}); err != nil {
				return fmt.Errorf("recording the notice: %w", err)
			}
			sent++
			start = end
		}
		return nil
	})
	return sent, err
}

// SendDigests queues the digest of every member who is due one at now — of every member whose
// digest is not off, when every (the CLI's send-now) — and answers how many were sent. A member
// with nothing new gets nothing, and their next digest counts from now.
func SendDigests(ctx context.Context, pool *pgxpool.Pool, client *river.Client[pgx.Tx], appURL string, now time.Time, every bool) (int, error) {
	sent := 0
	after := int64(0)
	for {
		var due []store.DigestsDueRow
		err := store.WithTx(ctx, pool, func(tx pgx.Tx) error {
			var err error
			due, err = store.Q.DigestsDue(ctx, tx, store.DigestsDueParams{EveryMember: every, DailyBefore: now.Add(-24 * time.Hour),
				WeeklyBefore: now.Add(-7 * 24 * time.Hour), AfterMember: after, Batch: digestBatch})
			if err != nil {
				return fmt.Errorf("finding the digests due: %w", err)
			}
			n, err := sendDigests(ctx, tx, client, appURL, due)
			if err != nil {
				return err
			}
			sent += n
			ids := make([]int64, len(due))
			for i, m := range due {
				ids[i] = m.MemberID
			}
			if err := store.Q.DigestsMarkSent(ctx, tx, store.DigestsMarkSentParams{Ids: ids, SentAt: &now}); err != nil {
				return fmt.Errorf("recording the digests: %w", err)
			}
			return nil
		})
		if err != nil {
			return sent, err
		}
		if len(due) < digestBatch {
			return sent, nil
		}
		after = due[len(due)-1].MemberID
	}
}

// sendDigests queues the digests of a batch of members, each when there is anything new they may
// see now, and answers how many. Their access came with the batch; their feeds are read in one
// pipeline, and their links, e-mails (with the pictures of what is new) and jobs are written for
// the batch at once.
func sendDigests(ctx context.Context, tx pgx.Tx, client *river.Client[pgx.Tx], appURL string, due []store.DigestsDueRow) (int, error) {
	base := strings.TrimRight(appURL, "/")
	type digest struct {
		member store.DigestsDueRow
		lines  []mail.DigestLine
		more   int
	}
	var following []store.DigestsDueRow
	var feeds []store.ActivityPageParams
	for _, m := range due {
		access := store.AccessFromLookup(m.UserID, store.AccessLookupRow{
			OwnerID: m.OwnerID, PrivacyJournal: m.PrivacyJournal, PrivacyMedia: m.PrivacyMedia, PrivacyStats: m.PrivacyStats,
			PrivacyMilestones: m.PrivacyMilestones, PrivacyRecruiting: m.PrivacyRecruiting,
			MemberID: m.AccessMemberID, AccessLevel: m.AccessLevel, Relationship: m.Relationship, SharedSections: m.SharedSections,
		})
		if access.Can(store.ActionView) {
			following = append(following, m)
			feeds = append(feeds, store.ActivityFor(access, m.AthleteID, 100))
		}
	}
	pages, err := store.Pipelined(ctx, tx, feeds, store.Q.ActivityPage)
	if err != nil {
		return 0, fmt.Errorf("reading what is new: %w", err)
	}
	var digests []digest
	for i, m := range following {
		d := digest{member: m}
		for _, r := range pages[i] {
			if !r.At.After(m.Since) {
				break // newest first: the rest came before the last digest
			}
			if len(d.lines) == digestLines {
				d.more++
				continue
			}
			line := mail.DigestLine{Text: ActivitySentence(r), Link: fmt.Sprintf("%s%s?athlete=%d", base, ActivityPath(r.ItemType), m.AthleteID)}
			// The feed holds only what the member may see now, so its pictures are theirs to see too.
			if r.ThumbnailKey != nil {
				line.Thumbnail = *r.ThumbnailKey
			}
			d.lines = append(d.lines, line)
		}
		if len(d.lines) > 0 {
			digests = append(digests, d)
		}
	}
	if len(digests) == 0 {
		return 0, nil
	}
	users, members := make([]int64, len(digests)), make([]int64, len(digests))
	for i, d := range digests {
		users[i], members[i] = d.member.UserID, d.member.MemberID
	}
	links, err := unsubscribeURLs(ctx, tx, appURL, UnsubscribeDigest, users, members)
	if err != nil {
		return 0, err
	}
	emails := make([]AthleteEmail, len(digests))
	for i, d := range digests {
		m := d.member
		emails[i] = AthleteEmail{AthleteID: m.AthleteID, Message: mail.Digest(m.Email, m.FirstName, m.AthleteName, m.Digest, d.lines, d.more,
			fmt.Sprintf("%s/activity?athlete=%d", base, m.AthleteID), links[i])}
	}
	if err := QueueAthleteEmails(ctx, tx, client, "digest", emails); err != nil {
		return 0, err
	}
	return len(digests), nil
}

// ActivitySentence says one row of a feed in words, as the digest and the app do.
func ActivitySentence(r store.ActivityPageRow) string {
	who := r.ActorName
	if who == "" {
		who = "Someone"
	}
	switch r.Kind {
	case "comment":
		return fmt.Sprintf("%s commented on “%s”: %s", who, r.Title, r.Excerpt)
	case "reaction":
		return fmt.Sprintf("%s reacted %s to “%s”", who, r.Emoji, r.Title)
	case "media":
		noun := map[string]string{"image": "photo", "video": "video", "audio": "recording", "pdf": "document"}[r.MediaType]
		if noun == "" {
			noun = "file"
		}
		return fmt.Sprintf("New %s: “%s”", noun, r.Title)
	case "journal":
		return fmt.Sprintf("New journal entry: “%s”", r.Title)
	case "milestone":
		return fmt.Sprintf("New milestone: “%s”", r.Title)
	case "coach_link":
		return fmt.Sprintf("%s opened your recruiting link", r.Title)
	default:
		return fmt.Sprintf("New achievement: “%s”", r.Title)
	}
}

// ActivityPath is the page of the app where an item of the type lives.
func ActivityPath(itemType string) string {
	return map[string]string{"journal": "/journal", "media": "/media", "milestone": "/milestones", "achievement": "/showcase", "recruiting": "/recruiting"}[itemType]
}

// UnsubscribeURL answers the person's one-click link that stops one kind of e-mail (a digest names
// its membership): made once, the same in every e-mail of that kind after.
func UnsubscribeURL(ctx context.Context, db store.DBTX, appURL string, userID int64, kind string, memberID *int64) (string, error) {
	member := int64(0)
	if memberID != nil {
		member = *memberID
	}
	links, err := unsubscribeURLs(ctx, db, appURL, kind, []int64{userID}, []int64{member})
	if err != nil {
		return "", err
	}
	return links[0], nil
}

// unsubscribeURLs is UnsubscribeURL for many people at once (memberIDs 0 where there is no
// membership), in one statement: their links in the same order.
func unsubscribeURLs(ctx context.Context, db store.DBTX, appURL, kind string, userIDs, memberIDs []int64) ([]string, error) {
	tokens := make([]string, len(userIDs))
	raw := make([]byte, 32)
	for i := range tokens {
		if _, err := rand.Read(raw); err != nil {
			return nil, fmt.Errorf("making an unsubscribe link: %w", err)
		}
		tokens[i] = base64.RawURLEncoding.EncodeToString(raw)
	}
	given, err := store.Q.UnsubscribeLinksFor(ctx, db, store.UnsubscribeLinksForParams{Kind: kind, Tokens: tokens, UserIds: userIDs, MemberIds: memberIDs})
	if err != nil {
		return nil, fmt.Errorf("making unsubscribe links: %w", err)
	}
	urls := make([]string, len(given))
	for i, token := range given {
		urls[i] = strings.TrimRight(appURL, "/") + "/api/unsubscribe/" + token
	}
	return urls, nil
}
