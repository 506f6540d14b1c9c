package jobs_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"io"
	"log/slog"
	"regexp"
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
	"legacylocker/media"
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

// storeJPEG puts a real JPEG, a 72×72 thumbnail as media_process makes, into storage and answers
// its key and bytes.
func storeJPEG(t *testing.T, storage media.Storage, shade uint8) (string, []byte) {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 72, 72))
	draw.Draw(img, img.Bounds(), &image.Uniform{C: color.RGBA{R: shade, G: 100, B: 200, A: 255}}, image.Point{}, draw.Src)
	var buf bytes.Buffer
	require.NoError(t, jpeg.Encode(&buf, img, nil))
	key := media.DerivedKey(media.NewKey(".jpg"), "thumb.jpg")
	_, err := storage.Put(context.Background(), key, bytes.NewReader(buf.Bytes()))
	require.NoError(t, err)
	return key, buf.Bytes()
}

// queueDigest queues a digest about the fixture's athlete whose lines show the given thumbnails.
func queueDigest(t *testing.T, f mediaFixture, kind string, thumbnails ...string) (store.OutboundEmail, mail.Message) {
	t.Helper()
	ctx := context.Background()
	var lines []mail.DigestLine
	for i, key := range thumbnails {
		lines = append(lines, mail.DigestLine{Text: fmt.Sprintf("New photo %d", i+1), Link: fmt.Sprintf("https://x/media?athlete=%d", f.athlete), Thumbnail: key})
	}
	msg := mail.Digest("ana@example.com", "Ana", "Jo", "weekly", lines, 0, "https://x/activity", "https://x/api/unsubscribe/tok")
	var email store.OutboundEmail
	require.NoError(t, store.WithTx(ctx, f.pool, func(tx pgx.Tx) error {
		var err error
		email, err = jobs.QueueAthleteEmail(ctx, tx, insertOnlyClient(t, f.pool), kind, f.athlete, msg)
		return err
	}))
	return email, msg
}

var cidSource = regexp.MustCompile(`src="cid:([^"]+)"`)

// TestEmailSendCarriesThumbnailsInline: the thumbnails of a digest reach the mailbox inside the
// e-mail, byte for byte, under the content ids its HTML shows; the outbox kept only their keys.
func TestEmailSendCarriesThumbnailsInline(t *testing.T) {
	t.Parallel()
	f := newMediaFixture(t)
	ctx := context.Background()
	smtpServer := mailtest.Start(t)
	sender, err := mail.NewSender(smtpServer.URL, "Legacy Locker <no-reply@legacylocker.app>")
	require.NoError(t, err)
	firstKey, first := storeJPEG(t, f.storage, 10)
	secondKey, second := storeJPEG(t, f.storage, 240)

	email, msg := queueDigest(t, f, "digest", firstKey, secondKey)
	require.Equal(t, msg.HTML, email.BodyHtml)
	stored, err := store.Q.OutboundEmailImagesList(ctx, f.pool, email.ID)
	require.NoError(t, err)
	require.Equal(t, []store.OutboundEmailImage{
		{EmailID: email.ID, ContentID: "thumb-1@legacylocker", StorageKey: firstKey, ContentType: "image/jpeg", Position: 0},
		{EmailID: email.ID, ContentID: "thumb-2@legacylocker", StorageKey: secondKey, ContentType: "image/jpeg", Position: 1},
	}, stored, "the outbox keeps where the pictures are, not the pictures")

	runWorker(t, f.pool, &jobs.EmailSendWorker{Pool: f.pool, Mailer: sender, Storage: f.storage, Logger: quiet}, email.ID)

	got := smtpServer.WaitFor(t, 1, 5*time.Second)[0]
	require.Equal(t, msg.Body, got.Body, "the text part is the digest's text")
	require.Equal(t, msg.HTML, got.HTML)
	referenced := cidSource.FindAllStringSubmatch(got.HTML, -1)
	require.Len(t, referenced, 2)
	want := map[string][]byte{"thumb-1@legacylocker": first, "thumb-2@legacylocker": second}
	for _, m := range referenced {
		image, ok := got.Images[m[1]]
		require.True(t, ok, "the HTML shows cid:%s, which the e-mail carries", m[1])
		require.Equal(t, "image/jpeg", image.ContentType)
		require.Equal(t, want[m[1]], image.Data, "the thumbnail arrives byte for byte")
	}
	require.Len(t, got.Images, 2)
	require.NotContains(t, got.HTML, firstKey, "no storage key or URL of a photo leaves in the e-mail")
	require.NotContains(t, got.HTML, "http://")
}

