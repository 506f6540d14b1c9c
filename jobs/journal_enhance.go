package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"legacylocker/integrations/ai"
	"legacylocker/store"
)

// JournalEnhanceArgs polishes one version of one entry. The version makes the newest edit win: a
// job for an older version finds the entry moved on and stores nothing.
type JournalEnhanceArgs struct {
	EntryID        int64 `json:"entry_id"`
	ContentVersion int32 `json:"content_version"`
}

func (JournalEnhanceArgs) Kind() string { return "journal_enhance" }

func (JournalEnhanceArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueAI, MaxAttempts: 5}
}

// JournalEnhanceWorker asks the AI service (or the offline enhancer) for a polished version, a
// summary and suggested tags, and stores them beside the user's untouched text.
type JournalEnhanceWorker struct {
	river.WorkerDefaults[JournalEnhanceArgs]
	Pool   *pgxpool.Pool
	AI     ai.Service
	Logger *slog.Logger
}

// Timeout leaves room for a slow model; the AI client also bounds each call (OPENAI_TIMEOUT).
func (w *JournalEnhanceWorker) Timeout(*river.Job[JournalEnhanceArgs]) time.Duration {
	return 3 * time.Minute
}

func (w *JournalEnhanceWorker) Work(ctx context.Context, job *river.Job[JournalEnhanceArgs]) error {
	entry, err := loadRecord(ctx, w.Pool, "journal entry", job.Args.EntryID, store.Q.JournalGetByID)
	if err != nil {
		return err
	}
	if entry.ContentVersion != job.Args.ContentVersion {
		return nil // superseded by a newer edit, whose own job will enhance it
	}
	athlete, err := store.Q.AthleteGetByID(ctx, w.Pool, entry.AthleteID)
	if err != nil {
		return fmt.Errorf("loading athlete: %w", err)
	}

	result, err := w.AI.Enhance(ctx, ai.Entry{Title: entry.Title, Content: entry.Content, Sports: athlete.Sports, Position: athlete.Position})
	if err != nil {
		return w.fail(ctx, job, err)
	}
	provider := result.Provider
	var model *string
	if result.Model != "" {
		model = &result.Model
	}
	// An entry the offline cleanup left as it was gets no enhanced copy: ready with provider
	// "basic" and no enhanced text reads "no changes needed", not "enhanced".
	enhanced := &result.Polished
	if result.Unchanged {
		enhanced = nil
	}
	var summary *string
	if result.Summary != "" {
		summary = &result.Summary
	}
	if _, err := store.Q.JournalStoreEnhancement(ctx, w.Pool, store.JournalStoreEnhancementParams{
		ID: entry.ID, ContentVersion: job.Args.ContentVersion, EnhancedContent: enhanced,
		AiSummary: summary, AiSuggestedTags: nonNilTags(result.Tags), AiProvider: &provider, AiModel: model,
	}); err != nil {
		return fmt.Errorf("storing enhancement: %w", err)
	}
	return nil
}

// fail logs the failure and applies the failure policy, recording it on the entry when the job
// gives up. The user's text is never touched.
func (w *JournalEnhanceWorker) fail(ctx context.Context, job *river.Job[JournalEnhanceArgs], cause error) error {
	w.Logger.WarnContext(ctx, "journal enhancement failed", "entry", job.Args.EntryID, "attempt", job.Attempt, "error", cause)
	return giveUpOrRetry(job.JobRow, cause, errors.Is(cause, ai.ErrPermanent), func() error {
		_, err := store.Q.JournalMarkFailed(ctx, w.Pool, store.JournalMarkFailedParams{
			ID: job.Args.EntryID, ContentVersion: job.Args.ContentVersion, Reason: w.failureReason(cause),
		})
		return err
	})
}

// failureReason is what the family reads on a failed enhancement. Without an AI service (provider
// "basic") none was asked, so the offline cleanup is named instead.
func (w *JournalEnhanceWorker) failureReason(err error) string {
	if w.AI.Provider() == "basic" {
		return "The offline cleanup could not finish. Your entry is saved as you wrote it."
	}
	return failureReason(err)
}

// failureReason is what the family sees: what went wrong in plain words, no internals.
func failureReason(err error) string {
	switch {
	case errors.Is(err, ai.ErrPermanent):
		return "The AI service refused this request. Your entry is saved as you wrote it."
	case errors.Is(err, context.DeadlineExceeded):
		return "The AI service took too long to answer. Your entry is saved as you wrote it."
	default:
		return "The AI service is unavailable right now. Your entry is saved as you wrote it."
	}
}

func nonNilTags(tags []string) []string {
	if tags == nil {
		return []string{}
	}
	return tags
}
