package main

import (
	"context"
	"errors"
	"fmt"
	"html/template"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"legacylocker/jobs"
	"legacylocker/store"
)

// The digest e-mail's settings and its one-click unsubscribe (RFC 8058). The digests themselves
// are sent by the digests job (jobs/digests.go).

var digestFrequencies = map[string]bool{"daily": true, "weekly": true, "never": true}

type digestSetting struct {
	AthleteID   int64  `json:"athleteId"`
	AthleteName string `json:"athleteName"`
	Frequency   string `json:"frequency"`
}

// listDigestSettings answers the caller's digest choice for each athlete they follow.
func (app *application) listDigestSettings(c *echo.Context) error {
	rows, err := store.Q.DigestSettingsForUser(c.Request().Context(), app.pool, new(currentUser(c).ID))
	if err != nil {
		return fmt.Errorf("listing digest settings: %w", err)
	}
	out := make([]digestSetting, len(rows))
	for i, r := range rows {
		out[i] = digestSetting{AthleteID: r.AthleteID, AthleteName: r.AthleteName, Frequency: r.Digest}
	}
	return c.JSON(http.StatusOK, out)
}

// updateDigestSetting sets the caller's digest for one athlete they follow; any other athlete is
// not found.
func (app *application) updateDigestSetting(c *echo.Context) error {
	athleteID, err := strconv.ParseInt(c.Param("athleteId"), 10, 64)
	if err != nil || athleteID <= 0 {
		return notFound()
	}
	var in struct {
		Frequency string `json:"frequency"`
	}
	if err := readJSON(c, &in); err != nil {
		return err
	}
	if !digestFrequencies[in.Frequency] {
		return fieldErrors(validator{"frequency": "Choose daily, weekly or never"})
	}
	n, err := store.Q.DigestSet(c.Request().Context(), app.pool, store.DigestSetParams{UserID: new(currentUser(c).ID), AthleteID: athleteID, Digest: in.Frequency})
	if err != nil {
		return fmt.Errorf("saving the digest setting: %w", err)
	}
	if n == 0 {
		return notFound()
	}
	return c.JSON(http.StatusOK, map[string]any{"athleteId": athleteID, "frequency": in.Frequency})
}

