package jobs

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"legacylocker/integrations/ai"
	"legacylocker/store"
)

// promptsPerGeneration is how many prompts one "Generate new AI prompts" produces.
const promptsPerGeneration = 3

// JournalPromptsArgs fills one prompt_generations request.
type JournalPromptsArgs struct {
	GenerationID int64 `json:"generation_id"`
}

func (JournalPromptsArgs) Kind() string { return "journal_prompts" }

func (JournalPromptsArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueAI, MaxAttempts: 5}
}

// JournalPromptsWorker writes prompts tailored to the athlete's sports, position and recent entries,
// replacing the athlete's previously generated ones.
type JournalPromptsWorker struct {
	river.WorkerDefaults[JournalPromptsArgs]
	Pool   *pgxpool.Pool
	AI     ai.Service
	Logger *slog.Logger
}

func (w *JournalPromptsWorker) Timeout(*river.Job[JournalPromptsArgs]) time.Duration {
	return 3 * time.Minute
}

func (w *JournalPromptsWorker) Work(ctx context.Context, job *river.Job[JournalPromptsArgs]) error {
	generation, err := loadRecord(ctx, w.Pool, "prompt generation", job.Args.GenerationID, store.Q.PromptGenerationGetByID)
	if err != nil {
		return err
	}
	if !generation.Status.Working() {
		return nil // already done by an earlier attempt
	}
	athlete, err := store.Q.AthleteGetByID(ctx, w.Pool, generation.AthleteID)
	if err != nil {
		return fmt.Errorf("loading athlete: %w", err)
	}
	titles, err := store.Q.JournalRecentTitles(ctx, w.Pool, athlete.ID)
	if err != nil {
		return fmt.Errorf("loading recent titles: %w", err)
	}

	prompts, err := w.AI.Prompts(ctx, ai.PromptRequest{Sports: athlete.Sports, Position: athlete.Position, RecentTitles: titles, Count: promptsPerGeneration})
	if err != nil {
		w.Logger.WarnContext(ctx, "prompt generation failed", "generation", generation.ID, "attempt", job.Attempt, "error", err)
		return giveUpOrRetry(job.JobRow, err, errors.Is(err, ai.ErrPermanent), func() error {
			return store.Q.PromptGenerationFinish(ctx, w.Pool, store.PromptGenerationFinishParams{ID: generation.ID, Status: store.JobFailed, StatusReason: failureReason(err)})
		})
	}

	provider := w.AI.Provider()
	return store.WithTx(ctx, w.Pool, func(tx pgx.Tx) error {
		if err := store.Q.JournalPromptDeleteGenerated(ctx, tx, athlete.ID); err != nil {
			return fmt.Errorf("replacing generated prompts: %w", err)
		}
		for _, p := range prompts {
			if _, err := store.Q.JournalPromptCreate(ctx, tx, store.JournalPromptCreateParams{
				AthleteID: athlete.ID, Title: p.Title, Prompt: p.Prompt, Category: p.Category, Source: "generated",
			}); err != nil {
				return fmt.Errorf("storing prompt: %w", err)
			}
		}
		return store.Q.PromptGenerationFinish(ctx, tx, store.PromptGenerationFinishParams{ID: generation.ID, Status: store.JobReady, Provider: &provider})
	})
}
