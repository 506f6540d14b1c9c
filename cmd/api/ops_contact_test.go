package main

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

const testSupportEmail = "support@legacylocker.example"

func withSupportEmail(cfg *config) { cfg.supportEmail = testSupportEmail }

// TestContactMessageReachesSupport: a message sent through the contact form goes out over SMTP to
// SUPPORT_EMAIL, once, with the sender's words and a Reply-To that answers the sender.
func TestContactMessageReachesSupport(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, withSupportEmail)
	smtpServer := s.startMailWorker(t)
	visitor := s.newClient(t)

	res := visitor.do("POST", "/api/contact", map[string]string{
		"name": "Pat Lee", "email": " Pat@Example.com", "subject": "Can grandparents join?", "message": "Rose has no e-mail.\nCan she still follow Jo?"})
	require.Equal(t, http.StatusCreated, res.status, string(res.body))

	msgs := smtpServer.WaitFor(t, 1, 15*time.Second)
	require.Len(t, msgs, 1)
	msg := msgs[0]
	require.Equal(t, []string{testSupportEmail}, msg.To)
	require.Equal(t, "Contact: Can grandparents join?", msg.Subject)
	require.Equal(t, "<pat@example.com>", msg.Header.Get("Reply-To"))
	require.Contains(t, msg.Body, "Pat Lee <pat@example.com> wrote through the contact form:")
	require.Contains(t, msg.Body, "Rose has no e-mail.\nCan she still follow Jo?")
	require.Contains(t, msg.Body, "http://localhost:8080/ops")

	waitJobsDone(t, s)
	var queued int
	require.NoError(t, s.pool.QueryRow(context.Background(),
		"SELECT count(*) FROM outbound_emails WHERE kind = 'contact_message' AND to_address = $1 AND reply_to <> '' AND status = 'ready'", testSupportEmail).Scan(&queued))
	require.Equal(t, 1, queued, "exactly one e-mail, delivered")
	require.Len(t, smtpServer.Messages(), 1)
}

// TestContactMessagesForOperators: operators list every message newest first in pages, mark one
// handled (kept as first marked when marked again) and clear the mark; each mark is audited.
func TestContactMessagesForOperators(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	operator, _ := s.registered(t, "ops@example.com")
	s.makeOperator(t, "ops@example.com")
	visitor := s.newClient(t)
	for i := 1; i <= 3; i++ {
		res := visitor.do("POST", "/api/contact", map[string]string{
			"name": fmt.Sprintf("Sender %d", i), "email": fmt.Sprintf("sender%d@example.com", i), "subject": fmt.Sprintf("Question %d", i), "message": "Hello"})
		require.Equal(t, http.StatusCreated, res.status, string(res.body))
	}

	first := operator.do("GET", "/api/ops/contact-messages?limit=2", nil)
	require.Equal(t, http.StatusOK, first.status, string(first.body))
	page := listOf(t, first)
	require.Equal(t, []string{"Question 3", "Question 2"}, subjects(page))
	require.Nil(t, page[0]["handledAt"])
	require.Equal(t, "sender3@example.com", page[0]["email"])
	cursor := first.header.Get(nextCursorHeader)
	require.NotEmpty(t, cursor)
	second := operator.do("GET", "/api/ops/contact-messages?limit=2&cursor="+url.QueryEscape(cursor), nil)
	require.Equal(t, http.StatusOK, second.status)
	require.Equal(t, []string{"Question 1"}, subjects(listOf(t, second)))
	require.Empty(t, second.header.Get(nextCursorHeader), "the last page has no cursor")
	require.Equal(t, http.StatusBadRequest, operator.do("GET", "/api/ops/contact-messages?cursor=bogus", nil).status)

	id := int64(page[0]["id"].(float64))
	handled := fmt.Sprintf("/api/ops/contact-messages/%d/handled", id)
	res := operator.do("PUT", handled, nil)
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	marked := res.json(t)
	require.NotNil(t, marked["handledAt"])
	require.Equal(t, "ops@example.com", marked["handledBy"])
	again := operator.do("PUT", handled, nil).json(t)
	require.Equal(t, marked["handledAt"], again["handledAt"], "marking again keeps when it was first handled")
	listed := listOf(t, operator.do("GET", "/api/ops/contact-messages", nil))
	require.Equal(t, marked["handledAt"], listed[0]["handledAt"])
	require.Nil(t, listed[1]["handledAt"], "only that message is handled")

	res = operator.do("DELETE", handled, nil)
	require.Equal(t, http.StatusOK, res.status)
	require.Nil(t, res.json(t)["handledAt"])
	require.Equal(t, "", res.json(t)["handledBy"])
	require.Equal(t, http.StatusNotFound, operator.do("PUT", "/api/ops/contact-messages/999999/handled", nil).status)
	require.Equal(t, http.StatusNotFound, operator.do("DELETE", "/api/ops/contact-messages/nine/handled", nil).status)

	var audited []string
	rows, err := s.pool.Query(context.Background(), "SELECT action || ' ' || target FROM operator_audit ORDER BY id")
	require.NoError(t, err)
	for rows.Next() {
		var line string
		require.NoError(t, rows.Scan(&line))
		audited = append(audited, line)
	}
	require.NoError(t, rows.Err())
	target := fmt.Sprintf("contact message %d", id)
	require.Equal(t, []string{"contact.handled " + target, "contact.handled " + target, "contact.unhandled " + target}, audited)
}

