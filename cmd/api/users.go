package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v5"

	"legacylocker/integrations/mail"
	"legacylocker/jobs"
	"legacylocker/store"
)

// userResponse is the spec's User: id, firstName, lastName, email, profileImageUrl.
type userResponse struct {
	ID              int64   `json:"id"`
	FirstName       string  `json:"firstName"`
	LastName        string  `json:"lastName"`
	Email           string  `json:"email"`
	ProfileImageURL *string `json:"profileImageUrl"`
	// IsOperator shows the Operations link; it grants nothing on any athlete.
	IsOperator bool `json:"isOperator"`
	// EmailVerified: a link mailed to the address was opened (email_verification.go).
	EmailVerified bool `json:"emailVerified"`
}

func toUserResponse(u store.User) userResponse {
	return userResponse{ID: u.ID, FirstName: u.FirstName, LastName: u.LastName, Email: u.Email, ProfileImageURL: u.ProfileImageUrl, IsOperator: u.IsOperator,
		EmailVerified: u.EmailVerifiedAt != nil}
}

const (
	msgInvalidCredentials = "Invalid email or password"
	msgEmailTaken         = "An account with this email already exists"
)

type registerInput struct {
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	Email     string `json:"email"`
	Password  string `json:"password"`
}

func (app *application) register(c *echo.Context) error {
	var in registerInput
	if err := readJSON(c, &in); err != nil {
		return err
	}
	user, err := app.createAccount(c, in, func(ctx context.Context, tx pgx.Tx, user store.User) (store.User, error) {
		return user, app.queueEmailVerification(ctx, tx, user, user.Email)
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, toUserResponse(user))
}

// createAccount validates a new account, creates it with its welcome e-mail and then (in the same
// transaction) whatever confirms its address, and signs this browser in.
func (app *application) createAccount(c *echo.Context, in registerInput, confirm func(context.Context, pgx.Tx, store.User) (store.User, error)) (store.User, error) {
	v := validator{}
	v.names(in.FirstName, in.LastName)
	v.email(in.Email, "email")
	v.password(in.Password, "password")
	if !v.valid() {
		return store.User{}, fieldErrors(v)
	}
	email := normaliseEmail(in.Email)
	limits := app.cfg.limits
	if err := app.checkRateLimit(c, "register", email, limits.registerPerIP, limits.registerPerEmail); err != nil {
		return store.User{}, err
	}

	hash, err := hashPassword(in.Password)
	if err != nil {
		return store.User{}, err
	}
	ctx := c.Request().Context()
	var user store.User
	err = store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		user, err = store.Q.UserCreate(ctx, tx, store.UserCreateParams{
			Email: email, FirstName: strings.TrimSpace(in.FirstName), LastName: strings.TrimSpace(in.LastName), PasswordHash: &hash,
		})
		if err != nil {
			return store.Translate(err)
		}
		if app.cfg.isBootstrapOperator(user.Email) {
			if err := setOperator(ctx, tx, user.Email, true); err != nil {
				return err
			}
			user.IsOperator = true
		}
		if _, err := jobs.QueueEmail(ctx, tx, app.jobs, "welcome", app.welcome(ctx, tx, user)); err != nil {
			return err
		}
		user, err = confirm(ctx, tx, user)
		return err
	})
	if errors.Is(err, store.ErrConflict) {
		return store.User{}, conflict(msgEmailTaken)
	}
	if err != nil {
		return store.User{}, fmt.Errorf("registering user: %w", err)
	}
	if err := app.signIn(ctx, user.ID, user.SessionVersion); err != nil {
		return store.User{}, err
	}
	return user, nil
}

// welcome is the new account's first e-mail: a welcome into the circle that invited the address,
// or else the start of an athlete's profile.
func (app *application) welcome(ctx context.Context, tx pgx.Tx, user store.User) mail.Message {
	athlete, err := store.Q.FamilyInvitationAthleteForEmail(ctx, tx, &user.Email)
	if err != nil {
		return mail.Welcome(app.cfg.appURL, user.Email, user.FirstName)
	}
	return mail.WelcomeInvited(app.cfg.appURL, user.Email, user.FirstName, athlete)
}

type loginInput struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

