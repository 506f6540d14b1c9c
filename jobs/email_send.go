package jobs

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"legacylocker/integrations/mail"
	"legacylocker/media"
	"legacylocker/store"
)

// EmailSendArgs delivers one outbound_emails row. The row holds the content, so a retried job
// sends exactly what was written in the transaction that enqueued it.
type EmailSendArgs struct {
	EmailID int64 `json:"email_id"`
}

func (EmailSendArgs) Kind() string { return "email_send" }

func (EmailSendArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueDefault, MaxAttempts: 10}
}

// EmailKindDeletionNotice tells an account what a deletion removed. It must reach an address whose
// account (or athlete) is gone, so it is written and sent like any e-mail; once sent, or given up on,
// its address and text are erased, so nothing of what was deleted lingers in outbound_emails. The row
// stays, saying that a notice went out and when.
const EmailKindDeletionNotice = "deletion_notice"

// EmailKindPasswordReset carries a link that sets the account's password. Its text is never written
// to the log (without SMTP it is not delivered at all: the log is no mailbox for a key to an account)
// and is erased once sent or given up on, like a deletion notice's.
const EmailKindPasswordReset = "password_reset"

const msgNoMailService = "No e-mail service is configured (SMTP_URL), and a password reset link is never written to the log"

// EmailKindUnfollowed tells a member they no longer follow an athlete. When the athlete was
// deleted it names what is gone, so it is forgotten once sent, like a deletion notice.
const EmailKindUnfollowed = "unfollowed"

// forgottenOnceSent are the kinds whose address and text are erased once sent or given up on.
var forgottenOnceSent = map[string]bool{EmailKindDeletionNotice: true, EmailKindPasswordReset: true, EmailKindUnfollowed: true}

// Mailer is what the worker needs from an SMTP sender; nil means no SMTP is configured.
type Mailer interface {
	Send(mail.Message) error
}

// EmailSendWorker sends the e-mail over SMTP, or writes it to the log when no SMTP is configured,
// and records the outcome on the row: ready with how it went out, or failed once attempts run out.
type EmailSendWorker struct {
	river.WorkerDefaults[EmailSendArgs]
	Pool   *pgxpool.Pool
	Mailer Mailer
	// Storage holds the files of the e-mails' inline images (thumbnails), read when one is sent.
	Storage media.Storage
	Logger  *slog.Logger
}

func (w *EmailSendWorker) Work(ctx context.Context, job *river.Job[EmailSendArgs]) error {
	email, err := loadRecord(ctx, w.Pool, "outbound email", job.Args.EmailID, store.Q.OutboundEmailGetByID)
	if err != nil {
		return err
	}
	// A retried or rescued job must not send twice once delivery was recorded. (A crash between
	// the SMTP hand-off and this record can still resend: delivery is at least once.)
	if email.Status == store.JobReady {
		return w.forgetIfDue(ctx, w.Pool, email)
	}

	if w.Mailer == nil && email.Kind == EmailKindPasswordReset {
		w.Logger.WarnContext(ctx, "password reset e-mail not sent: SMTP_URL is not set, and its link is not logged",
			"id", email.ID, "kind", email.Kind)
		return store.WithTx(ctx, w.Pool, func(tx pgx.Tx) error {
			if err := store.Q.OutboundEmailMarkFailed(ctx, tx, store.OutboundEmailMarkFailedParams{
				ID: email.ID, StatusReason: msgNoMailService,
			}); err != nil {
				return err
			}
			return w.forgetIfDue(ctx, tx, email)
		})
	}
	if w.Mailer == nil {
		w.Logger.InfoContext(ctx, "email (SMTP_URL not set, logged instead of sent)",
			"id", email.ID, "kind", email.Kind, "to", email.ToAddress, "subject", email.Subject, "body", email.BodyText)
		return w.mark(ctx, email, deliveredViaLog)
	}

	images, err := w.inlineImages(ctx, email.ID)
	if err != nil {
		return err
	}
	msg := mail.Message{To: email.ToAddress, Subject: email.Subject, Body: email.BodyText, HTML: email.BodyHtml, Images: images, ReplyTo: email.ReplyTo}
	if email.UnsubscribeUrl != nil {
		msg.Unsubscribe = *email.UnsubscribeUrl
	}
	sendErr := w.Mailer.Send(msg)
	if sendErr == nil {
		return w.mark(ctx, email, deliveredViaSMTP)
	}
	if job.Attempt >= job.MaxAttempts {
		err := store.WithTx(ctx, w.Pool, func(tx pgx.Tx) error {
			if err := store.Q.OutboundEmailMarkFailed(ctx, tx, store.OutboundEmailMarkFailedParams{
				ID: email.ID, StatusReason: sendErr.Error(),
			}); err != nil {
				return err
			}
			return w.forgetIfDue(ctx, tx, email)
		})
		if err != nil {
			return errors.Join(sendErr, fmt.Errorf("recording failure: %w", err))
		}
	}
	return fmt.Errorf("sending email %d: %w", email.ID, sendErr)
}

