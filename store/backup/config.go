package backup

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/robfig/cron/v3"

	"legacylocker/media"
)

// Config is where backups go and how long they are kept (README, "Backups").
type Config struct {
	// Schedule and DrillSchedule are cron expressions (minute hour day month weekday, optionally
	// after CRON_TZ=Zone), or "off".
	Schedule      string
	DrillSchedule string
	// Keep is how many database backups are kept; the oldest beyond it are removed.
	Keep int
	// KeepDeleted is how long a file deleted in the app stays in the backup target.
	KeepDeleted time.Duration
	// DrillSample is how many files the drill reads back and checks.
	DrillSample int
	// Dir is the target directory, used when S3.Endpoint is empty.
	Dir string
	S3  media.S3Config
	// PGBin is a directory holding pg_dump and pg_restore; empty: found by the server's version.
	PGBin string
}

// ConfigFromEnv reads the BACKUP_* settings with the process's own reader.
func ConfigFromEnv(str func(name, def string) string, integer func(name string, def, min int) int,
	boolean func(name string, def bool) bool) Config {
	return Config{
		Schedule:      str("BACKUP_SCHEDULE", "0 3 * * *"),
		DrillSchedule: str("BACKUP_DRILL_SCHEDULE", "0 5 * * *"),
		Keep:          integer("BACKUP_KEEP", 14, 1),
		KeepDeleted:   time.Duration(integer("BACKUP_KEEP_DELETED_DAYS", 30, 0)) * 24 * time.Hour,
		DrillSample:   integer("BACKUP_DRILL_SAMPLE", 20, 0),
		Dir:           str("BACKUP_DIR", ".data/backups"),
		S3: media.S3Config{
			Endpoint: str("BACKUP_S3_ENDPOINT", ""), Bucket: str("BACKUP_S3_BUCKET", "legacylocker-backups"),
			AccessKey: str("BACKUP_S3_ACCESS_KEY", ""), SecretKey: str("BACKUP_S3_SECRET_KEY", ""),
			Region: str("BACKUP_S3_REGION", "us-east-1"), UseSSL: boolean("BACKUP_S3_USE_SSL", false),
		},
		PGBin: str("BACKUP_PG_BIN", ""),
	}
}

// Validate checks the schedules, so a typo stops the process at start-up rather than the night.
func (c Config) Validate() error {
	for name, expr := range map[string]string{"BACKUP_SCHEDULE": c.Schedule, "BACKUP_DRILL_SCHEDULE": c.DrillSchedule} {
		if _, err := ParseSchedule(expr); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	return nil
}

// ParseSchedule reads a cron expression; nil for "off". The answer is a river.PeriodicSchedule.
func ParseSchedule(expr string) (cron.Schedule, error) {
	if strings.EqualFold(strings.TrimSpace(expr), "off") {
		return nil, nil
	}
	s, err := cron.ParseStandard(expr)
	if err != nil {
		return nil, fmt.Errorf("a cron expression such as \"0 3 * * *\" or off, not %q: %w", expr, err)
	}
	return s, nil
}

// OpenTarget opens the configured target: the bucket when BACKUP_S3_ENDPOINT is set, else the
// directory. It is opened when a backup runs, not at start-up, so a process that never backs up
// (an api) needs no access to it.
func (c Config) OpenTarget(ctx context.Context) (Target, error) {
	if c.S3.Endpoint != "" {
		return NewS3Target(ctx, c.S3)
	}
	return NewDirTarget(c.Dir)
}

// Where says where backups go, for the Operations page.
func (c Config) Where() string {
	if c.S3.Endpoint != "" {
		return "bucket " + c.S3.Bucket + " at " + c.S3.Endpoint
	}
	return "directory " + c.Dir
}
