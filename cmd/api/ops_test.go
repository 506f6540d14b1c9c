package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"legacylocker/cmd/internal/observe"
	"legacylocker/store"
)

// makeOperator runs `api operator add EMAIL` against the test server's database.
func (s *testServer) makeOperator(t *testing.T, email string) {
	t.Helper()
	require.NoError(t, setOperator(context.Background(), s.pool, email, true))
}

// TestOperatorsOnly: /ops answers 401 signed out and 404 to a signed-in user who is not an
// operator, whatever their family role; an operator gets River's UI and its API. Being an operator
// gives nothing on any athlete: as a stranger to one, the operator still gets 404 on its routes.
func TestOperatorsOnly(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	operator, _ := s.registered(t, "ops@example.com")
	s.makeOperator(t, "OPS@example.com")
	signedOut := s.newClient(t)

	for _, path := range []string{"/ops", "/ops/riverui/", "/ops/riverui/api/queues", "/ops/riverui/api/jobs?state=available", "/api/ops/failures"} {
		require.Equal(t, http.StatusUnauthorized, signedOut.do("GET", path, nil).status, "%s signed out", path)
		res := owner.do("GET", path, nil)
		require.Equal(t, http.StatusNotFound, res.status, "%s as a family owner who is not an operator", path)
		require.NotContains(t, string(res.body), "River", "a non-operator learns nothing of the queues")
	}
	require.Equal(t, http.StatusNotFound, owner.do("POST", "/ops/riverui/api/jobs/retry", map[string]any{"ids": []int64{1}}).status)

	page := operator.do("GET", "/ops/riverui/", nil)
	require.Equal(t, http.StatusOK, page.status)
	require.Contains(t, string(page.body), "<title>River</title>")
	features := operator.do("GET", "/ops/riverui/api/features", nil)
	require.Equal(t, http.StatusOK, features.status)
	require.Equal(t, true, features.json(t)["job_list_hide_args_by_default"], "job arguments (ids of minors' records) start hidden")
	require.Equal(t, http.StatusOK, operator.do("GET", "/ops/riverui/api/queues", nil).status)
	require.True(t, operator.do("GET", "/api/user", nil).json(t)["isOperator"].(bool))
	require.False(t, owner.do("GET", "/api/user", nil).json(t)["isOperator"].(bool))

	for _, path := range []string{"/api/athletes/%d", "/api/athletes/%d/journal", "/api/athletes/%d/media", "/api/athletes/%d/family-circle"} {
		require.Equal(t, http.StatusNotFound, operator.do("GET", fmt.Sprintf(path, athlete), nil).status, path+" as an operator who is a stranger")
	}
	require.Equal(t, http.StatusNotFound, operator.do("PUT", fmt.Sprintf("/api/athletes/%d", athlete), athleteBody(nil)).status)

	require.NoError(t, setOperator(context.Background(), s.pool, "ops@example.com", false))
	require.Equal(t, http.StatusNotFound, operator.do("GET", "/ops/riverui/", nil).status, "removed operators lose /ops at once")
	require.ErrorContains(t, setOperator(context.Background(), s.pool, "nobody@example.com", true), "no account has the e-mail")
}

// TestOperatorActionsAreAudited: retrying a job and pausing a queue through riverui each leave an
// operator_audit row naming who did what to which job or queue; a refused cross-site request does
// nothing and leaves none.
func TestOperatorActionsAreAudited(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	operator, operatorID := s.registered(t, "ops@example.com")
	s.makeOperator(t, "ops@example.com")
	ctx := context.Background()
	// Registering queued the operator's welcome e-mail: make it a job that gave up.
	var jobID int64
	require.NoError(t, s.pool.QueryRow(ctx, "SELECT id FROM river_job ORDER BY id DESC LIMIT 1").Scan(&jobID))
	_, err := s.pool.Exec(ctx, "UPDATE river_job SET state = 'discarded', finalized_at = now() WHERE id = $1", jobID)
	require.NoError(t, err)

	res := operator.do("POST", "/ops/riverui/api/jobs/retry", map[string]any{"ids": []string{fmt.Sprint(jobID)}}, "Origin", s.URL)
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	var state string
	require.NoError(t, s.pool.QueryRow(ctx, "SELECT state FROM river_job WHERE id = $1", jobID).Scan(&state))
	require.Equal(t, "available", state, "the job was retried")
	// A queue exists once a worker has run it.
	_, err = s.pool.Exec(ctx, "INSERT INTO river_queue (name, created_at, updated_at) VALUES ('default', now(), now())")
	require.NoError(t, err)
	res = operator.do("PUT", "/ops/riverui/api/queues/default/pause", map[string]any{}, "Origin", s.URL)
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	crossSite := operator.do("POST", "/ops/riverui/api/jobs/cancel", map[string]any{"ids": []string{fmt.Sprint(jobID)}}, "Origin", "https://evil.example", "Sec-Fetch-Site", "cross-site")
	require.Equal(t, http.StatusForbidden, crossSite.status)

	audit, err := store.Q.OperatorAuditRecent(ctx, s.pool, 10)
	require.NoError(t, err)
	require.Len(t, audit, 2)
	require.Equal(t, "PUT /api/queues/default/pause", audit[0].Action)
	require.Equal(t, "POST /api/jobs/retry", audit[1].Action)
	require.Equal(t, fmt.Sprintf("jobs %d", jobID), audit[1].Target)
	require.Equal(t, operatorID, *audit[1].OperatorID)
	require.Equal(t, "ops@example.com", audit[1].OperatorEmail)
}

