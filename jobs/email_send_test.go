package jobs_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivertest"
	"github.com/riverqueue/river/rivertype"
	"github.com/stretchr/testify/require"

	"legacylocker/integrations/mail"
	"legacylocker/integrations/mail/mailtest"
	"legacylocker/jobs"
	"legacylocker/store"
	"legacylocker/store/storetest"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

func insertOnlyClient(t *testing.T, pool *pgxpool.Pool) *river.Client[pgx.Tx] {
	t.Helper()
	client, err := river.NewClient(riverpgxv5.New(pool), &river.Config{
		Workers: jobs.Workers(jobs.Dependencies{Pool: pool, Logger: quiet}),
		Logger:  quiet,
	})
	require.NoError(t, err)
	return client
}

func queueWelcome(t *testing.T, pool *pgxpool.Pool, client *river.Client[pgx.Tx], to string) store.OutboundEmail {
	t.Helper()
	ctx := context.Background()
	var email store.OutboundEmail
	require.NoError(t, store.WithTx(ctx, pool, func(tx pgx.Tx) error {
		var err error
		email, err = jobs.QueueEmail(ctx, tx, client, "welcome", mail.Message{To: to, Subject: "Welcome to Legacy Locker", Body: "Hi Ana,\nwelcome aboard."})
		return err
	}))
	return email
}

func countRows(t *testing.T, pool *pgxpool.Pool, query string) int {
	t.Helper()
	var n int
	require.NoError(t, pool.QueryRow(context.Background(), query).Scan(&n))
	return n
}

func TestQueueEmailCommitsRowAndJobTogether(t *testing.T) {
	t.Parallel()
	pool := storetest.NewPool(t)
	client := insertOnlyClient(t, pool)
	ctx := context.Background()

	email := queueWelcome(t, pool, client, "ana@example.com")

	require.Equal(t, store.JobPending, email.Status)
	job := rivertest.RequireInserted(ctx, t, riverpgxv5.New(pool), jobs.EmailSendArgs{}, &rivertest.RequireInsertedOpts{Queue: jobs.QueueDefault})
	require.Equal(t, email.ID, job.Args.EmailID)
}

func TestQueueEmailRollsBackRowAndJobTogether(t *testing.T) {
	t.Parallel()
	pool := storetest.NewPool(t)
	client := insertOnlyClient(t, pool)
	ctx := context.Background()
	errLater := errors.New("a later step of the same request failed")

	err := store.WithTx(ctx, pool, func(tx pgx.Tx) error {
		if _, err := jobs.QueueEmail(ctx, tx, client, "welcome", mail.Message{To: "ana@example.com", Subject: "Hi", Body: "x"}); err != nil {
			return err
		}
		return errLater
	})

	require.ErrorIs(t, err, errLater)
	require.Zero(t, countRows(t, pool, "SELECT count(*) FROM outbound_emails"))
	require.Zero(t, countRows(t, pool, "SELECT count(*) FROM river_job"))
}

func TestEmailSendDeliversOverSMTP(t *testing.T) {
	t.Parallel()
	pool := storetest.NewPool(t)
	smtpServer := mailtest.Start(t)
	sender, err := mail.NewSender(smtpServer.URL, "Legacy Locker <no-reply@legacylocker.app>")
	require.NoError(t, err)
	email := queueWelcome(t, pool, insertOnlyClient(t, pool), "ana@example.com")

	worker := &jobs.EmailSendWorker{Pool: pool, Mailer: sender, Logger: quiet}
	runWorker(t, pool, worker, email.ID)

	msgs := smtpServer.WaitFor(t, 1, 5*time.Second)
	require.Equal(t, []string{"ana@example.com"}, msgs[0].To)
	require.Equal(t, "no-reply@legacylocker.app", msgs[0].From)
	require.Equal(t, "Welcome to Legacy Locker", msgs[0].Subject)
	require.Contains(t, msgs[0].Body, "welcome aboard.")
	stored, err := store.Q.OutboundEmailGetByID(context.Background(), pool, email.ID)
	require.NoError(t, err)
	require.Equal(t, store.JobReady, stored.Status)
	require.Equal(t, "smtp", *stored.DeliveredVia)
	require.NotNil(t, stored.SentAt)

	// A retried job after delivery sends nothing more.
	runWorker(t, pool, worker, email.ID)
	require.Len(t, smtpServer.Messages(), 1)
}

