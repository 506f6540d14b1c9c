package main

import (
	"context"
	"fmt"
	"time"

	"legacylocker/store"
	"legacylocker/store/backup"
)

// backupRun is one backup or drill run on the Operations page.
type backupRun struct {
	BackupID string `json:"backupId"`
	jobState
	// Detail is what a successful run did, in one sentence.
	Detail      string     `json:"detail"`
	StartedAt   time.Time  `json:"startedAt"`
	FinishedAt  *time.Time `json:"finishedAt"`
	DumpBytes   int64      `json:"dumpBytes"`
	Files       int64      `json:"files"`
	FileBytes   int64      `json:"fileBytes"`
	CopiedFiles int64      `json:"copiedFiles"`
	CopiedBytes int64      `json:"copiedBytes"`
}

// backupStatus is the Operations page's backup panel: the newest backup and drill, the newest that
// succeeded, and problems, each a sentence an operator must not miss (a failed or overdue backup or
// drill, or backups switched off).
type backupStatus struct {
	Schedule      string     `json:"schedule"`
	DrillSchedule string     `json:"drillSchedule"`
	Target        string     `json:"target"`
	LastBackup    *backupRun `json:"lastBackup"`
	LastGood      *backupRun `json:"lastGoodBackup"`
	LastDrill     *backupRun `json:"lastDrill"`
	LastGoodDrill *backupRun `json:"lastGoodDrill"`
	Problems      []string   `json:"problems"`
}

// overdueGrace is how long past its scheduled time a backup may still be running before the page
// calls it overdue.
const overdueGrace = 3 * time.Hour

func (app *application) backupStatus(ctx context.Context, now time.Time) (backupStatus, error) {
	cfg := app.cfg.backup
	s := backupStatus{Schedule: cfg.Schedule, DrillSchedule: cfg.DrillSchedule, Target: cfg.Where(), Problems: []string{}}
	runs, err := store.Q.BackupRunLatest(ctx, app.pool)
	if err != nil {
		return s, fmt.Errorf("reading backup runs: %w", err)
	}
	for _, r := range runs {
		run := &backupRun{BackupID: r.BackupID, jobState: jobState{Status: r.Status, StatusReason: r.StatusReason}, Detail: r.Detail, StartedAt: r.StartedAt, FinishedAt: r.FinishedAt,
			DumpBytes: r.DumpBytes, Files: r.Files, FileBytes: r.FileBytes, CopiedFiles: r.CopiedFiles, CopiedBytes: r.CopiedBytes}
		latest, good := &s.LastBackup, &s.LastGood
		if r.Kind == "drill" {
			latest, good = &s.LastDrill, &s.LastGoodDrill
		}
		if *latest == nil || r.StartedAt.After((*latest).StartedAt) {
			*latest = run
		}
		if r.Status == store.JobReady && (*good == nil || r.StartedAt.After((*good).StartedAt)) {
			*good = run
		}
	}
	s.Problems = append(s.Problems, problems("backup", cfg.Schedule, s.LastBackup, s.LastGood, now)...)
	s.Problems = append(s.Problems, problems("restore drill", cfg.DrillSchedule, s.LastDrill, s.LastGoodDrill, now)...)
	return s, nil
}

// problems says what is wrong with one kind of run: switched off, its last run failed, or its last
// success is older than the schedule allows.
func problems(what, expr string, last, good *backupRun, now time.Time) []string {
	schedule, _ := backup.ParseSchedule(expr) // validated at start-up
	var out []string
	if schedule == nil {
		out = append(out, fmt.Sprintf("Scheduled %ss are off.", what))
	}
	if last != nil && last.Status == store.JobFailed {
		out = append(out, fmt.Sprintf("The last %s failed: %s", what, last.StatusReason))
	}
	switch {
	case good == nil && schedule != nil && last == nil:
		out = append(out, fmt.Sprintf("No %s has run yet; the first is due %s.", what, schedule.Next(now).Format("2006-01-02 15:04 MST")))
	case good == nil && last != nil && !last.Status.Working():
		out = append(out, fmt.Sprintf("No %s has succeeded yet.", what))
	case good != nil && schedule != nil && good.FinishedAt != nil && now.After(schedule.Next(*good.FinishedAt).Add(overdueGrace)):
		out = append(out, fmt.Sprintf("The last good %s is %s old: a newer one is overdue.", what, now.Sub(*good.FinishedAt).Round(time.Hour)))
	}
	return out
}