// TestEmailSendLeavesOutAGoneThumbnail: a photo deleted after the digest was written takes its
// thumbnail with it; the digest still goes, with the other pictures.
func TestEmailSendLeavesOutAGoneThumbnail(t *testing.T) {
	t.Parallel()
	f := newMediaFixture(t)
	ctx := context.Background()
	smtpServer := mailtest.Start(t)
	sender, err := mail.NewSender(smtpServer.URL, "no-reply@legacylocker.app")
	require.NoError(t, err)
	goneKey, _ := storeJPEG(t, f.storage, 10)
	keptKey, kept := storeJPEG(t, f.storage, 240)
	email, _ := queueDigest(t, f, "digest", goneKey, keptKey)
	require.NoError(t, f.storage.Delete(ctx, goneKey))

	runWorker(t, f.pool, &jobs.EmailSendWorker{Pool: f.pool, Mailer: sender, Storage: f.storage, Logger: quiet}, email.ID)

	got := smtpServer.WaitFor(t, 1, 5*time.Second)[0]
	require.Equal(t, map[string]mailtest.Image{"thumb-2@legacylocker": {ContentType: "image/jpeg", Data: kept}}, got.Images)
	row, err := store.Q.OutboundEmailGetByID(ctx, f.pool, email.ID)
	require.NoError(t, err)
	require.Equal(t, store.JobReady, row.Status)
}

// failingStorage is storage whose reads fail, as a network store does in an outage.
type failingStorage struct{ media.Storage }

func (failingStorage) Open(context.Context, string) (media.File, error) {
	return nil, errors.New("object store unavailable")
}

func TestEmailSendRetriesWhenStorageFails(t *testing.T) {
	t.Parallel()
	f := newMediaFixture(t)
	ctx := context.Background()
	smtpServer := mailtest.Start(t)
	sender, err := mail.NewSender(smtpServer.URL, "no-reply@legacylocker.app")
	require.NoError(t, err)
	key, _ := storeJPEG(t, f.storage, 10)
	email, _ := queueDigest(t, f, "digest", key)

	worker := rivertest.NewWorker(t, riverpgxv5.New(f.pool), &river.Config{},
		river.Worker[jobs.EmailSendArgs](&jobs.EmailSendWorker{Pool: f.pool, Mailer: sender, Storage: failingStorage{f.storage}, Logger: quiet}))
	tx, err := f.pool.Begin(ctx)
	require.NoError(t, err)
	defer tx.Rollback(ctx) //nolint:errcheck
	_, err = worker.Work(ctx, t, tx, jobs.EmailSendArgs{EmailID: email.ID}, nil)
	require.ErrorContains(t, err, "object store unavailable", "returned, so River retries with backoff")

	require.Empty(t, smtpServer.Messages(), "nothing is sent without its pictures while they may come back")
	row, err := store.Q.OutboundEmailGetByID(ctx, f.pool, email.ID)
	require.NoError(t, err)
	require.Equal(t, store.JobPending, row.Status)
}

// TestForgottenEmailKeepsNoHTMLOrImages: an e-mail forgotten once sent keeps nothing of what it
// said, its HTML and the pictures it carried included.
func TestForgottenEmailKeepsNoHTMLOrImages(t *testing.T) {
	t.Parallel()
	f := newMediaFixture(t)
	ctx := context.Background()
	smtpServer := mailtest.Start(t)
	sender, err := mail.NewSender(smtpServer.URL, "no-reply@legacylocker.app")
	require.NoError(t, err)
	key, _ := storeJPEG(t, f.storage, 10)
	forgotten, _ := queueDigest(t, f, jobs.EmailKindUnfollowed, key)
	kept, _ := queueDigest(t, f, "digest", key)

	worker := &jobs.EmailSendWorker{Pool: f.pool, Mailer: sender, Storage: f.storage, Logger: quiet}
	runWorker(t, f.pool, worker, forgotten.ID)
	runWorker(t, f.pool, worker, kept.ID)
	require.Len(t, smtpServer.WaitFor(t, 2, 5*time.Second)[0].Images, 1, "it was sent with its picture")

	row, err := store.Q.OutboundEmailGetByID(ctx, f.pool, forgotten.ID)
	require.NoError(t, err)
	require.Equal(t, store.JobReady, row.Status)
	require.Empty(t, row.ToAddress+row.Subject+row.BodyText+row.BodyHtml)
	images, err := store.Q.OutboundEmailImagesList(ctx, f.pool, forgotten.ID)
	require.NoError(t, err)
	require.Empty(t, images)

	row, err = store.Q.OutboundEmailGetByID(ctx, f.pool, kept.ID)
	require.NoError(t, err)
	require.NotEmpty(t, row.BodyHtml, "other mail is kept as sent")
	images, err = store.Q.OutboundEmailImagesList(ctx, f.pool, kept.ID)
	require.NoError(t, err)
	require.Len(t, images, 1)
}

