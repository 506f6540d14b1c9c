package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v5"

	"legacylocker/integrations/mail"
	"legacylocker/jobs"
	"legacylocker/store"
)

// Verified addresses: sign-up mails a link that confirms the address, and a new address takes effect
// only once a link mailed to it is opened. What sends mail to other people or reaches outside the
// family waits for a verified address (requireVerifiedEmail): inviting by e-mail, publishing the
// public page, a paid checkout.
const (
	emailVerificationLife   = 7 * 24 * time.Hour
	emailVerificationKind   = "email_verification"
	verificationsPerHour    = 5
	msgVerifyLinkInvalid    = "This confirmation link is not valid. Check that you copied the whole link, or send a new one from the banner in the app."
	msgVerifyLinkUsed       = "This confirmation link has already been used."
	msgVerifyLinkExpired    = "This confirmation link has expired (links work for 7 days). Send a new one from the banner in the app."
	msgAlreadyVerified      = "Your e-mail address is already confirmed"
	msgSameEmail            = "This is already your e-mail address"
	msgVerifiedEmailNeeded  = "Confirm your e-mail address first: open the link we sent to %s, or send a new one from the banner at the top of the page."
	msgVerificationSent     = "We sent a new confirmation link to %s."
	msgEmailChangeSent      = "We sent a link to %s. Your address changes when you open it."
	msgVerificationsTooMany = "You asked for several links already. Please wait %s and try again."
)

var verifyLinkMessages = linkMessages{invalid: msgVerifyLinkInvalid, used: msgVerifyLinkUsed, expired: msgVerifyLinkExpired}

// requireVerifiedEmail answers the 403 for an account whose address is not confirmed yet.
func requireVerifiedEmail(c *echo.Context) error {
	user := currentUser(c)
	if user.EmailVerifiedAt != nil {
		return nil
	}
	return forbiddenSaying(fmt.Sprintf(msgVerifiedEmailNeeded, user.Email))
}

// queueEmailVerification mails a link proving email for the account, in the caller's transaction.
func (app *application) queueEmailVerification(ctx context.Context, tx pgx.Tx, user store.User, email string) error {
	token, hash, err := newInviteToken()
	if err != nil {
		return err
	}
	if err := store.Q.EmailVerificationPruneExpired(ctx, tx, user.ID); err != nil {
		return err
	}
	if err := store.Q.EmailVerificationCreate(ctx, tx, store.EmailVerificationCreateParams{
		UserID: user.ID, Email: email, TokenHash: hash, ExpiresAt: time.Now().Add(emailVerificationLife),
	}); err != nil {
		return err
	}
	msg := mail.VerifyEmail(app.cfg.appURL, email, user.FirstName, token, email != user.Email)
	_, err = jobs.QueueEmail(ctx, tx, app.jobs, emailVerificationKind, msg)
	return err
}

// limitVerificationMail counts one more link mailed for the account this hour.
func (app *application) limitVerificationMail(c *echo.Context, userID int64) error {
	retryAfter, err := app.countAttempt(c.Request().Context(), rateCheck{fmt.Sprintf("verify-email:user:%d", userID), verificationsPerHour, time.Hour})
	if err != nil || retryAfter == 0 {
		return err
	}
	return rateLimited(fmt.Sprintf(msgVerificationsTooMany, minutes(retryAfter)), retryAfter)
}

// resendEmailVerification is the banner's "Resend".
func (app *application) resendEmailVerification(c *echo.Context) error {
	user := currentUser(c)
	if user.EmailVerifiedAt != nil {
		return conflict(msgAlreadyVerified)
	}
	if err := app.limitVerificationMail(c, user.ID); err != nil {
		return err
	}
	ctx := c.Request().Context()
	if err := store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		return app.queueEmailVerification(ctx, tx, user, user.Email)
	}); err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, map[string]string{"message": fmt.Sprintf(msgVerificationSent, user.Email)})
}

// verifyEmail opens a mailed link: the address it names becomes the account's, confirmed. It needs no
// session (the link is opened from a mail app, often in another browser); a change of address tells
// the old one.
func (app *application) verifyEmail(c *echo.Context) error {
	ctx := c.Request().Context()
	var user store.User
	err := store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		link, err := usableLink(c.Param("token"), verifyLinkMessages,
			func(hash []byte) (store.EmailVerification, error) { return store.Q.EmailVerificationGet(ctx, tx, hash) },
			func(v store.EmailVerification) (*time.Time, time.Time) { return v.UsedAt, v.ExpiresAt })
		if err != nil {
			return err
		}
		before, err := store.Q.UserGetByID(ctx, tx, link.UserID)
		if err != nil {
			return err
		}
		user, err = store.Q.UserMarkEmailVerified(ctx, tx, store.UserMarkEmailVerifiedParams{ID: link.UserID, Email: link.Email})
		if err := store.Translate(err); err != nil {
			return err
		}
		if err := store.Q.EmailVerificationUseAll(ctx, tx, link.UserID); err != nil {
			return err
		}
		if before.Email == link.Email {
			return nil
		}
		_, err = jobs.QueueEmail(ctx, tx, app.jobs, "email_changed", mail.EmailChanged(before.Email, before.FirstName, link.Email))
		return err
	})
	if errors.Is(err, store.ErrConflict) {
		return conflict(msgEmailTaken)
	}
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toUserResponse(user))
}

type changeEmailInput struct {
	Email           string `json:"email"`
	CurrentPassword string `json:"currentPassword"`
}

// changeEmail mails a link to the new address; the account keeps its address until it is opened.
func (app *application) changeEmail(c *echo.Context) error {
	var in changeEmailInput
	if err := readJSON(c, &in); err != nil {
		return err
	}
	v := validator{}
	v.email(in.Email, "email")
	v.check(in.CurrentPassword != "", "currentPassword", msgCurrentPassword)
	if !v.valid() {
		return fieldErrors(v)
	}
	user := currentUser(c)
	email := normaliseEmail(in.Email)
	if err := app.confirmCurrentPassword(c, user, in.CurrentPassword); err != nil {
		return err
	}
	if strings.EqualFold(email, user.Email) {
		return fieldErrors(validator{"email": msgSameEmail})
	}
	ctx := c.Request().Context()
	if _, err := store.Q.UserGetByEmail(ctx, app.pool, email); err == nil {
		return conflict(msgEmailTaken)
	} else if err := store.Translate(err); !errors.Is(err, store.ErrNotFound) {
		return err
	}
	if err := app.limitVerificationMail(c, user.ID); err != nil {
		return err
	}
	if err := store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		return app.queueEmailVerification(ctx, tx, user, email)
	}); err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, map[string]string{"message": fmt.Sprintf(msgEmailChangeSent, email)})
}
