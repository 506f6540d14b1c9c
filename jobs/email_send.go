package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"legacylocker/integrations/mail"
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
	Logger *slog.Logger
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

	msg := mail.Message{To: email.ToAddress, Subject: email.Subject, Body: email.BodyText}
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

// QueueEmail writes an outbound_emails row and its email_send job in the caller's transaction, so
// neither exists without the other.
func QueueEmail(ctx context.Context, tx pgx.Tx, inserter *river.Client[pgx.Tx], kind string, msg mail.Message) (store.OutboundEmail, error) {
	return queueEmail(ctx, tx, inserter, kind, nil, msg)
}

// QueueAthleteEmail is QueueEmail for mail about one athlete, which names them: it is deleted with
// the athlete (and not sent if still queued then).
func QueueAthleteEmail(ctx context.Context, tx pgx.Tx, inserter *river.Client[pgx.Tx], kind string, athleteID int64, msg mail.Message) (store.OutboundEmail, error) {
	return queueEmail(ctx, tx, inserter, kind, &athleteID, msg)
}

func queueEmail(ctx context.Context, tx pgx.Tx, inserter *river.Client[pgx.Tx], kind string, athleteID *int64, msg mail.Message) (store.OutboundEmail, error) {
	email, err := store.Q.OutboundEmailCreate(ctx, tx, store.OutboundEmailCreateParams{
		Kind: kind, ToAddress: msg.To, Subject: msg.Subject, BodyText: msg.Body, AthleteID: athleteID,
		UnsubscribeUrl: nonEmpty(msg.Unsubscribe),
	})
	if err != nil {
		return store.OutboundEmail{}, fmt.Errorf("writing outbound email: %w", err)
	}
	if _, err := inserter.InsertTx(ctx, tx, EmailSendArgs{EmailID: email.ID}, nil); err != nil {
		return store.OutboundEmail{}, fmt.Errorf("enqueueing email_send: %w", err)
	}
	return email, nil
}