// TestQueueAthleteEmailsWritesEachWithItsImagesAndJob: a batch is written in one go, and each job
// sends its own e-mail, each e-mail keeping its own pictures.
func TestQueueAthleteEmailsWritesEachWithItsImagesAndJob(t *testing.T) {
	t.Parallel()
	f := newMediaFixture(t)
	ctx := context.Background()
	client := insertOnlyClient(t, f.pool)
	other, err := store.Q.AthleteCreate(ctx, f.pool, store.AthleteCreateParams{UserID: athleteOwner(t, f), Name: "Sam", Sports: "Baseball", GraduationYear: 2031, School: "S"})
	require.NoError(t, err)
	line := func(text, thumbnail string) mail.DigestLine {
		return mail.DigestLine{Text: text, Link: "https://x/activity", Thumbnail: thumbnail}
	}
	emails := []jobs.AthleteEmail{
		{AthleteID: f.athlete, Message: mail.Digest("ana@example.com", "Ana", "Jo", "weekly",
			[]mail.DigestLine{line("Jo 1", "jo-1-thumb.jpg"), line("Jo 2", "jo-2-thumb.jpg")}, 0, "https://x/activity", "https://x/u/1")},
		{AthleteID: other.ID, Message: mail.Digest("rose@example.com", "Rose", "Sam", "daily",
			[]mail.DigestLine{line("Sam 1", "")}, 0, "https://x/activity", "https://x/u/2")},
		{AthleteID: f.athlete, Message: mail.Digest("ray@example.com", "Ray", "Jo", "weekly",
			[]mail.DigestLine{line("Jo 3", "jo-3-thumb.jpg")}, 2, "https://x/activity", "https://x/u/3")},
	}
	require.NoError(t, store.WithTx(ctx, f.pool, func(tx pgx.Tx) error {
		return jobs.QueueAthleteEmails(ctx, tx, client, "digest", emails)
	}))

	rows, err := f.pool.Query(ctx, `SELECT (args->>'email_id')::bigint FROM river_job WHERE kind = 'email_send' ORDER BY id`)
	require.NoError(t, err)
	jobEmailIDs, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	require.NoError(t, err)
	require.Len(t, jobEmailIDs, 3, "one job per e-mail")
	require.Equal(t, 3, countRows(t, f.pool, "SELECT count(*) FROM outbound_emails"))

	byAddress := map[string]store.OutboundEmail{}
	for _, id := range jobEmailIDs {
		row, err := store.Q.OutboundEmailGetByID(ctx, f.pool, id)
		require.NoError(t, err)
		require.NotContains(t, byAddress, row.ToAddress, "each job points at its own e-mail")
		byAddress[row.ToAddress] = row
	}
	for _, want := range emails {
		row, ok := byAddress[want.Message.To]
		require.True(t, ok, "a job sends the e-mail to %s", want.Message.To)
		require.Equal(t, "digest", row.Kind)
		require.Equal(t, want.Message.Subject, row.Subject)
		require.Equal(t, want.Message.Body, row.BodyText)
		require.Equal(t, want.Message.HTML, row.BodyHtml)
		require.Equal(t, want.AthleteID, *row.AthleteID)
		require.Equal(t, want.Message.Unsubscribe, *row.UnsubscribeUrl)
		images, err := store.Q.OutboundEmailImagesList(ctx, f.pool, row.ID)
		require.NoError(t, err)
		require.Len(t, images, len(want.Message.Images))
		for i, img := range want.Message.Images {
			require.Equal(t, store.OutboundEmailImage{EmailID: row.ID, ContentID: img.ContentID, StorageKey: img.StorageKey, ContentType: "image/jpeg", Position: int32(i)}, images[i])
		}
	}

	err = store.WithTx(ctx, f.pool, func(tx pgx.Tx) error {
		return jobs.QueueAthleteEmails(ctx, tx, client, "digest", []jobs.AthleteEmail{{Message: emails[0].Message}})
	})
	require.ErrorContains(t, err, "names no athlete", "mail about an athlete must go with the athlete")
}

// athleteOwner answers the user who owns the fixture's athlete.
func athleteOwner(t *testing.T, f mediaFixture) int64 {
	t.Helper()
	athlete, err := store.Q.AthleteGetByID(context.Background(), f.pool, f.athlete)
	require.NoError(t, err)
	return athlete.UserID
}
