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
	job := rivertest.RequireInserted(context.Background(), t, riverpgxv5.New(s.pool), jobs.EmailSendArgs{}, nil)
	require.Equal(t, id, job.Args.EmailID)
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
	require.Equal(t, 1, emails)
	require.Equal(t, 1, jobsQueued)
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