// TestOperatorEmailsBootstrap: OPERATOR_EMAILS makes a listed account an operator at start-up, and
// one that signs up later as it registers; nobody else.
func TestOperatorEmailsBootstrap(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	early, _ := s.registered(t, "first@example.com")
	s.app.cfg.operatorEmails = []string{"First@example.com", "later@example.com"}
	require.NoError(t, s.app.start(t.Context()))
	require.Equal(t, http.StatusOK, early.do("GET", "/ops/riverui/api/queues", nil).status)
	later, _ := s.registered(t, "later@example.com")
	require.True(t, later.do("GET", "/api/user", nil).json(t)["isOperator"].(bool))
	other, _ := s.registered(t, "other@example.com")
	require.False(t, other.do("GET", "/api/user", nil).json(t)["isOperator"].(bool))
}

// TestOperatorCommand runs `api operator add EMAIL` and `api operator remove EMAIL` as a person would.
func TestOperatorCommand(t *testing.T) {
	s := newTestServer(t)
	c, _ := s.registered(t, "ops@example.com")
	t.Setenv("DATABASE_URL", s.pool.Config().ConnString())
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	require.NoError(t, run(context.Background(), logger, []string{"operator", "add", "ops@example.com"}))
	require.True(t, c.do("GET", "/api/user", nil).json(t)["isOperator"].(bool))
	require.NoError(t, run(context.Background(), logger, []string{"operator", "remove", "ops@example.com"}))
	require.False(t, c.do("GET", "/api/user", nil).json(t)["isOperator"].(bool))
	require.ErrorContains(t, run(context.Background(), logger, []string{"operator", "add", "ghost@example.com"}), "no account has the e-mail")
	require.ErrorContains(t, run(context.Background(), logger, []string{"operator", "promote", "ops@example.com"}), "unknown command")
}

// TestMetrics: after a family's requests and an upload, /metrics on the metrics address counts them
// by route pattern (never the raw path with its ids) and status, with latency and uploaded bytes.
func TestMetrics(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c, _ := s.registered(t, "ana@example.com")
	athlete := createAthlete(t, c)
	require.Equal(t, http.StatusOK, c.do("GET", fmt.Sprintf("/api/athletes/%d/journal", athlete), nil).status)
	require.Equal(t, http.StatusNotFound, c.do("GET", "/api/athletes/999999/journal", nil).status)
	img := testPNG(t)
	uploadPhoto(t, c, athlete, img)

	addr := observe.Serve(t.Context(), "127.0.0.1:0", s.app.registry, s.app.ready, slog.New(slog.NewTextHandler(io.Discard, nil)))
	res, err := http.Get("http://" + addr + "/metrics")
	require.NoError(t, err)
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	metrics := string(body)
	require.Contains(t, metrics, `http_requests_total{method="GET",route="/api/athletes/:id/journal",status="200"} 1`)
	require.Contains(t, metrics, `http_requests_total{method="GET",route="/api/athletes/:id/journal",status="404"} 1`)
	require.Contains(t, metrics, `http_request_duration_seconds_count{method="GET",route="/api/athletes/:id/journal"} 2`)
	require.NotContains(t, metrics, `route="/api/athletes/999999`, "paths never become labels")
	require.Contains(t, metrics, fmt.Sprintf("upload_bytes_total %d", len(img)))
	require.Contains(t, metrics, `river_queue_jobs{queue="media",state="available"}`, "the upload's processing job waits")
}

