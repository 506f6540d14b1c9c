package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v5"
	"github.com/stripe/stripe-go/v85"

	"legacylocker/billing"
	"legacylocker/integrations/mail"
	"legacylocker/jobs"
	"legacylocker/store"
)

// The family's legacy as a whole: "Download everything" (one ZIP made by the legacy_export job)
// and deleting an athlete or the whole account. Both are the owner's alone (store.ActionOwnLegacy).

// exportResponse is an archive as a job state; progress is the share of the bytes written.
type exportResponse struct {
	ID        int64 `json:"id"`
	AthleteID int64 `json:"athleteId"`
	jobState
	BytesTotal int64      `json:"bytesTotal"`
	FileSize   *int64     `json:"fileSize,omitempty"`
	ReadyAt    *time.Time `json:"readyAt,omitempty"`
	ExpiresAt  *time.Time `json:"expiresAt,omitempty"`
	CreatedAt  time.Time  `json:"createdAt"`
	URL        string     `json:"url,omitempty"`
}

func toExportResponse(e store.LegacyExport) exportResponse {
	out := exportResponse{ID: e.ID, AthleteID: e.AthleteID, jobState: jobState{Status: e.Status, StatusReason: e.StatusReason, Progress: new(0.0)},
		BytesTotal: e.BytesTotal, FileSize: e.FileSize, ReadyAt: e.ReadyAt, ExpiresAt: e.ExpiresAt, CreatedAt: e.CreatedAt}
	switch {
	case e.Status == store.JobReady:
		out.Progress = new(1.0)
		out.URL = fmt.Sprintf("/api/exports/%d/download", e.ID)
	case e.BytesTotal > 0:
		// Never 1 before the archive is ready: its last bytes are not the end of the work.
		out.Progress = new(min(0.99, float64(e.BytesDone)/float64(e.BytesTotal)))
	}
	return out
}

// listExports answers the athlete's recent archives, newest first.
func (app *application) listExports(c *echo.Context) error {
	exports, err := store.Q.LegacyExportListForAthlete(c.Request().Context(), app.pool, athleteID(c))
	if err != nil {
		return err
	}
	out := make([]exportResponse, 0, len(exports))
	for _, e := range exports {
		out = append(out, toExportResponse(e))
	}
	return c.JSON(http.StatusOK, out)
}

// createExport starts an archive, or answers the one already being made.
func (app *application) createExport(c *echo.Context) error {
	export, err := app.startExport(c.Request().Context(), athleteID(c), currentUser(c).ID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, toExportResponse(export))
}

// createAccountExports starts the archive of every athlete the account holds, brothers and sisters
// alike: one ZIP each, followed on the account page and mailed when ready.
func (app *application) createAccountExports(c *echo.Context) error {
	ctx := c.Request().Context()
	user := currentUser(c).ID
	owned, err := store.Q.AthleteListOwned(ctx, app.pool, user)
	if err != nil {
		return err
	}
	res := make([]exportResponse, 0, len(owned))
	for _, a := range owned {
		export, err := app.startExport(ctx, a.ID, user)
		if err != nil {
			return err
		}
		res = append(res, toExportResponse(export))
	}
	return c.JSON(http.StatusAccepted, res)
}

// startExport records an athlete's archive and its legacy_export job in one transaction, or answers
// the one already being made, so two clicks make one archive.
func (app *application) startExport(ctx context.Context, athlete, user int64) (store.LegacyExport, error) {
	var export store.LegacyExport
	err := store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		running, err := store.Q.LegacyExportRunning(ctx, tx, athlete)
		if err == nil {
			export = running
			return nil
		}
		if err := store.Translate(err); !errors.Is(err, store.ErrNotFound) {
			return err
		}
		if export, err = store.Q.LegacyExportCreate(ctx, tx, store.LegacyExportCreateParams{AthleteID: athlete, RequestedBy: &user}); err != nil {
			return fmt.Errorf("recording the export: %w", err)
		}
		if _, err := app.jobs.InsertTx(ctx, tx, jobs.LegacyExportArgs{ExportID: export.ID}, nil); err != nil {
			return fmt.Errorf("enqueueing legacy_export: %w", err)
		}
		return nil
	})
	if errors.Is(store.Translate(err), store.ErrConflict) {
		// Two clicks at once: the other one made it.
		export, err = store.Q.LegacyExportRunning(ctx, app.pool, athlete)
		return export, store.Translate(err)
	}
	return export, err
}