// inlineImages reads the e-mail's images from storage, in their order. One whose file is gone (its
// photo was deleted since the e-mail was written) is left out, and the e-mail goes without it: the
// HTML shows its alt text instead. Any other storage error is returned, so the job retries.
func (w *EmailSendWorker) inlineImages(ctx context.Context, emailID int64) ([]mail.InlineImage, error) {
	rows, err := store.Q.OutboundEmailImagesList(ctx, w.Pool, emailID)
	if err != nil {
		return nil, fmt.Errorf("loading the images of email %d: %w", emailID, err)
	}
	if len(rows) > 0 && w.Storage == nil {
		return nil, fmt.Errorf("email %d has images, and the worker has no media storage to read them from", emailID)
	}
	var images []mail.InlineImage
	for _, row := range rows {
		data, err := readStoredFile(ctx, w.Storage, row.StorageKey)
		if errors.Is(err, media.ErrNotFound) {
			w.Logger.InfoContext(ctx, "email image is gone; sending the email without it", "id", emailID, "content_id", row.ContentID)
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("reading image %s of email %d: %w", row.ContentID, emailID, err)
		}
		images = append(images, mail.InlineImage{ContentID: row.ContentID, ContentType: row.ContentType, StorageKey: row.StorageKey, Data: data})
	}
	return images, nil
}

func readStoredFile(ctx context.Context, storage media.Storage, key string) ([]byte, error) {
	file, err := storage.Open(ctx, key)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	return io.ReadAll(file)
}

// How a delivered e-mail went out (outbound_emails.delivered_via).
const (
	deliveredViaSMTP = "smtp"
	deliveredViaLog  = "log" // no SMTP configured: written to the worker's log
)

func (w *EmailSendWorker) mark(ctx context.Context, email store.OutboundEmail, via string) error {
	err := store.WithTx(ctx, w.Pool, func(tx pgx.Tx) error {
		if err := store.Q.OutboundEmailMarkDelivered(ctx, tx, store.OutboundEmailMarkDeliveredParams{ID: email.ID, DeliveredVia: via}); err != nil {
			return err
		}
		return w.forgetIfDue(ctx, tx, email)
	})
	if err != nil {
		return fmt.Errorf("recording delivery of email %d: %w", email.ID, err)
	}
	return nil
}

// forgetIfDue erases what a sent deletion notice or reset link said and to whom (forgottenOnceSent).
func (w *EmailSendWorker) forgetIfDue(ctx context.Context, db store.DBTX, email store.OutboundEmail) error {
	if !forgottenOnceSent[email.Kind] || email.ToAddress == "" {
		return nil
	}
	if err := store.Q.OutboundEmailForget(ctx, db, email.ID); err != nil {
		return fmt.Errorf("forgetting %s e-mail %d: %w", email.Kind, email.ID, err)
	}
	return nil
}

// QueueEmail writes an outbound_emails row (and its images' rows) and its email_send job in the
// caller's transaction, so neither exists without the other.
func QueueEmail(ctx context.Context, tx pgx.Tx, inserter *river.Client[pgx.Tx], kind string, msg mail.Message) (store.OutboundEmail, error) {
	ids, err := queueEmails(ctx, tx, inserter, kind, []AthleteEmail{{AthleteID: noAthlete, Message: msg}})
	return theOnly(ctx, tx, ids, err)
}

// QueueAthleteEmail is QueueEmail for mail about one athlete, which names them: it is deleted with
// the athlete (and not sent if still queued then).
func QueueAthleteEmail(ctx context.Context, tx pgx.Tx, inserter *river.Client[pgx.Tx], kind string, athleteID int64, msg mail.Message) (store.OutboundEmail, error) {
	ids, err := queueAthleteEmails(ctx, tx, inserter, kind, []AthleteEmail{{AthleteID: athleteID, Message: msg}})
	return theOnly(ctx, tx, ids, err)
}

