package main

import (
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/labstack/echo/v5"

	"legacylocker/store"
)

// Handlers and middleware return errors; errorHandler is the one place that writes a non-2xx
// answer: {"message"}, plus {"errors": {field: message}} for validation (DESIGN.md, "Errors").
// An apiError says what the client is told; store.ErrNotFound is a 404; any other error is ours,
// logged and answered 500 with a generic message, so no SQL or stack trace reaches a client.

// apiError is an answer other than 2xx, decided where the handler knows why.
type apiError struct {
	status     int
	message    string
	fields     map[string]string
	retryAfter time.Duration
	// existingID names the item a refused duplicate upload matches.
	existingID int64
}

func (e *apiError) Error() string { return e.message }

type errorBody struct {
	Message string            `json:"message"`
	Errors  map[string]string `json:"errors,omitempty"`
	// ExistingID is on a 409 for a duplicate upload: the item the family already has.
	ExistingID int64 `json:"existingId,omitempty"`
}

const (
	msgNotFound     = "Not found"
	msgNotSignedIn  = "Not signed in"
	msgForbidden    = "You don't have permission to do that"
	msgServerFailed = "Something went wrong on our side. Please try again."
	msgUnavailable  = "Legacy Locker is briefly unavailable. Your data is safe; please try again in a minute."
)

// badRequest: the request itself is malformed (bad JSON, a bad query parameter).
func badRequest(message string) error {
	return &apiError{status: http.StatusBadRequest, message: message}
}

// fieldErrors: validation failed; the summary is the first field's message unless saying sets one.
func fieldErrors(v validator) *apiError {
	return &apiError{status: http.StatusBadRequest, message: firstMessage(v), fields: v}
}

// saying replaces the summary message of a validation failure (the spec names some of them).
func (e *apiError) saying(message string) *apiError {
	e.message = message
	return e
}

// notFound: unknown, or not visible to the caller (never 403 for what they may not see).
func notFound() error { return &apiError{status: http.StatusNotFound, message: msgNotFound} }

// notFoundSaying is a 404 with a message a person can act on.
func notFoundSaying(message string) error {
	return &apiError{status: http.StatusNotFound, message: message}
}

func unauthorized(message string) error {
	return &apiError{status: http.StatusUnauthorized, message: message}
}

// forbidden: the caller sees the thing but their access level does not allow the action.
func forbidden() error { return &apiError{status: http.StatusForbidden, message: msgForbidden} }

// forbiddenSaying is a 403 that says which rule refused the action.
func forbiddenSaying(message string) error {
	return &apiError{status: http.StatusForbidden, message: message}
}

// paymentRequired: the account's plan does not include this; the message names the plan.
func paymentRequired(message string) error {
	return &apiError{status: http.StatusPaymentRequired, message: message}
}

func conflict(message string) error { return &apiError{status: http.StatusConflict, message: message} }

// duplicateUpload: the athlete already has an item with the same bytes; existingID names it.
func duplicateUpload(message string, existingID int64) error {
	return &apiError{status: http.StatusConflict, message: message, existingID: existingID}
}

func gone(message string) error { return &apiError{status: http.StatusGone, message: message} }

// preconditionFailed: a header the request depends on says otherwise (tus: another protocol version).
func preconditionFailed(message string) error {
	return &apiError{status: http.StatusPreconditionFailed, message: message}
}

// locked: the resource is busy with another request for now (tus: another PATCH holds the upload).
func locked(message string) error { return &apiError{status: http.StatusLocked, message: message} }

func tooLarge(message string) error {
	return &apiError{status: http.StatusRequestEntityTooLarge, message: message}
}

func unsupportedType(message string) error {
	return &apiError{status: http.StatusUnsupportedMediaType, message: message}
}

// rateLimited answers 429 with Retry-After in whole seconds.
func rateLimited(message string, retryAfter time.Duration) error {
	return &apiError{status: http.StatusTooManyRequests, message: message, retryAfter: retryAfter}
}

// unavailable: a dependency (the database) is down; the client may try again shortly.
func unavailable(message string) error {
	return &apiError{status: http.StatusServiceUnavailable, message: message}
}

// routeNotFound answers API paths that match no route.
func routeNotFound(*echo.Context) error { return notFound() }

// errorHandler writes every error answer: the apiError a handler returned, Echo's own routing
// errors (404, 405) and, for anything else, a logged 500.
func (app *application) errorHandler(c *echo.Context, err error) {
	if r, _ := echo.UnwrapResponse(c.Response()); r != nil && r.Committed {
		return
	}
	var answer *apiError
	switch {
	case errors.As(err, &answer):
	case errors.Is(err, store.ErrNotFound):
		// A handler that looked a record up by what the caller sent, and found nothing.
		answer = &apiError{status: http.StatusNotFound, message: msgNotFound}
	case databaseDown(err):
		app.logger.WarnContext(c.Request().Context(), "database unavailable", "method", c.Request().Method, "route", c.Path(), "error", err)
		answer = &apiError{status: http.StatusServiceUnavailable, message: msgUnavailable}
	default:
		answer = &apiError{status: echo.StatusCode(err)}
		switch answer.status {
		case 0, http.StatusInternalServerError:
			app.logger.ErrorContext(c.Request().Context(), "request failed", "method", c.Request().Method, "route", c.Path(), "error", err)
			answer.status, answer.message = http.StatusInternalServerError, msgServerFailed
		case http.StatusNotFound:
			answer.message = msgNotFound
		default:
			answer.message = http.StatusText(answer.status)
		}
	}
	if answer.retryAfter > 0 {
		c.Response().Header().Set("Retry-After", strconv.Itoa(int((answer.retryAfter+time.Second-1)/time.Second)))
	}
	if writeErr := c.JSON(answer.status, errorBody{Message: answer.message, Errors: answer.fields, ExistingID: answer.existingID}); writeErr != nil {
		app.logger.WarnContext(c.Request().Context(), "writing error response", "error", writeErr)
	}
}

// databaseDown reports whether err means Postgres could not be reached or dropped the connection
// (stopped, restarting, network gone), as opposed to a query that failed on its own.
func databaseDown(err error) bool {
	var connectErr *pgconn.ConnectError
	var netErr net.Error
	var pgErr *pgconn.PgError
	switch {
	case errors.As(err, &connectErr), errors.As(err, &netErr):
		return true
	case errors.As(err, &pgErr):
		// Class 08: connection exceptions; 57P01–57P03: shutting down, crashed, cannot connect now.
		return strings.HasPrefix(pgErr.Code, "08") || pgErr.Code == "57P01" || pgErr.Code == "57P02" || pgErr.Code == "57P03"
	}
	return errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, syscall.ECONNREFUSED) || errors.Is(err, syscall.ECONNRESET) ||
		pgconn.SafeToRetry(err)
}

// writeJSONError answers outside Echo (cross-origin refusals, the session middleware) in the same
// shape as errorHandler.
func writeJSONError(w http.ResponseWriter, status int, message string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(errorBody{Message: message})
}

// sessionError answers when the session middleware cannot load or save a session: a database
// outage is a 503, anything else a logged 500, both as JSON.
func (app *application) sessionError(w http.ResponseWriter, r *http.Request, err error) {
	if databaseDown(err) {
		app.logger.WarnContext(r.Context(), "session store unavailable", "method", r.Method, "error", err)
		writeJSONError(w, http.StatusServiceUnavailable, msgUnavailable)
		return
	}
	app.logger.ErrorContext(r.Context(), "session failed", "method", r.Method, "error", err)
	writeJSONError(w, http.StatusInternalServerError, msgServerFailed)
}