// downloadExport streams a finished archive (with Range, so a phone can resume the download).
func (app *application) downloadExport(c *echo.Context) error {
	export := loaded[store.LegacyExport](c)
	switch {
	case export.Status == store.JobFailed:
		return notFoundSaying("This archive could not be made. Please start a new one from your profile.")
	case export.Status != store.JobReady || export.FileKey == nil:
		return conflict("This archive is still being made. You will get an e-mail when it is ready.")
	case export.ExpiresAt != nil && time.Now().After(*export.ExpiresAt):
		return gone("This archive has expired. Please start a new one from your profile.")
	}
	ctx := c.Request().Context()
	athlete, err := store.Q.AthleteGetByID(ctx, app.pool, export.AthleteID)
	if err != nil {
		return store.Translate(err)
	}
	file, err := app.storage.Open(ctx, *export.FileKey)
	if err != nil {
		return fmt.Errorf("opening export %d: %w", export.ID, err)
	}
	defer file.Close()
	name := downloadName(fmt.Sprintf("%s legacy %s", athlete.Name, export.CreatedAt.Format("2006-01-02")), ".zip")
	h := c.Response().Header()
	h.Set("Content-Type", "application/zip")
	h.Set("Cache-Control", "private, no-store")
	h.Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s"; filename*=UTF-8''%s`, asciiOnly(name), url.PathEscape(name)))
	http.ServeContent(c.Response(), c.Request(), "", file.ModTime(), file)
	return nil
}

type passwordConfirmation struct {
	Password string `json:"password"`
}

const msgDeletePassword = "Please enter your password to confirm"

// confirmPassword checks the caller re-entered their password; throttled like sign-in.
func (app *application) confirmPassword(c *echo.Context) error {
	var in passwordConfirmation
	if err := readJSON(c, &in); err != nil {
		return err
	}
	if in.Password == "" {
		return fieldErrors(validator{"password": msgDeletePassword})
	}
	user := currentUser(c)
	if err := app.checkRateLimit(c, "password", user.Email, app.cfg.limits.loginPerIP, app.cfg.limits.loginPerEmail); err != nil {
		return err
	}
	if user.PasswordHash == nil {
		return fieldErrors(validator{"password": "Password is incorrect"})
	}
	ok, err := passwordMatches(in.Password, *user.PasswordHash)
	if err != nil {
		return err
	}
	if !ok {
		return fieldErrors(validator{"password": "Password is incorrect"})
	}
	return nil
}

// deletionSummary is what a deletion removed, for the answer and the e-mail.
type deletionSummary struct {
	Athletes         []string `json:"athletes"`
	JournalEntries   int64    `json:"journalEntries"`
	MediaItems       int64    `json:"mediaItems"`
	MediaBytes       int64    `json:"mediaBytes"`
	Milestones       int64    `json:"milestones"`
	Events           int64    `json:"events"`
	StatsGames       int64    `json:"statsGames"`
	StatsSeasons     int64    `json:"statsSeasons"`
	Achievements     int64    `json:"achievements"`
	CollegeInterests int64    `json:"collegeInterests"`
	QRCodes          int64    `json:"qrCodes"`
	FamilyMembers    int64    `json:"familyMembers"`
	Files            int      `json:"files"`
	Account          bool     `json:"account"`
}

// deleteAthlete removes one athlete and everything of theirs, after the owner re-entered the
// password.
func (app *application) deleteAthlete(c *echo.Context) error {
	if err := app.confirmPassword(c); err != nil {
		return err
	}
	ctx := c.Request().Context()
	var summary deletionSummary
	err := store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		if err := app.removeAthlete(ctx, tx, athleteID(c), &summary); err != nil {
			return err
		}
		return app.mailDeletion(ctx, tx, currentUser(c), summary)
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, summary)
}

