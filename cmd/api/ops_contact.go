package main

import (
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/labstack/echo/v5"

	"legacylocker/store"
)

// Contact messages on the Operations page: every message the contact form stored, newest first, with
// a "handled" mark an operator sets once it is answered and can clear again. The copy e-mailed to
// SUPPORT_EMAIL (public.go) is for answering; this list is what says whether someone did.

// contactMessageResponse is one message as the Operations page shows it.
type contactMessageResponse struct {
	ID        int64      `json:"id"`
	Name      string     `json:"name"`
	Email     string     `json:"email"`
	Subject   string     `json:"subject"`
	Message   string     `json:"message"`
	CreatedAt time.Time  `json:"createdAt"`
	HandledAt *time.Time `json:"handledAt"`
	// HandledBy is the address of the operator who marked it; empty when not handled, or when that
	// operator's account has since been deleted.
	HandledBy string `json:"handledBy"`
}

func toContactMessage(m store.ContactMessageListRow) contactMessageResponse {
	return contactMessageResponse{ID: m.ID, Name: m.Name, Email: m.Email, Subject: m.Subject, Message: m.Message,
		CreatedAt: m.CreatedAt, HandledAt: m.HandledAt, HandledBy: m.HandlerEmail}
}

var contactMessagePages = pages{list: "contact-messages", size: 50, maxSize: 200}

func contactMessageKey(m store.ContactMessageListRow) timeKey {
	return timeKey{At: m.CreatedAt, ID: m.ID}
}

// listContactMessages pages through every contact message, newest first.
func (app *application) listContactMessages(c *echo.Context) error {
	return listPage(c, contactMessagePages, contactMessageKey, toContactMessage,
		func(p page[timeKey]) ([]store.ContactMessageListRow, error) {
			at, id := p.After.keyset()
			return store.Q.ContactMessageList(c.Request().Context(), app.pool, store.ContactMessageListParams{BeforeAt: at, BeforeID: id, MaxRows: p.MaxRows()})
		})
}

// markContactMessageHandled sets the mark (PUT) or clears it (DELETE), audited like every operator
// action, and answers the message as it now is.
func (app *application) markContactMessageHandled(c *echo.Context) error {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil {
		return notFound()
	}
	handled := c.Request().Method == http.MethodPut
	ctx := c.Request().Context()
	operator := currentUser(c)
	var message store.ContactMessageGetRow
	err = store.WithTx(ctx, app.pool, func(tx pgx.Tx) error {
		var n int64
		var err error
		action := "contact.handled"
		if handled {
			n, err = store.Q.ContactMessageMarkHandled(ctx, tx, store.ContactMessageMarkHandledParams{ID: id, OperatorID: operator.ID})
		} else {
			n, err = store.Q.ContactMessageClearHandled(ctx, tx, id)
			action = "contact.unhandled"
		}
		if err != nil {
			return err
		}
		if n == 0 {
			return notFound()
		}
		err = store.Q.OperatorAuditRecord(ctx, tx, store.OperatorAuditRecordParams{
			OperatorID: &operator.ID, OperatorEmail: operator.Email, Action: action, Target: fmt.Sprintf("contact message %d", id),
		})
		if err != nil {
			return fmt.Errorf("auditing a contact message mark: %w", err)
		}
		message, err = store.Q.ContactMessageGet(ctx, tx, id)
		return err
	})
	if err != nil {
		return fmt.Errorf("marking contact message %d: %w", id, err)
	}
	return c.JSON(http.StatusOK, toContactMessage(store.ContactMessageListRow(message)))
}
