package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/riverqueue/river"
	"riverqueue.com/riverui"

	"legacylocker/store"
)

// The operators' tools live under /ops. Being an operator is a column on the user
// (`api operator add EMAIL`, or OPERATOR_EMAILS at start-up) and grants nothing on any athlete:
// the access function never reads it.

// requireOperator answers 404 to a signed-in user who is not an operator: for them /ops does not
// exist. It runs after requireUser, which answers 401 to a signed-out visitor.
func (app *application) requireOperator(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		if !currentUser(c).IsOperator {
			return routeNotFound(c)
		}
		return next(c)
	}
}

// setOperator makes the account with this e-mail an operator (or not), for `api operator add|remove`.
func setOperator(ctx context.Context, db store.DBTX, email string, operator bool) error {
	n, err := store.Q.UserSetOperator(ctx, db, store.UserSetOperatorParams{Email: strings.TrimSpace(email), IsOperator: operator})
	if err != nil {
		return err
	}
	if n == 0 {
		return fmt.Errorf("no account has the e-mail %q: create it first (sign up), then run this again", email)
	}
	return nil
}

// bootstrapOperators applies OPERATOR_EMAILS at start-up: each listed account that exists becomes
// an operator (one that signs up later becomes one as it registers).
func (app *application) bootstrapOperators(ctx context.Context) error {
	for _, email := range app.cfg.operatorEmails {
		if _, err := store.Q.UserSetOperator(ctx, app.pool, store.UserSetOperatorParams{Email: email, IsOperator: true}); err != nil {
			return fmt.Errorf("making %s an operator: %w", email, err)
		}
	}
	return nil
}

// isBootstrapOperator reports whether OPERATOR_EMAILS names this address.
func (cfg config) isBootstrapOperator(email string) bool {
	for _, e := range cfg.operatorEmails {
		if strings.EqualFold(e, email) {
			return true
		}
	}
	return false
}

// newRiverUI is River's own queue UI, mounted at /ops/riverui/. Job arguments are hidden until an
// operator asks for them: they carry the ids of minors' records.
func (app *application) newRiverUI() (*riverui.Handler, error) {
	return riverui.NewHandler(&riverui.HandlerOpts{
		Endpoints:                riverui.NewEndpoints(app.jobs, nil),
		Logger:                   app.logger,
		Prefix:                   "/ops/riverui",
		JobListHideArgsByDefault: true,
	})
}

// serveRiverUI hands the request to riverui, and writes every state-changing one that succeeded
// (retry, cancel or delete jobs; pause, resume or change a queue) to operator_audit.
func (app *application) serveRiverUI(c *echo.Context) error {
	req := c.Request()
	if req.Method == http.MethodGet || req.Method == http.MethodHead {
		app.riverUI.ServeHTTP(c.Response(), req)
		return nil
	}
	body, err := io.ReadAll(http.MaxBytesReader(c.Response(), req.Body, maxJSONBody))
	if err != nil {
		return tooLarge("The request is too large")
	}
	req.Body = io.NopCloser(bytes.NewReader(body))
	app.riverUI.ServeHTTP(c.Response(), req)
	if r, _ := echo.UnwrapResponse(c.Response()); r == nil || r.Status >= 300 {
		return nil
	}
	user := currentUser(c)
	action := req.Method + " " + strings.TrimPrefix(req.URL.Path, "/ops/riverui")
	err = store.Q.OperatorAuditRecord(req.Context(), app.pool, store.OperatorAuditRecordParams{
		OperatorID: &user.ID, OperatorEmail: user.Email, Action: action, Target: auditTarget(body),
	})
	if err != nil {
		// The action happened: say so in the log rather than answer an error for it.
		app.logger.ErrorContext(req.Context(), "operator action not audited", "operator", user.ID, "action", action, "error", err)
	}
	return nil
}

// auditTarget is what an operator action was applied to: the job ids riverui sends, else the
// body as sent (a queue's settings); the queue of a queue action is in the path.
func auditTarget(body []byte) string {
	var ids struct {
		IDs []json.Number `json:"ids"`
	}
	if json.Unmarshal(body, &ids) == nil && len(ids.IDs) > 0 {
		parts := make([]string, len(ids.IDs))
		for i, id := range ids.IDs {
			parts[i] = id.String()
		}
		return "jobs " + strings.Join(parts, ",")
	}
	return string(bytes.TrimSpace(body))
}

// opsAuditShown is how many of the newest operator actions the Operations page lists, and
// opsFailuresShown how many failures its summary carries (the rest: GET /api/ops/failures).
const (
	opsAuditShown    = 20
	opsFailuresShown = 20
)

var opsFailurePages = pages{list: "failures", size: 50, maxSize: 200}

func failureKey(f store.JobFailure) timeKey { return timeKey{At: f.FailedAt, ID: f.ID} }

// listFailures pages through every failed job, newest first, for the Operations page's "more".
func (app *application) listFailures(c *echo.Context) error {
	return listPage(c, opsFailurePages, failureKey, func(f store.JobFailure) store.JobFailure { return f },
		func(p page[timeKey]) ([]store.JobFailure, error) {
			at, id := p.After.keyset()
			return store.OpsFailures(c.Request().Context(), app.pool, at, id, p.MaxRows())
		})
}

// opsSummary is the Operations page: each queue now, each job kind over the last hour, the newest
// failures with the record each belongs to, the newest operator actions, and backups (ops_backups.go).
func (app *application) opsSummary(c *echo.Context) error {
	ctx := c.Request().Context()
	queues, err := store.OpsQueues(ctx, app.pool)
	if err != nil {
		return err
	}
	kinds, err := store.OpsKinds(ctx, app.pool)
	if err != nil {
		return err
	}
	if kinds == nil {
		kinds = []store.KindSummary{}
	}
	failures, err := store.OpsFailures(ctx, app.pool, nil, nil, opsFailuresShown)
	if err != nil {
		return err
	}
	audit, err := store.Q.OperatorAuditRecent(ctx, app.pool, opsAuditShown)
	if err != nil {
		return err
	}
	type auditEntry struct {
		Operator string    `json:"operator"`
		Action   string    `json:"action"`
		Target   string    `json:"target"`
		At       time.Time `json:"at"`
	}
	actions := make([]auditEntry, len(audit))
	for i, a := range audit {
		actions[i] = auditEntry{Operator: a.OperatorEmail, Action: a.Action, Target: a.Target, At: a.CreatedAt}
	}
	backups, err := app.backupStatus(ctx, time.Now())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{
		"queues": queues, "kinds": kinds, "failures": failures, "audit": actions, "backups": backups,
		"supportEmail": app.cfg.supportEmail,
	})
}

// retryJob runs a failed job again now (River's JobRetry), from the Operations page.
func (app *application) retryJob(c *echo.Context) error {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil {
		return notFound()
	}
	ctx := c.Request().Context()
	if _, err := app.jobs.JobRetry(ctx, id); err != nil {
		if errors.Is(err, river.ErrNotFound) {
			return notFound()
		}
		return err
	}
	user := currentUser(c)
	err = store.Q.OperatorAuditRecord(ctx, app.pool, store.OperatorAuditRecordParams{
		OperatorID: &user.ID, OperatorEmail: user.Email, Action: "POST /api/ops/jobs/:id/retry", Target: fmt.Sprintf("jobs %d", id),
	})
	if err != nil {
		return fmt.Errorf("auditing a retry: %w", err)
	}
	return c.NoContent(http.StatusNoContent)
}
