package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"legacylocker/integrations/ai"
	"legacylocker/integrations/mail"
	"legacylocker/store"
)

// promptReminderEvery is the reminder cadence; the periodic job runs far more often and only
// writes to users whose week is up, so a restart never skips or doubles a week.
const (
	promptReminderEvery = 7 * 24 * time.Hour
	promptReminderBatch = 100
)

// PromptRemindersArgs is the periodic sweep that e-mails each opted-in family one writing prompt a week.
type PromptRemindersArgs struct{}

func (PromptRemindersArgs) Kind() string { return "prompt_reminders" }

func (PromptRemindersArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueDefault, UniqueOpts: river.UniqueOpts{ByPeriod: time.Hour}}
}

// PromptRemindersWorker queues a weekly_prompt e-mail (through email_send) for every user due one.
type PromptRemindersWorker struct {
	river.WorkerDefaults[PromptRemindersArgs]
	Pool   *pgxpool.Pool
	AppURL string
	Logger *slog.Logger
	// Now is the clock, replaceable in tests.
	Now func() time.Time
}

func (w *PromptRemindersWorker) Work(ctx context.Context, job *river.Job[PromptRemindersArgs]) error {
	client, err := river.ClientFromContextSafely[pgx.Tx](ctx)
	if err != nil {
		return fmt.Errorf("finding the river client: %w", err)
	}
	now := time.Now()
	if w.Now != nil {
		now = w.Now()
	}
	total := 0
	for {
		sent := 0
		err := store.WithTx(ctx, w.Pool, func(tx pgx.Tx) error {
			due, err := store.Q.UserDueForPromptReminder(ctx, tx, store.UserDueForPromptReminderParams{DueBefore: now.Add(-promptReminderEvery), Batch: promptReminderBatch})
			if err != nil {
				return fmt.Errorf("finding users due a reminder: %w", err)
			}
			for _, u := range due {
				prompt, err := w.promptFor(ctx, tx, u, now)
				if err != nil {
					return err
				}
				unsubscribe, err := UnsubscribeURL(ctx, tx, w.AppURL, u.ID, UnsubscribeWeeklyPrompt, nil)
				if err != nil {
					return err
				}
				msg := mail.WeeklyPrompt(w.AppURL, u.Email, u.FirstName, u.AthleteID, u.AthleteName, prompt.Title, prompt.Prompt, unsubscribe)
				if _, err := QueueAthleteEmail(ctx, tx, client, "weekly_prompt", u.AthleteID, msg); err != nil {
					return err
				}
				if err := store.Q.UserMarkPromptReminded(ctx, tx, store.UserMarkPromptRemindedParams{ID: u.ID, At: &now}); err != nil {
					return fmt.Errorf("recording reminder: %w", err)
				}
			}
			sent = len(due)
			return nil
		})
		if err != nil {
			return err
		}
		total += sent
		if sent < promptReminderBatch {
			break
		}
	}
	if total > 0 {
		w.Logger.InfoContext(ctx, "weekly prompt reminders queued", "count", total)
	}
	return nil
}

// promptFor picks this week's prompt: the family's own (generated or custom) prompts first,
// then the curated bank for the athlete's sport, rotating week by week.
func (w *PromptRemindersWorker) promptFor(ctx context.Context, tx pgx.Tx, u store.UserDueForPromptReminderRow, now time.Time) (ai.Prompt, error) {
	rows, err := store.Q.JournalPromptListForAthlete(ctx, tx, u.AthleteID)
	if err != nil {
		return ai.Prompt{}, fmt.Errorf("loading prompts: %w", err)
	}
	candidates := make([]ai.Prompt, 0, len(rows)+3)
	for _, p := range rows {
		candidates = append(candidates, ai.Prompt{Title: p.Title, Prompt: p.Prompt, Category: p.Category})
	}
	bank, err := ai.Offline{}.Prompts(ctx, ai.PromptRequest{Sports: u.Sports, Position: u.Position, Count: 3})
	if err != nil {
		return ai.Prompt{}, fmt.Errorf("choosing a prompt: %w", err)
	}
	candidates = append(candidates, bank...)
	week := int(now.Unix() / int64(promptReminderEvery.Seconds()))
	return candidates[week%len(candidates)], nil
}

// PeriodicJobs are the jobs River's elected leader inserts on a schedule.
func PeriodicJobs() []*river.PeriodicJob {
	return []*river.PeriodicJob{
		river.NewPeriodicJob(river.PeriodicInterval(time.Hour), func() (river.JobArgs, *river.InsertOpts) {
			return PromptRemindersArgs{}, nil
		}, &river.PeriodicJobOpts{RunOnStart: true}),
		river.NewPeriodicJob(river.PeriodicInterval(time.Hour), func() (river.JobArgs, *river.InsertOpts) {
			return LegacyExportCleanupArgs{}, nil
		}, &river.PeriodicJobOpts{RunOnStart: true}),
		river.NewPeriodicJob(river.PeriodicInterval(time.Hour), func() (river.JobArgs, *river.InsertOpts) {
			return DigestsArgs{}, nil
		}, &river.PeriodicJobOpts{RunOnStart: true}),
		river.NewPeriodicJob(river.PeriodicInterval(time.Hour), func() (river.JobArgs, *river.InsertOpts) {
			return RecruitingBriefsArgs{}, nil
		}, &river.PeriodicJobOpts{RunOnStart: true}),
		river.NewPeriodicJob(river.PeriodicInterval(time.Hour), func() (river.JobArgs, *river.InsertOpts) {
			return MediaUploadExpireArgs{}, nil
		}, &river.PeriodicJobOpts{RunOnStart: true}),
		river.NewPeriodicJob(river.PeriodicInterval(time.Hour), func() (river.JobArgs, *river.InsertOpts) {
			return MediaHashBackfillArgs{}, nil
		}, &river.PeriodicJobOpts{RunOnStart: true}),
		river.NewPeriodicJob(river.PeriodicInterval(WorkerRescueEvery), func() (river.JobArgs, *river.InsertOpts) {
			return WorkerRescueArgs{}, nil
		}, &river.PeriodicJobOpts{RunOnStart: true}),
		river.NewPeriodicJob(river.PeriodicInterval(ReconcileInterval), func() (river.JobArgs, *river.InsertOpts) {
			return RecordsReconcileArgs{}, nil
		}, &river.PeriodicJobOpts{RunOnStart: true}),
	}
}