// unsubscribePage is what a person who opens the link sees: what it stops and how to turn it back
// on; the button posts to the same address, as a mail client's one-click does.
var unsubscribePage = template.Must(template.New("unsubscribe").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>{{.Title}} · Legacy Locker</title>
<style>body{font-family:system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1a1b1e}
button{font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:0;background:#1c3f94;color:#fff;cursor:pointer}</style></head>
<body><h1>{{.Title}}</h1><p>{{.Text}}</p>
{{if .Ask}}<form method="post"><button type="submit">Stop these e-mails</button></form>{{end}}
<p>{{.Again}}</p><p><a href="/">Legacy Locker</a></p></body></html>`))

type unsubscribeView struct {
	Title, Text, Again string
	Ask                bool
}

// unsubscribeWhat names what a link stops, and how to turn it back on.
func unsubscribeWhat(link store.UnsubscribeLinkGetRow) (what, again string) {
	if link.Kind == jobs.UnsubscribeDigest {
		return fmt.Sprintf("the digest e-mail about %s", link.AthleteName),
			"To get it again, choose Daily or Weekly for " + link.AthleteName + " under E-mail in your settings."
	}
	if link.Kind == jobs.UnsubscribeCoachLinkNotice {
		return "the e-mail that tells you when a coach opens a recruiting link",
			`To get it again, turn on "E-mail me when a coach opens a link" on your profile page.`
	}
	if link.Kind == jobs.UnsubscribeRecruitingBrief {
		return "the weekly recruiting brief e-mail",
			`To get it again, turn on "E-mail me a weekly recruiting brief" on your profile page.`
	}
	if link.Kind == jobs.UnsubscribeCommentNotice {
		return "the e-mail that tells you when the family comments",
			`To get it again, turn on "E-mail me when the family comments" on your profile page.`
	}
	return "the weekly journal prompt e-mail", `To get it again, turn on "Send me a weekly journal prompt by e-mail" on your profile page.`
}

func (app *application) findUnsubscribeLink(c *echo.Context) (store.UnsubscribeLinkGetRow, error) {
	link, err := store.Q.UnsubscribeLinkGet(c.Request().Context(), app.pool, c.Param("token"))
	if err := store.Translate(err); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return link, notFoundSaying("This unsubscribe link is not one we sent. Choose which e-mails you get under E-mail in your settings.")
		}
		return link, fmt.Errorf("reading the unsubscribe link: %w", err)
	}
	return link, nil
}

// showUnsubscribe answers the page of an unsubscribe link: what it stops, with a button. Opening it
// changes nothing, so a mail scanner that follows links cannot unsubscribe anyone.
func (app *application) showUnsubscribe(c *echo.Context) error {
	link, err := app.findUnsubscribeLink(c)
	if err != nil {
		return err
	}
	what, again := unsubscribeWhat(link)
	return app.renderUnsubscribe(c, unsubscribeView{Title: "Stop these e-mails?", Text: "This stops " + what + ".", Again: again, Ask: true})
}

// unsubscribe stops what the link names: a mail client's one-click POST (List-Unsubscribe=One-Click)
// or the page's button, signed in or not. Done again, it answers the same.
func (app *application) unsubscribe(c *echo.Context) error {
	link, err := app.findUnsubscribeLink(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	switch {
	case link.Kind == jobs.UnsubscribeDigest && link.MemberID != nil:
		err = store.Q.DigestTurnOff(ctx, app.pool, *link.MemberID)
	case link.Kind == jobs.UnsubscribeCommentNotice:
		err = store.Q.CommentNoticesTurnOff(ctx, app.pool, link.UserID)
	case link.Kind == jobs.UnsubscribeCoachLinkNotice:
		err = store.Q.CoachLinkNoticesTurnOff(ctx, app.pool, link.UserID)
	case link.Kind == jobs.UnsubscribeRecruitingBrief:
		err = store.Q.RecruitingBriefTurnOff(ctx, app.pool, link.UserID)
	default:
		err = store.Q.PromptRemindersTurnOff(ctx, app.pool, link.UserID)
	}
	if err != nil {
		return fmt.Errorf("unsubscribing: %w", err)
	}
	what, again := unsubscribeWhat(link)
	return app.renderUnsubscribe(c, unsubscribeView{Title: "You are unsubscribed", Text: "We turned off " + what + ".", Again: again})
}

func (app *application) renderUnsubscribe(c *echo.Context, view unsubscribeView) error {
	h := c.Response().Header()
	h.Set("Cache-Control", "no-store")
	h.Set("X-Robots-Tag", "noindex")
	h.Set(echo.HeaderContentType, echo.MIMETextHTMLCharsetUTF8)
	c.Response().WriteHeader(http.StatusOK)
	return unsubscribePage.Execute(c.Response(), view)
}

// sendDigestsNow is `api digests send-now`: every member's digest that is not off, due or not, is
// queued at once; the workers deliver them.
func sendDigestsNow(ctx context.Context, cfg config, logger *slog.Logger, pool *pgxpool.Pool) error {
	client, err := river.NewClient(riverpgxv5.New(pool), &river.Config{
		Workers: jobs.Workers(jobs.Dependencies{Pool: pool, Logger: logger}),
		Logger:  logger,
	})
	if err != nil {
		return fmt.Errorf("creating job client: %w", err)
	}
	sent, err := jobs.SendDigests(ctx, pool, client, cfg.appURL, time.Now(), true)
	if err != nil {
		return err
	}
	logger.Info("digests queued", "count", sent)
	return nil
}
