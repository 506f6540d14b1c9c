package main

import (
	"errors"
	"net/http"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v5"

	"legacylocker/integrations/mail"
	"legacylocker/jobs"
	"legacylocker/store"
)

// Public forms are throttled per IP so they cannot be used to flood the tables.
const publicFormLimitPerIP = 30

type waitlistInput struct {
	Email string `json:"email"`
}

func (app *application) joinWaitlist(c *echo.Context) error {
	var in waitlistInput
	if err := readJSON(c, &in); err != nil {
		return err
	}
	v := validator{}
	v.email(in.Email, "email")
	if !v.valid() {
		return fieldErrors(v)
	}
	email := normaliseEmail(in.Email)
	if err := app.checkRateLimit(c, "waitlist", email, publicFormLimitPerIP, publicFormLimitPerIP); err != nil {
		return err
	}
	_, err := store.Q.WaitlistAdd(c.Request().Context(), app.pool, email)
	if errors.Is(store.Translate(err), store.ErrConflict) {
		return conflict("Email already in waitlist")
	}
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, map[string]string{"message": "Added to waitlist"})
}

type contactInput struct {
	Name    string `json:"name"`
	Email   string `json:"email"`
	Subject string `json:"subject"`
	Message string `json:"message"`
}

func (app *application) sendContactMessage(c *echo.Context) error {
	var in contactInput
	if err := readJSON(c, &in); err != nil {
		return err
	}
	v := validator{}
	v.required(in.Name, "name", "Your Name is required")
	v.line(in.Name, 200, "name", "Your Name")
	v.email(in.Email, "email")
	v.required(in.Subject, "subject", "Subject is required")
	v.line(in.Subject, 200, "subject", "Subject")
	v.required(in.Message, "message", "Message is required")
	v.maxLength(in.Message, 5000, "message", "Message must be at most 5000 characters")
	if !v.valid() {
		return fieldErrors(v)
	}
	email := normaliseEmail(in.Email)
	if err := app.checkRateLimit(c, "contact", email, publicFormLimitPerIP, publicFormLimitPerIP); err != nil {
		return err
	}
	ctx := c.Request().Context()
	err := store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		stored, err := store.Q.ContactMessageCreate(ctx, tx, store.ContactMessageCreateParams{
			Name: strings.TrimSpace(in.Name), Email: email, Subject: strings.TrimSpace(in.Subject), Message: strings.TrimSpace(in.Message),
		})
		if err != nil {
			return err
		}
		if app.cfg.supportEmail == "" {
			return nil // listed on the Operations page only
		}
		_, err = jobs.QueueEmail(ctx, tx, app.jobs, contactEmailKind,
			mail.ContactMessage(app.cfg.appURL, app.cfg.supportEmail, stored.Name, stored.Email, stored.Subject, stored.Message))
		return err
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, map[string]string{"message": "Message received"})
}

// contactEmailKind is the outbound_emails kind of a contact message's copy to SUPPORT_EMAIL.
const contactEmailKind = "contact_message"