func TestEmailSendWithoutSMTPLogsAndRecords(t *testing.T) {
	t.Parallel()
	pool := storetest.NewPool(t)
	email := queueWelcome(t, pool, insertOnlyClient(t, pool), "ana@example.com")
	var logged strings.Builder

	worker := &jobs.EmailSendWorker{Pool: pool, Logger: slog.New(slog.NewTextHandler(&logged, nil))}
	runWorker(t, pool, worker, email.ID)

	stored, err := store.Q.OutboundEmailGetByID(context.Background(), pool, email.ID)
	require.NoError(t, err)
	require.Equal(t, store.JobReady, stored.Status)
	require.Equal(t, "log", *stored.DeliveredVia)
	require.Contains(t, logged.String(), "ana@example.com")
	require.Contains(t, logged.String(), "welcome aboard.")
}

func TestEmailSendRetriesWhenSMTPIsDown(t *testing.T) {
	t.Parallel()
	pool := storetest.NewPool(t)
	email := queueWelcome(t, pool, insertOnlyClient(t, pool), "ana@example.com")
	// Nothing listens on port 1 of loopback: the connection is refused.
	sender, err := mail.NewSender("smtp://127.0.0.1:1", "no-reply@legacylocker.app")
	require.NoError(t, err)

	worker := rivertest.NewWorker(t, riverpgxv5.New(pool), &river.Config{}, river.Worker[jobs.EmailSendArgs](&jobs.EmailSendWorker{Pool: pool, Mailer: sender, Logger: quiet}))
	tx, err := pool.Begin(context.Background())
	require.NoError(t, err)
	defer tx.Rollback(context.Background()) //nolint:errcheck
	_, err = worker.Work(context.Background(), t, tx, jobs.EmailSendArgs{EmailID: email.ID}, nil)
	require.ErrorContains(t, err, "connection refused", "the error is returned so River retries with backoff")

	stored, err := store.Q.OutboundEmailGetByID(context.Background(), pool, email.ID)
	require.NoError(t, err)
	require.Equal(t, store.JobPending, stored.Status, "a failed attempt that will be retried leaves the e-mail pending")
}

// TestEmailPipelineWithRunningClient runs a real River client, as cmd/worker does, and waits for
// the e-mail written by a committed transaction to arrive at the SMTP server.
func TestEmailPipelineWithRunningClient(t *testing.T) {
	t.Parallel()
	pool := storetest.NewPool(t)
	smtpServer := mailtest.Start(t)
	sender, err := mail.NewSender(smtpServer.URL, "no-reply@legacylocker.app")
	require.NoError(t, err)
	client, err := river.NewClient(riverpgxv5.New(pool), &river.Config{
		Queues:            map[string]river.QueueConfig{jobs.QueueDefault: {MaxWorkers: 2}},
		Workers:           jobs.Workers(jobs.Dependencies{Pool: pool, Mailer: sender, Logger: quiet}),
		Logger:            quiet,
		FetchPollInterval: 100 * time.Millisecond,
	})
	require.NoError(t, err)
	ctx := context.Background()
	require.NoError(t, client.Start(ctx))
	t.Cleanup(func() { _ = client.Stop(context.Background()) })

	email := queueWelcome(t, pool, client, "coach@example.com")

	msgs := smtpServer.WaitFor(t, 1, 15*time.Second)
	require.Equal(t, []string{"coach@example.com"}, msgs[0].To)
	require.Eventually(t, func() bool {
		stored, err := store.Q.OutboundEmailGetByID(ctx, pool, email.ID)
		return err == nil && stored.Status == store.JobReady
	}, 10*time.Second, 50*time.Millisecond)
}

func runWorker(t *testing.T, pool *pgxpool.Pool, w *jobs.EmailSendWorker, emailID int64) {
	t.Helper()
	worker := rivertest.NewWorker(t, riverpgxv5.New(pool), &river.Config{}, river.Worker[jobs.EmailSendArgs](w))
	tx, err := pool.Begin(context.Background())
	require.NoError(t, err)
	defer tx.Rollback(context.Background()) //nolint:errcheck
	res, err := worker.Work(context.Background(), t, tx, jobs.EmailSendArgs{EmailID: emailID}, nil)
	require.NoError(t, err)
	require.Equal(t, rivertype.JobStateCompleted, res.Job.State)
}

