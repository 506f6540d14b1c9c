package main

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestOperatorsGrantAPlanWithoutStripe: a grant lifts the account's limits at once, the status says
// until when, it is audited, it ends on its day or when revoked, and only operators may give one.
func TestOperatorsGrantAPlanWithoutStripe(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	family, _ := s.registered(t, "school@example.com")
	operator, _ := s.registered(t, "ops@example.com")
	s.makeOperator(t, "ops@example.com")

	status := family.do("GET", "/api/subscription/status", nil).json(t)
	require.Equal(t, "free", status["tier"])
	require.Nil(t, status["grant"])

	until := time.Now().AddDate(0, 2, 0).Format(time.DateOnly)
	res := family.do("POST", "/api/ops/plan-grants", map[string]string{"email": "school@example.com", "tier": "family", "until": until})
	require.Equal(t, http.StatusNotFound, res.status, "a family cannot grant itself a plan")
	require.Equal(t, http.StatusBadRequest, operator.do("POST", "/api/ops/plan-grants", map[string]string{"email": "school@example.com", "tier": "gold"}).status)
	require.Equal(t, http.StatusBadRequest, operator.do("POST", "/api/ops/plan-grants", map[string]string{"email": "school@example.com", "tier": "family", "until": "2001-01-01"}).status)
	require.Equal(t, http.StatusNotFound, operator.do("POST", "/api/ops/plan-grants", map[string]string{"email": "nobody@example.com", "tier": "family"}).status)

	res = operator.do("POST", "/api/ops/plan-grants", map[string]string{"email": "School@Example.com", "tier": "family", "until": until})
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	status = family.do("GET", "/api/subscription/status", nil).json(t)
	require.Equal(t, "family", status["tier"], "the family's limits are the granted plan's")
	require.Equal(t, "free", status["subscribedTier"], "what it pays for is unchanged")
	grant := status["grant"].(map[string]any)
	require.Equal(t, "family", grant["tier"])
	require.Contains(t, grant["until"], until[:7])
	require.Equal(t, 1, count(t, s, "SELECT count(*) FROM operator_audit WHERE action = 'plan.grant' AND operator_email = 'ops@example.com' AND target LIKE 'account % family until %'"))

	// Past its last day the grant is over by itself.
	_, err := s.pool.Exec(context.Background(), "UPDATE plan_grants SET granted_until = now() - interval '1 second'")
	require.NoError(t, err)
	require.Equal(t, "free", family.do("GET", "/api/subscription/status", nil).json(t)["tier"])

	require.Equal(t, http.StatusOK, operator.do("POST", "/api/ops/plan-grants", map[string]string{"email": "school@example.com", "tier": "premium"}).status)
	status = family.do("GET", "/api/subscription/status", nil).json(t)
	require.Equal(t, "premium", status["tier"])
	require.Nil(t, status["grant"].(map[string]any)["until"], "no last day: until revoked")
	require.Equal(t, http.StatusNoContent, operator.do("POST", "/api/ops/plan-grants/revoke", map[string]string{"email": "school@example.com"}).status)
	require.Equal(t, "free", family.do("GET", "/api/subscription/status", nil).json(t)["tier"])
	require.Equal(t, http.StatusNotFound, operator.do("POST", "/api/ops/plan-grants/revoke", map[string]string{"email": "school@example.com"}).status)
	require.Equal(t, 1, count(t, s, "SELECT count(*) FROM operator_audit WHERE action = 'plan.revoke'"))
}

// TestPlanGrantCommand: `api plan grant` and `api plan revoke` at the server's shell.
func TestPlanGrantCommand(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	family, _ := s.registered(t, "coach@example.com")
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	ctx := context.Background()

	require.Error(t, runCommand(ctx, s.app.cfg, quiet, s.pool, []string{"plan", "grant", "coach@example.com"}))
	require.NoError(t, runCommand(ctx, s.app.cfg, quiet, s.pool, []string{"plan", "grant", "coach@example.com", "basic", "--until", time.Now().AddDate(1, 0, 0).Format(time.DateOnly)}))
	require.Equal(t, "basic", family.do("GET", "/api/subscription/status", nil).json(t)["tier"])
	require.Equal(t, 1, count(t, s, "SELECT count(*) FROM operator_audit WHERE action = 'plan.grant' AND operator_email LIKE 'cli%' AND operator_id IS NULL"))
	require.NoError(t, runCommand(ctx, s.app.cfg, quiet, s.pool, []string{"plan", "revoke", "coach@example.com"}))
	require.Equal(t, "free", family.do("GET", "/api/subscription/status", nil).json(t)["tier"])
}
