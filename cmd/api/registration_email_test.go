package main

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertest"
	"github.com/stretchr/testify/require"

	"legacylocker/jobs"
)

func TestRegistrationQueuesWelcomeEmail(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	s.registered(t, "ana@example.com")

	var id int64
	var to, subject, status string
	require.NoError(t, s.pool.QueryRow(context.Background(),
		"SELECT id, to_address, subject, status FROM outbound_emails WHERE kind = 'welcome'").Scan(&id, &to, &subject, &status))
	require.Equal(t, "ana@example.com", to)
	require.Equal(t, "Welcome to Legacy Locker", subject)
	require.Equal(t, "pending", status)
	// With it, the link that confirms the address.
	sent := rivertest.RequireManyInserted(context.Background(), t, riverpgxv5.New(s.pool), []rivertest.ExpectedJob{
		{Args: jobs.EmailSendArgs{}}, {Args: jobs.EmailSendArgs{}},
	})
	require.Contains(t, string(sent[0].EncodedArgs)+string(sent[1].EncodedArgs), fmt.Sprintf(`"email_id": %d}`, id))
	require.Equal(t, 1, count(t, s, "SELECT count(*) FROM outbound_emails WHERE kind = 'email_verification' AND to_address = 'ana@example.com' AND body_text LIKE '%/verify-email/%'"))
}

func TestFailedRegistrationQueuesNothing(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	s.registered(t, "ana@example.com")

	res := s.newClient(t).do("POST", "/api/register", map[string]string{"firstName": "A", "lastName": "B", "email": "ana@example.com", "password": goodPassword})
	require.Equal(t, http.StatusConflict, res.status)

	var emails, jobsQueued int
	require.NoError(t, s.pool.QueryRow(context.Background(), "SELECT count(*) FROM outbound_emails").Scan(&emails))
	require.NoError(t, s.pool.QueryRow(context.Background(), "SELECT count(*) FROM river_job").Scan(&jobsQueued))
	require.Equal(t, 2, emails, "the first registration's welcome and confirmation link")
	require.Equal(t, 2, jobsQueued)
}

// TestInvitedFamilyIsWelcomedToTheirAthlete: someone who signs up to accept an invitation is
// welcomed into that athlete's circle, not told to create a profile of their own.
func TestInvitedFamilyIsWelcomedToTheirAthlete(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	res := owner.do("POST", fmt.Sprintf("/api/athletes/%d/family-circle", athlete), map[string]string{"name": "Rose", "email": "Rose@example.com", "relationship": "grandparent", "accessLevel": "viewer"})
	require.Equal(t, http.StatusCreated, res.status)
	s.registered(t, "rose@example.com")

	var body string
	require.NoError(t, s.pool.QueryRow(context.Background(),
		"SELECT body_text FROM outbound_emails WHERE kind = 'welcome' AND to_address = 'rose@example.com'").Scan(&body))
	require.Contains(t, body, "follows Jordan Lee's journey")
	require.NotContains(t, body, "creating your athlete's profile")
}