// deleteAccount removes the signed-in account: every athlete it owns, its memberships of other
// families, its subscription (cancelled at Stripe first), its sessions and its mail.
func (app *application) deleteAccount(c *echo.Context) error {
	if err := app.confirmPassword(c); err != nil {
		return err
	}
	ctx := c.Request().Context()
	user := currentUser(c)
	if err := app.endSubscription(ctx, user.ID); err != nil {
		return err
	}
	owned, err := store.Q.AthleteListOwned(ctx, app.pool, user.ID)
	if err != nil {
		return err
	}
	summary := deletionSummary{Account: true}
	err = store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		for _, a := range owned {
			if err := app.removeAthlete(ctx, tx, a.ID, &summary); err != nil {
				return err
			}
		}
		if err := store.Q.UserTracesDelete(ctx, tx, store.UserTracesDeleteParams{Email: user.Email, StripeCustomerID: user.StripeCustomerID}); err != nil {
			return fmt.Errorf("deleting the account's mail and requests: %w", err)
		}
		if err := app.removeUserPhoto(ctx, tx, user.ID, &summary); err != nil {
			return err
		}
		if _, err := store.Q.UserDelete(ctx, tx, user.ID); err != nil {
			return fmt.Errorf("deleting the account: %w", err)
		}
		if _, err := app.jobs.InsertTx(ctx, tx, jobs.SessionsDeleteArgs{UserID: user.ID}, nil); err != nil {
			return fmt.Errorf("enqueueing sessions_delete: %w", err)
		}
		return app.mailDeletion(ctx, tx, user, summary)
	})
	if err != nil {
		return err
	}
	if err := app.sessions.Destroy(ctx); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, summary)
}

// removeUserPhoto has the account's own photo's files deleted with it (an athlete's photo goes with
// the athlete, through the profile area's files; the account's has no athlete_id).
func (app *application) removeUserPhoto(ctx context.Context, tx pgx.Tx, userID int64, summary *deletionSummary) error {
	photo, err := store.Q.ProfilePhotoForUser(ctx, tx, &userID)
	if errors.Is(store.Translate(err), store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("finding the account's photo: %w", err)
	}
	keys := photoKeys(photo)
	summary.Files += len(keys)
	if _, err := app.jobs.InsertTx(ctx, tx, jobs.MediaDeleteArgs{Keys: keys}, nil); err != nil {
		return fmt.Errorf("enqueueing media_delete: %w", err)
	}
	return nil
}