// TestReadiness: /readyz says ready only when the database answers, this build's migrations are
// all applied and media storage takes a write, and says which one is missing.
func TestReadiness(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c := s.newClient(t)
	require.Equal(t, http.StatusOK, c.do("GET", "/readyz", nil).status)

	// Another build's api migrated the database back one step: this one's schema is not there.
	s.app.readiness.passed = time.Time{}
	var version int64
	require.NoError(t, s.pool.QueryRow(context.Background(), "SELECT max(version_id) FROM goose_db_version").Scan(&version))
	_, err := s.pool.Exec(context.Background(), "DELETE FROM goose_db_version WHERE version_id = $1", version)
	require.NoError(t, err)
	res := c.do("GET", "/readyz", nil)
	require.Equal(t, http.StatusServiceUnavailable, res.status)
	require.Equal(t, "Database migrations are not applied", res.message(t))
	_, err = s.pool.Exec(context.Background(), "INSERT INTO goose_db_version (version_id, is_applied) VALUES ($1, true)", version)
	require.NoError(t, err)

	require.NoError(t, os.RemoveAll(s.app.cfg.media.dir))
	res = c.do("GET", "/readyz", nil)
	require.Equal(t, http.StatusServiceUnavailable, res.status)
	require.Equal(t, "Media storage is not writable", res.message(t))
	require.NoError(t, os.MkdirAll(s.app.cfg.media.dir, 0o750))
	require.Equal(t, http.StatusOK, c.do("GET", "/readyz", nil).status)
	require.Empty(t, s.storedFiles(t), "the probe leaves nothing behind")
}

// TestOperationsSummary: the Operations page's numbers from River's tables — per queue now, per
// kind over the last hour, the newest failures with their record — and retrying a failed job from
// it, which is audited. Nobody but an operator gets any of it.
func TestOperationsSummary(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	operator, _ := s.registered(t, "ops@example.com")
	s.makeOperator(t, "ops@example.com")
	family, _ := s.registered(t, "ana@example.com")
	ctx := context.Background()
	_, err := s.pool.Exec(ctx, "DELETE FROM river_job") // the welcome e-mails
	require.NoError(t, err)
	_, err = s.pool.Exec(ctx, `
		INSERT INTO river_job (args, kind, max_attempts, queue, state, attempt, scheduled_at, attempted_at, finalized_at, errors)
		SELECT v.args::jsonb, v.kind, 5, v.queue, v.state::river_job_state, v.attempt, now() - v.age::interval,
		       CASE WHEN v.state <> 'available' THEN now() - v.age::interval END,
		       CASE WHEN v.state IN ('completed', 'discarded') THEN now() - v.age::interval + v.run::interval END,
		       CASE WHEN v.error <> '' THEN ARRAY[jsonb_build_object('error', v.error, 'attempt', v.attempt, 'at', now())] END
		FROM (VALUES
		    ('{"media_id": 12}', 'media_process', 'media', 'available', 0, '2 minutes', '0 s', ''),
		    ('{"media_id": 13}', 'media_process', 'media', 'completed', 1, '10 minutes', '2 s', ''),
		    ('{"media_id": 14}', 'media_process', 'media', 'completed', 1, '20 minutes', '4 s', ''),
		    ('{"entry_id": 7, "content_version": 2}', 'journal_enhance', 'ai', 'discarded', 5, '5 minutes', '1 s', 'model answered 500'),
		    ('{"email_id": 3}', 'email_send', 'default', 'retryable', 2, '1 minute', '0 s', 'smtp: 451 try later')
		) AS v (args, kind, queue, state, attempt, age, run, error)`)
	require.NoError(t, err)

	require.Equal(t, http.StatusNotFound, family.do("GET", "/api/ops/summary", nil).status)
	res := operator.do("GET", "/api/ops/summary", nil)
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	var summary struct {
		Queues   []store.QueueSummary `json:"queues"`
		Kinds    []store.KindSummary  `json:"kinds"`
		Failures []store.JobFailure   `json:"failures"`
	}
	require.NoError(t, json.Unmarshal(res.body, &summary))
	queues := map[string]store.QueueSummary{}
	for _, q := range summary.Queues {
		queues[q.Queue] = q
	}
	require.EqualValues(t, 1, queues["media"].Available)
	require.InDelta(t, 120, queues["media"].OldestWaitingSec, 30)
	require.EqualValues(t, 1, queues["ai"].FailedLastDay)
	require.EqualValues(t, 1, queues["default"].Retryable)
	kinds := map[string]store.KindSummary{}
	for _, k := range summary.Kinds {
		kinds[k.Kind] = k
	}
	require.EqualValues(t, 2, kinds["media_process"].Completed)
	require.InDelta(t, 3, kinds["media_process"].P50Sec, 0.01)
	require.EqualValues(t, 1, kinds["journal_enhance"].Failed)
	require.False(t, kinds["media_process"].Capped)
	require.Len(t, summary.Failures, 2)
	require.Equal(t, "email_send", summary.Failures[0].Kind, "newest first")
	require.Equal(t, "smtp: 451 try later", summary.Failures[0].Error)
	require.Equal(t, "email 3", summary.Failures[0].Record)
	require.Equal(t, "entry 7", summary.Failures[1].Record, "only the record's id, never the other arguments")

	discarded := summary.Failures[1].ID
	require.Equal(t, http.StatusNotFound, family.do("POST", fmt.Sprintf("/api/ops/jobs/%d/retry", discarded), nil).status)
	require.Equal(t, http.StatusNoContent, operator.do("POST", fmt.Sprintf("/api/ops/jobs/%d/retry", discarded), nil).status)
	var state string
	require.NoError(t, s.pool.QueryRow(ctx, "SELECT state FROM river_job WHERE id = $1", discarded).Scan(&state))
	require.Equal(t, "available", state)
	require.Equal(t, http.StatusNotFound, operator.do("POST", "/api/ops/jobs/999999/retry", nil).status)
	audit, err := store.Q.OperatorAuditRecent(ctx, s.pool, 5)
	require.NoError(t, err)
	require.Len(t, audit, 1)
	require.Equal(t, fmt.Sprintf("jobs %d", discarded), audit[0].Target)
}

