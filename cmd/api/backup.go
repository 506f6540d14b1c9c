package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"text/tabwriter"

	"github.com/jackc/pgx/v5/pgxpool"

	"legacylocker/jobs"
	"legacylocker/media"
	"legacylocker/store/backup"
)

// The backup commands (docs/OPERATIONS.md): `api backup now` and `api backup list` run against the
// configured database and BACKUP_* target; `api restore` fills the configured DATABASE_URL and
// storage from the target. They print for an operator at a terminal, on out.

// backupCommand runs `api backup now|list`.
func backupCommand(ctx context.Context, cfg config, logger *slog.Logger, pool *pgxpool.Pool, args []string, out io.Writer) error {
	switch {
	case len(args) == 1 && args[0] == "now":
		storage, err := media.OpenStorage(ctx, media.StorageConfig{Kind: cfg.media.kind, LocalDir: cfg.media.dir, S3: cfg.media.s3})
		if err != nil {
			return fmt.Errorf("opening media storage: %w", err)
		}
		b := backup.Backup{Pool: pool, Storage: storage, Files: jobs.StoredFileColumns(), Config: cfg.backup, Logger: logger}
		m, err := b.Run(ctx)
		if err != nil {
			return err
		}
		fmt.Fprintf(out, "backup %s in %s: database %s (%d bytes dumped, %d tables), %d files (%d bytes; %d new, %d bytes copied now), %d deleted files kept, %d purged\n",
			m.ID, cfg.backup.Where(), m.Database.Name, m.Database.DumpBytes, len(m.Database.Rows), len(m.Files), m.FileBytes(),
			m.CopiedFiles, m.CopiedBytes, len(m.Deleted), m.PurgedFiles)
		if len(m.Missing) > 0 {
			fmt.Fprintf(out, "warning: %d files the database names were already missing from storage: %v\n", len(m.Missing), m.Missing)
		}
		return nil
	case len(args) == 1 && args[0] == "list":
		target, err := cfg.backup.OpenTarget(ctx)
		if err != nil {
			return err
		}
		ids, err := backup.List(ctx, target)
		if err != nil {
			return err
		}
		if len(ids) == 0 {
			fmt.Fprintf(out, "no backups in %s\n", target)
			return nil
		}
		w := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
		fmt.Fprintln(w, "ID\tTAKEN\tDATABASE\tDUMP BYTES\tFILES\tFILE BYTES")
		for _, id := range ids {
			m, err := backup.LoadManifest(ctx, target, id)
			if err != nil {
				return err
			}
			fmt.Fprintf(w, "%s\t%s\t%s\t%d\t%d\t%d\n", m.ID, m.TakenAt.Format("2006-01-02 15:04:05 MST"), m.Database.Name,
				m.Database.DumpBytes, len(m.Files), m.FileBytes())
		}
		return w.Flush()
	}
	return errors.New("usage: api backup now | api backup list")
}

// restoreCommand runs `api restore --latest | --id ID [--force]`. It runs before the migrations, so
// the database it fills is as empty as the operator left it; the restored schema is brought up to
// this build's migrations when the api next starts.
func restoreCommand(ctx context.Context, cfg config, args []string, out io.Writer) error {
	flags := flag.NewFlagSet("restore", flag.ContinueOnError)
	flags.SetOutput(out)
	latest := flags.Bool("latest", false, "restore the newest backup")
	id := flags.String("id", "", "restore this backup (`api backup list` lists them)")
	force := flags.Bool("force", false, "replace what the database and the storage already hold")
	if err := flags.Parse(args); err != nil {
		return err
	}
	if *latest == (*id != "") || flags.NArg() > 0 {
		return errors.New("usage: api restore --latest | --id ID [--force]")
	}
	target, err := cfg.backup.OpenTarget(ctx)
	if err != nil {
		return err
	}
	storage, err := media.OpenStorage(ctx, media.StorageConfig{Kind: cfg.media.kind, LocalDir: cfg.media.dir, S3: cfg.media.s3})
	if err != nil {
		return fmt.Errorf("opening media storage: %w", err)
	}
	r := backup.Restore{DatabaseURL: cfg.databaseURL, Storage: storage, Target: target, PGBin: cfg.backup.PGBin, Force: *force}
	report, err := r.Run(ctx, *id)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "restored %s from %s\n", report, target)
	return nil
}