// TestDeletionNoticeIsForgottenOnceSent: the notice reaches the address of an account that is gone,
// and then nothing in outbound_emails says who it was or what was deleted.
func TestDeletionNoticeIsForgottenOnceSent(t *testing.T) {
	t.Parallel()
	pool := storetest.NewPool(t)
	smtpServer := mailtest.Start(t)
	sender, err := mail.NewSender(smtpServer.URL, "Legacy Locker <no-reply@legacylocker.app>")
	require.NoError(t, err)
	ctx := context.Background()
	client := insertOnlyClient(t, pool)
	var notice, welcome store.OutboundEmail
	require.NoError(t, store.WithTx(ctx, pool, func(tx pgx.Tx) error {
		var err error
		if notice, err = jobs.QueueEmail(ctx, tx, client, jobs.EmailKindDeletionNotice,
			mail.Message{To: "gone@example.com", Subject: "Your Legacy Locker account has been deleted", Body: "We removed everything of Jo."}); err != nil {
			return err
		}
		welcome, err = jobs.QueueEmail(ctx, tx, client, "welcome", mail.Message{To: "ana@example.com", Subject: "Welcome", Body: "Hi"})
		return err
	}))

	worker := &jobs.EmailSendWorker{Pool: pool, Mailer: sender, Logger: quiet}
	runWorker(t, pool, worker, notice.ID)
	runWorker(t, pool, worker, welcome.ID)

	msgs := smtpServer.WaitFor(t, 2, 15*time.Second)
	require.Equal(t, []string{"gone@example.com"}, msgs[0].To)
	require.Contains(t, msgs[0].Body, "We removed everything of Jo.")
	stored, err := store.Q.OutboundEmailGetByID(ctx, pool, notice.ID)
	require.NoError(t, err)
	require.Equal(t, store.JobReady, stored.Status, "the row still says a notice went out")
	require.Empty(t, stored.ToAddress+stored.Subject+stored.BodyText)
	kept, err := store.Q.OutboundEmailGetByID(ctx, pool, welcome.ID)
	require.NoError(t, err)
	require.Equal(t, "ana@example.com", kept.ToAddress, "other mail is kept as sent")
	runWorker(t, pool, worker, notice.ID)
	require.Len(t, smtpServer.Messages(), 2, "a retried job sends nothing again")
}

// TestPasswordResetMailIsNeverLoggedAndForgottenOnceSent: a reset link is a key to an account. Over
// SMTP it is sent and then erased from the outbox; without SMTP it is neither sent nor logged.
func TestPasswordResetMailIsNeverLoggedAndForgottenOnceSent(t *testing.T) {
	t.Parallel()
	pool := storetest.NewPool(t)
	smtpServer := mailtest.Start(t)
	sender, err := mail.NewSender(smtpServer.URL, "Legacy Locker <no-reply@legacylocker.app>")
	require.NoError(t, err)
	ctx := context.Background()
	client := insertOnlyClient(t, pool)
	const token = "tok3n-that-must-never-be-logged-0123456789"
	queueReset := func(to string) store.OutboundEmail {
		var email store.OutboundEmail
		require.NoError(t, store.WithTx(ctx, pool, func(tx pgx.Tx) error {
			email, err = jobs.QueueEmail(ctx, tx, client, jobs.EmailKindPasswordReset, mail.PasswordReset("https://legacylocker.app", to, "Ana", token))
			return err
		}))
		return email
	}

	sent := queueReset("ana@example.com")
	var logged strings.Builder
	logger := slog.New(slog.NewTextHandler(&logged, nil))
	runWorker(t, pool, &jobs.EmailSendWorker{Pool: pool, Mailer: sender, Logger: logger}, sent.ID)
	msgs := smtpServer.WaitFor(t, 1, 5*time.Second)
	require.Contains(t, msgs[0].Body, "https://legacylocker.app/reset-password/"+token)
	stored, err := store.Q.OutboundEmailGetByID(ctx, pool, sent.ID)
	require.NoError(t, err)
	require.Equal(t, store.JobReady, stored.Status)
	require.NotContains(t, stored.BodyText, token, "the outbox forgets the link once it is sent")

	unsent := queueReset("bo@example.com")
	runWorker(t, pool, &jobs.EmailSendWorker{Pool: pool, Logger: logger}, unsent.ID)
	stored, err = store.Q.OutboundEmailGetByID(ctx, pool, unsent.ID)
	require.NoError(t, err)
	require.Equal(t, store.JobFailed, stored.Status, "without SMTP the link is not delivered, and the record says so")
	require.NotContains(t, stored.BodyText, token)
	require.Contains(t, logged.String(), "password reset e-mail not sent")
	require.NotContains(t, logged.String(), token, "the log is no mailbox for a key to an account")
	require.Len(t, smtpServer.Messages(), 1)
}