// opsMatrix: operators only; TestOperatorsOnly covers the rest (401 signed out, 404 to everyone else).
var opsMatrix = matrixArea{
	outside: map[string]int{
		"GET /api/ops/summary":             http.StatusUnauthorized,
		"GET /api/ops/failures":            http.StatusUnauthorized,
		"POST /api/ops/jobs/:id/retry":     http.StatusUnauthorized,
		"POST /api/ops/plan-grants":        http.StatusUnauthorized,
		"POST /api/ops/plan-grants/revoke": http.StatusUnauthorized,
		// TestContactMessagesOperatorsOnly: 401 signed out, 404 to a signed-in account that is not an operator.
		"GET /api/ops/contact-messages":                http.StatusUnauthorized,
		"PUT /api/ops/contact-messages/:id/handled":    http.StatusUnauthorized,
		"DELETE /api/ops/contact-messages/:id/handled": http.StatusUnauthorized,
		"GET /ops": 0, "echo_route_not_found /api/ops": 0, "echo_route_not_found /api/ops/*": 0,
		"echo_route_any /ops/riverui": 0, "echo_route_any /ops/riverui/*": 0, "echo_route_not_found /ops": 0, "echo_route_not_found /ops/*": 0,
	},
	rows: func(*matrix) []matrixRoute { return nil },
}

// TestFailuresInPages: every failed job (given up or waiting to retry) once across the pages of
// GET /api/ops/failures, newest first with jobs that failed at the same moment told apart by id,
// and a job that fails after the walk began never repeating one already seen.
func TestFailuresInPages(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	operator, _ := s.registered(t, "ops@example.com")
	s.makeOperator(t, "ops@example.com")
	family, _ := s.registered(t, "ana@example.com")
	fail := func(n int, state string) {
		execSQL(t, s, `
			INSERT INTO river_job (args, kind, max_attempts, queue, state, attempt, scheduled_at, attempted_at, finalized_at, errors)
			SELECT jsonb_build_object('media_id', g), 'media_process', 5, 'media', $2::river_job_state, 1, now(),
			       timestamptz '2026-01-01' + (g / 3) * interval '1 minute',
			       CASE WHEN $2 = 'discarded' THEN timestamptz '2026-01-01' + (g / 3) * interval '1 minute' END,
			       ARRAY[jsonb_build_object('error', 'ffmpeg exited 1', 'attempt', 1, 'at', now())]
			FROM generate_series(1, $1::int) AS g`, n, state)
	}
	fail(95, "discarded")
	fail(40, "retryable")
	want := idsOf(t, s, `SELECT id FROM river_job WHERE state IN ('discarded', 'retryable') ORDER BY attempted_at DESC, id DESC`)
	require.Len(t, want, 135)

	require.Equal(t, http.StatusNotFound, family.do("GET", "/api/ops/failures", nil).status)
	require.Equal(t, want, flatten(t, walkPages(t, operator, "/api/ops/failures", 20, nil)))
	got := flatten(t, walkPages(t, operator, "/api/ops/failures", 20, func(page int) {
		if page == 2 {
			fail(5, "discarded")
		}
	}))
	for _, id := range want {
		require.Contains(t, got, id)
	}
	require.Equal(t, http.StatusBadRequest, operator.do("GET", "/api/ops/failures?cursor=nope", nil).status)
	require.Equal(t, http.StatusBadRequest, operator.do("GET", "/api/ops/failures?limit=500", nil).status)
}