// endSubscription cancels a paid plan at Stripe at once: a deleted account must not be charged.
// Nothing is deleted when Stripe cannot be reached.
func (app *application) endSubscription(ctx context.Context, userID int64) error {
	sub, err := store.Q.SubscriptionForUser(ctx, app.pool, userID)
	if errors.Is(store.Translate(err), store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if sub.StripeSubscriptionID == nil || normalizeStatus(sub.Status) == "canceled" || sub.Tier == string(billing.Free) {
		return nil
	}
	if app.stripe == nil {
		return unavailable(msgBillingOff)
	}
	if _, err := app.stripe.V1Subscriptions.Cancel(ctx, *sub.StripeSubscriptionID, &stripe.SubscriptionCancelParams{}); err != nil {
		app.logger.ErrorContext(ctx, "cancelling the subscription of a deleted account", "error", err)
		return unavailable("The payment service did not answer, so your subscription could not be ended. Nothing was deleted; please try again.")
	}
	return nil
}

// removeAthlete deletes the athlete's rows in tx (every table cascades from athletes; the family
// loses access as the transaction commits), the queued jobs about them, and hands their files to
// media_delete jobs in the same transaction.
func (app *application) removeAthlete(ctx context.Context, tx pgx.Tx, id int64, summary *deletionSummary) error {
	athlete, err := store.Q.AthleteGetByID(ctx, tx, id)
	if err != nil {
		return store.Translate(err)
	}
	counts, err := store.Q.AthleteDeletionSummary(ctx, tx, id)
	if err != nil {
		return fmt.Errorf("counting what goes: %w", err)
	}
	keys, err := jobs.AthleteFileKeys(ctx, tx, id)
	if err != nil {
		return fmt.Errorf("listing the files: %w", err)
	}
	if _, err := store.JobsDeleteForAthlete(ctx, tx, id); err != nil {
		return err
	}
	if err := store.Q.AthleteInvitationEmailsDelete(ctx, tx, id); err != nil {
		return fmt.Errorf("deleting the invitations: %w", err)
	}
	if err := app.tellFollowers(ctx, tx, athlete, nil, true); err != nil {
		return err
	}
	if n, err := store.Q.AthleteDelete(ctx, tx, id); err != nil {
		return fmt.Errorf("deleting athlete %d: %w", id, err)
	} else if n == 0 {
		return notFound()
	}
	// Jobs of a bounded size, so a library of thousands of files is deleted in steps that retry alone.
	for start := 0; start < len(keys); start += deleteBatch {
		batch := keys[start:min(len(keys), start+deleteBatch)]
		if _, err := app.jobs.InsertTx(ctx, tx, jobs.MediaDeleteArgs{Keys: batch}, nil); err != nil {
			return fmt.Errorf("enqueueing media_delete: %w", err)
		}
	}
	summary.Athletes = append(summary.Athletes, athlete.Name)
	summary.JournalEntries += counts.JournalEntries
	summary.MediaItems += counts.MediaItems
	summary.MediaBytes += counts.MediaBytes
	summary.Milestones += counts.Milestones
	summary.Events += counts.Events
	summary.StatsGames += counts.StatsGames
	summary.StatsSeasons += counts.StatsSeasons
	summary.Achievements += counts.Achievements
	summary.CollegeInterests += counts.CollegeInterests
	summary.QRCodes += counts.QrCodes
	summary.FamilyMembers += counts.FamilyMembers
	summary.Files += len(keys)
	return nil
}

const deleteBatch = 500

// mailDeletion tells the account what was removed.
func (app *application) mailDeletion(ctx context.Context, tx pgx.Tx, user store.User, s deletionSummary) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Hello %s,\n\n", user.FirstName)
	if s.Account {
		b.WriteString("Your Legacy Locker account has been deleted, as you asked. ")
	}
	if len(s.Athletes) > 0 {
		fmt.Fprintf(&b, "We removed everything of %s:\n\n", strings.Join(s.Athletes, " and "))
		for _, line := range []struct {
			n         int64
			one, many string
		}{
			{s.JournalEntries, "journal entry", "journal entries"},
			{s.MediaItems, "photo, video or document", "photos, videos and documents"},
			{s.Milestones, "milestone", "milestones"}, {s.Events, "event", "events"},
			{s.StatsSeasons, "season of stats", "seasons of stats"}, {s.StatsGames, "game of stats", "games of stats"},
			{s.Achievements, "achievement", "achievements"}, {s.CollegeInterests, "college interest", "college interests"},
			{s.QRCodes, "QR code", "QR codes"},
			{s.FamilyMembers, "family circle member (who no longer has access)", "family circle members (who no longer have access)"},
		} {
			switch {
			case line.n == 1:
				fmt.Fprintf(&b, "- 1 %s\n", line.one)
			case line.n > 1:
				fmt.Fprintf(&b, "- %d %s\n", line.n, line.many)
			}
		}
		if s.MediaBytes > 0 {
			fmt.Fprintf(&b, "- %s of stored files\n", billing.Size(s.MediaBytes))
		}
		b.WriteString("\n")
	}
	if s.Account {
		b.WriteString("Your sign-in, your subscription and your family circle memberships are gone too. " +
			"Entries you wrote in other families' journals stay theirs, without your name.\n\n")
	}
	b.WriteString("This cannot be undone. If you did not ask for this, reply to this e-mail at once.\n\n— Legacy Locker\n")
	subject := "Your Legacy Locker account has been deleted"
	if !s.Account {
		subject = fmt.Sprintf("%s's legacy has been deleted", strings.Join(s.Athletes, " and "))
	}
	_, err := jobs.QueueEmail(ctx, tx, app.jobs, jobs.EmailKindDeletionNotice, mail.Message{To: user.Email, Subject: subject, Body: b.String()})
	return err
}