// AthleteEmail is one e-mail about one athlete, for QueueAthleteEmails.
type AthleteEmail struct {
	AthleteID int64
	Message   mail.Message
}

// QueueAthleteEmails is QueueAthleteEmail for many e-mails of one kind (a batch of digests): one
// insert for the rows, one for their images and one for their jobs, in the caller's transaction.
func QueueAthleteEmails(ctx context.Context, tx pgx.Tx, inserter *river.Client[pgx.Tx], kind string, emails []AthleteEmail) error {
	_, err := queueAthleteEmails(ctx, tx, inserter, kind, emails)
	return err
}

// noAthlete is the AthleteID of mail about no athlete (ids start at 1): its row's athlete_id is NULL.
const noAthlete = 0

func queueAthleteEmails(ctx context.Context, tx pgx.Tx, inserter *river.Client[pgx.Tx], kind string, emails []AthleteEmail) ([]int64, error) {
	for i, e := range emails {
		if e.AthleteID == noAthlete {
			// Written without one, it would outlive the athlete it names.
			return nil, fmt.Errorf("%s e-mail %d of %d names no athlete", kind, i+1, len(emails))
		}
	}
	return queueEmails(ctx, tx, inserter, kind, emails)
}

// queueEmails writes the e-mails, their images and their jobs, and answers the rows in the order of
// emails. An image is written as where its file is stored, never as its bytes: the sending worker
// reads them.
func queueEmails(ctx context.Context, tx pgx.Tx, inserter *river.Client[pgx.Tx], kind string, emails []AthleteEmail) ([]int64, error) {
	if len(emails) == 0 {
		return nil, nil
	}
	ids, err := store.Q.OutboundEmailIDs(ctx, tx, int32(len(emails)))
	if err != nil {
		return nil, fmt.Errorf("numbering outbound emails: %w", err)
	}
	rows := make([]store.OutboundEmailsWriteParams, len(emails))
	var images []store.OutboundEmailImagesWriteParams
	jobs := make([]river.InsertManyParams, len(emails))
	for i, e := range emails {
		rows[i] = store.OutboundEmailsWriteParams{ID: ids[i], Kind: kind, ToAddress: e.Message.To, Subject: e.Message.Subject,
			BodyText: e.Message.Body, BodyHtml: e.Message.HTML, UnsubscribeUrl: nonEmpty(e.Message.Unsubscribe), ReplyTo: e.Message.ReplyTo}
		if e.AthleteID != noAthlete {
			rows[i].AthleteID = &e.AthleteID
		}
		for position, img := range e.Message.Images {
			if img.StorageKey == "" {
				return nil, fmt.Errorf("image %s of %s e-mail %d of %d has no storage key", img.ContentID, kind, i+1, len(emails))
			}
			images = append(images, store.OutboundEmailImagesWriteParams{EmailID: ids[i], ContentID: img.ContentID,
				StorageKey: img.StorageKey, ContentType: img.ContentType, Position: int32(position)})
		}
		jobs[i] = river.InsertManyParams{Args: EmailSendArgs{EmailID: ids[i]}}
	}
	if _, err := store.Q.OutboundEmailsWrite(ctx, tx, rows); err != nil {
		return nil, fmt.Errorf("writing outbound emails: %w", err)
	}
	if len(images) > 0 {
		if _, err := store.Q.OutboundEmailImagesWrite(ctx, tx, images); err != nil {
			return nil, fmt.Errorf("writing the images of outbound emails: %w", err)
		}
	}
	if _, err := inserter.InsertManyTx(ctx, tx, jobs); err != nil {
		return nil, fmt.Errorf("enqueueing email_send: %w", err)
	}
	return ids, nil
}

// theOnly answers the one e-mail queued by QueueEmail or QueueAthleteEmail, read back whole.
func theOnly(ctx context.Context, tx pgx.Tx, queued []int64, err error) (store.OutboundEmail, error) {
	if err != nil {
		return store.OutboundEmail{}, err
	}
	email, err := store.Q.OutboundEmailGetByID(ctx, tx, queued[0])
	if err != nil {
		return store.OutboundEmail{}, fmt.Errorf("reading the queued e-mail: %w", err)
	}
	return email, nil
}