// TestContactMessagesOperatorsOnly: a signed-out visitor gets 401 and a signed-in account that is
// not an operator 404 on every contact route of /ops, and marks nothing.
func TestContactMessagesOperatorsOnly(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	stranger, _ := s.registered(t, "stranger@example.com")
	signedOut := s.newClient(t)
	res := signedOut.do("POST", "/api/contact", map[string]string{"name": "Pat", "email": "pat@example.com", "subject": "Hi", "message": "Hello"})
	require.Equal(t, http.StatusCreated, res.status)
	var id int64
	require.NoError(t, s.pool.QueryRow(context.Background(), "SELECT id FROM contact_messages").Scan(&id))

	for _, call := range []struct{ method, path string }{
		{"GET", "/api/ops/contact-messages"},
		{"PUT", fmt.Sprintf("/api/ops/contact-messages/%d/handled", id)},
		{"DELETE", fmt.Sprintf("/api/ops/contact-messages/%d/handled", id)},
	} {
		require.Equal(t, http.StatusUnauthorized, signedOut.do(call.method, call.path, nil).status, "%s %s signed out", call.method, call.path)
		res := stranger.do(call.method, call.path, nil)
		require.Equal(t, http.StatusNotFound, res.status, "%s %s as an account that is not an operator", call.method, call.path)
		require.False(t, strings.Contains(string(res.body), "pat@example.com"), "nothing of the messages leaks")
	}
	var handled bool
	require.NoError(t, s.pool.QueryRow(context.Background(), "SELECT handled_at IS NOT NULL FROM contact_messages WHERE id = $1", id).Scan(&handled))
	require.False(t, handled)
}

func subjects(messages []map[string]any) []string {
	out := make([]string, len(messages))
	for i, m := range messages {
		out[i], _ = m["subject"].(string)
	}
	return out
}

// TestContactMessageAndItsEmailCommitTogether: when the copy to support cannot be queued, the message
// is not stored either (500, nothing half written), so a stored message was always e-mailed.
func TestContactMessageAndItsEmailCommitTogether(t *testing.T) {
	t.Parallel()
	s := newTestServer(t, withSupportEmail)
	ctx := context.Background()
	_, err := s.pool.Exec(ctx, "ALTER TABLE outbound_emails ADD CONSTRAINT refuse_contact_copies CHECK (kind <> 'contact_message')")
	require.NoError(t, err)
	visitor := s.newClient(t)
	res := visitor.do("POST", "/api/contact", map[string]string{"name": "Pat", "email": "pat@example.com", "subject": "Hi", "message": "Hello"})
	require.Equal(t, http.StatusInternalServerError, res.status, string(res.body))
	var messages, jobs int
	require.NoError(t, s.pool.QueryRow(ctx, "SELECT (SELECT count(*) FROM contact_messages), (SELECT count(*) FROM river_job)").Scan(&messages, &jobs))
	require.Zero(t, messages, "no message without its e-mail")
	require.Zero(t, jobs)

	_, err = s.pool.Exec(ctx, "ALTER TABLE outbound_emails DROP CONSTRAINT refuse_contact_copies")
	require.NoError(t, err)
	res = visitor.do("POST", "/api/contact", map[string]string{"name": "Pat", "email": "pat@example.com", "subject": "Hi", "message": "Hello"})
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	require.NoError(t, s.pool.QueryRow(ctx, "SELECT (SELECT count(*) FROM contact_messages), (SELECT count(*) FROM river_job WHERE kind = 'email_send')").Scan(&messages, &jobs))
	require.Equal(t, 1, messages)
	require.Equal(t, 1, jobs, "one message, one e-mail job")
}
