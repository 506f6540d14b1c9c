package main

import (
	"errors"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v5"

	"legacylocker/integrations/mail"
	"legacylocker/jobs"
	"legacylocker/store"
)

// A way back in after a forgotten password: a link mailed to the account's address, good once for an
// hour. The answer to the request never says whether the address has an account.
const (
	passwordResetLife = time.Hour
	// Each request mails someone, so an address is asked for far less often than it may sign in.
	passwordResetsPerEmail = 5

	msgPasswordResetSent = "If an account uses that e-mail address, we have sent it a link to choose a new password. The link works for one hour."
	msgResetLinkInvalid  = "This password reset link is not valid. Check that you copied the whole link, or ask for a new one from the sign-in page."
	msgResetLinkUsed     = "This password reset link has already been used. Ask for a new one from the sign-in page if you need to."
	msgResetLinkExpired  = "This password reset link has expired (links work for one hour). Ask for a new one from the sign-in page."
)

type passwordResetRequest struct {
	Email string `json:"email"`
}

func (app *application) requestPasswordReset(c *echo.Context) error {
	var in passwordResetRequest
	if err := readJSON(c, &in); err != nil {
		return err
	}
	v := validator{}
	v.email(in.Email, "email")
	if !v.valid() {
		return fieldErrors(v)
	}
	email := normaliseEmail(in.Email)
	if err := app.checkRateLimit(c, "password-reset", email, app.cfg.limits.loginPerIP, passwordResetsPerEmail); err != nil {
		return err
	}
	ctx := c.Request().Context()
	user, err := store.Q.UserGetByEmail(ctx, app.pool, email)
	switch err := store.Translate(err); {
	case errors.Is(err, store.ErrNotFound):
		// The same answer as for an account: who has one is not for a stranger to learn here.
		return c.JSON(http.StatusAccepted, map[string]string{"message": msgPasswordResetSent})
	case err != nil:
		return err
	}
	token, hash, err := newInviteToken()
	if err != nil {
		return err
	}
	err = store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		if err := store.Q.PasswordResetPruneExpired(ctx, tx, user.ID); err != nil {
			return err
		}
		if err := store.Q.PasswordResetCreate(ctx, tx, store.PasswordResetCreateParams{
			UserID: user.ID, TokenHash: hash, ExpiresAt: time.Now().Add(passwordResetLife),
		}); err != nil {
			return err
		}
		_, err := jobs.QueueEmail(ctx, tx, app.jobs, jobs.EmailKindPasswordReset, mail.PasswordReset(app.cfg.appURL, user.Email, user.FirstName, token))
		return err
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, map[string]string{"message": msgPasswordResetSent})
}

var resetLinkMessages = linkMessages{invalid: msgResetLinkInvalid, used: msgResetLinkUsed, expired: msgResetLinkExpired}

// usablePasswordReset is the reset behind the link's token, or the 404/410 that says why it cannot
// be used.
func usablePasswordReset(token string, get func([]byte) (store.PasswordReset, error)) (store.PasswordReset, error) {
	return usableLink(token, resetLinkMessages, get, func(r store.PasswordReset) (*time.Time, time.Time) { return r.UsedAt, r.ExpiresAt })
}

// showPasswordReset lets the page say at once that a link is spent, before a new password is typed.
func (app *application) showPasswordReset(c *echo.Context) error {
	if err := app.checkPasswordReset(c); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

func (app *application) checkPasswordReset(c *echo.Context) error {
	ctx := c.Request().Context()
	_, err := usablePasswordReset(c.Param("token"), func(hash []byte) (store.PasswordReset, error) {
		return store.Q.PasswordResetPeek(ctx, app.pool, hash)
	})
	return err
}

type passwordResetInput struct {
	Password string `json:"password"`
}

// resetPassword sets the new password, spends every link of the account, ends all its sessions and
// signs this browser in.
func (app *application) resetPassword(c *echo.Context) error {
	ctx := c.Request().Context()
	// A spent link says so before anything about the password typed.
	if err := app.checkPasswordReset(c); err != nil {
		return err
	}
	var in passwordResetInput
	if err := readJSON(c, &in); err != nil {
		return err
	}
	v := validator{}
	v.password(in.Password, "password")
	if !v.valid() {
		return fieldErrors(v)
	}
	hash, err := hashPassword(in.Password)
	if err != nil {
		return err
	}
	var user store.User
	err = store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		reset, err := usablePasswordReset(c.Param("token"), func(hash []byte) (store.PasswordReset, error) {
			return store.Q.PasswordResetGet(ctx, tx, hash)
		})
		if err != nil {
			return err
		}
		version, err := store.Q.UserUpdatePassword(ctx, tx, store.UserUpdatePasswordParams{ID: reset.UserID, PasswordHash: &hash})
		if err != nil {
			return err
		}
		if err := store.Q.PasswordResetUseAll(ctx, tx, reset.UserID); err != nil {
			return err
		}
		user, err = store.Q.UserGetByID(ctx, tx, reset.UserID)
		if err != nil {
			return err
		}
		user.SessionVersion = version
		return nil
	})
	if err != nil {
		return err
	}
	if err := app.signIn(ctx, user.ID, user.SessionVersion); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toUserResponse(user))
}