func (app *application) login(c *echo.Context) error {
	var in loginInput
	if err := readJSON(c, &in); err != nil {
		return err
	}
	v := validator{}
	v.email(in.Email, "email")
	v.check(in.Password != "", "password", msgPasswordNeeded)
	if !v.valid() {
		return fieldErrors(v)
	}
	email := normaliseEmail(in.Email)
	limits := app.cfg.limits
	if err := app.checkRateLimit(c, "login", email, limits.loginPerIP, limits.loginPerEmail); err != nil {
		return err
	}

	ctx := c.Request().Context()
	user, err := store.Q.UserGetByEmail(ctx, app.pool, email)
	err = store.Translate(err)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return err
	}
	hash := dummyHash
	if err == nil && user.PasswordHash != nil {
		hash = *user.PasswordHash
	}
	matches, hashErr := passwordMatches(in.Password, hash)
	if hashErr != nil {
		return fmt.Errorf("checking password of user %d: %w", user.ID, hashErr)
	}
	if err != nil || user.PasswordHash == nil || !matches {
		return unauthorized(msgInvalidCredentials)
	}
	if err := app.signIn(ctx, user.ID, user.SessionVersion); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toUserResponse(user))
}

func (app *application) logout(c *echo.Context) error {
	if err := app.sessions.Destroy(c.Request().Context()); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// loginPage is where the spec's protected routes send signed-out browsers.
func (app *application) loginPage(c *echo.Context) error {
	return c.Redirect(http.StatusFound, "/early-access")
}

// sessionResponse is the web app's question "who is signed in?": signed out is an answer (user null),
// not an error, so a visitor's browser logs no failed request. GET /api/user keeps its 401 for API
// clients (spec).
type sessionResponse struct {
	User *userResponse `json:"user"`
}

func (app *application) showSession(c *echo.Context) error {
	user, ok, err := app.sessionUser(c)
	if err != nil {
		return err
	}
	if !ok {
		return c.JSON(http.StatusOK, sessionResponse{})
	}
	u := toUserResponse(user)
	return c.JSON(http.StatusOK, sessionResponse{User: &u})
}

func (app *application) showUser(c *echo.Context) error {
	return c.JSON(http.StatusOK, toUserResponse(currentUser(c)))
}

type updateUserInput struct {
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
}

func (app *application) updateUser(c *echo.Context) error {
	var in updateUserInput
	if err := readJSON(c, &in); err != nil {
		return err
	}
	v := validator{}
	v.names(in.FirstName, in.LastName)
	if !v.valid() {
		return fieldErrors(v)
	}
	user, err := store.Q.UserUpdateName(c.Request().Context(), app.pool, store.UserUpdateNameParams{
		ID: currentUser(c).ID, FirstName: strings.TrimSpace(in.FirstName), LastName: strings.TrimSpace(in.LastName),
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toUserResponse(user))
}

type changePasswordInput struct {
	CurrentPassword string `json:"currentPassword"`
	NewPassword     string `json:"newPassword"`
}

func (app *application) changePassword(c *echo.Context) error {
	var in changePasswordInput
	if err := readJSON(c, &in); err != nil {
		return err
	}
	v := validator{}
	v.check(in.CurrentPassword != "", "currentPassword", msgCurrentPassword)
	v.password(in.NewPassword, "newPassword")
	if !v.valid() {
		return fieldErrors(v)
	}
	user := currentUser(c)
	ctx := c.Request().Context()
	if err := app.confirmCurrentPassword(c, user, in.CurrentPassword); err != nil {
		return err
	}
	hash, err := hashPassword(in.NewPassword)
	if err != nil {
		return err
	}
	version, err := store.Q.UserUpdatePassword(ctx, app.pool, store.UserUpdatePasswordParams{ID: user.ID, PasswordHash: &hash})
	if err != nil {
		return err
	}
	// The other sessions are now at an older version and end; this one carries on, renewed.
	if err := app.signIn(ctx, user.ID, version); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// confirmCurrentPassword is the signed-in user proving it is them before a change to the account:
// the 400 on currentPassword when it is wrong. Guessing it from a stolen session is throttled like
// sign-in.
func (app *application) confirmCurrentPassword(c *echo.Context, user store.User, password string) error {
	if err := app.checkRateLimit(c, "password", user.Email, app.cfg.limits.loginPerIP, app.cfg.limits.loginPerEmail); err != nil {
		return err
	}
	if user.PasswordHash == nil {
		return fieldErrors(validator{"currentPassword": "Current password is incorrect"})
	}
	ok, err := passwordMatches(password, *user.PasswordHash)
	if err != nil {
		return err
	}
	if !ok {
		return fieldErrors(validator{"currentPassword": "Current password is incorrect"})
	}
	return nil
}
