package backup_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/stretchr/testify/require"

	"legacylocker/jobs"
	"legacylocker/media"
	"legacylocker/store"
	"legacylocker/store/backup"
	"legacylocker/store/storetest"
)

// TestBackupDuringUploadsAndDeletes takes backups while a family uploads (file, then row) and
// deletes (row and media_delete job in one transaction, the real worker removing the file), and
// restores each: every restored row finds its file. Without the files lock a deletion committed
// after the snapshot removes a file before it is copied, and the restored row has no file.
func TestBackupDuringUploadsAndDeletes(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	f := newFamily(t)
	client, err := river.NewClient(riverpgxv5.New(f.pool), &river.Config{
		Queues:            map[string]river.QueueConfig{jobs.QueueDefault: {MaxWorkers: 4}},
		Workers:           jobs.Workers(jobs.Dependencies{Pool: f.pool, Storage: f.storage, Logger: quiet}),
		Logger:            quiet,
		FetchCooldown:     20 * time.Millisecond,
		FetchPollInterval: 20 * time.Millisecond,
	})
	require.NoError(t, err)
	require.NoError(t, client.Start(ctx))
	t.Cleanup(func() { _ = client.Stop(context.Background()) })

	// Enough files that copying them takes a while, for deletions to land in the middle.
	var ids []int64
	for i := range 300 {
		id, _ := f.photo(t, strings.Repeat(fmt.Sprint(i%10), 64<<10))
		ids = append(ids, id)
	}

	stop := make(chan struct{})
	var deleted, uploaded atomic.Int64
	var wg sync.WaitGroup
	wg.Go(func() {
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			f.photo(t, fmt.Sprintf("new photo %d", i))
			uploaded.Add(1)
			id := ids[(i*7)%len(ids)]
			err := store.WithTx(ctx, f.pool, func(tx pgx.Tx) error {
				var key string
				if err := tx.QueryRow(ctx, "DELETE FROM media_items WHERE id = $1 RETURNING original_key", id).Scan(&key); err != nil {
					return err
				}
				_, err := client.InsertTx(ctx, tx, jobs.MediaDeleteArgs{Keys: []string{key}}, nil)
				return err
			})
			if err == nil {
				deleted.Add(1)
			}
			time.Sleep(2 * time.Millisecond)
		}
	})

	dir := t.TempDir()
	b := f.backup(dir, nil)
	b.Config.Keep = 10
	var manifests []backup.Manifest
	for range 3 {
		m, err := b.Run(ctx)
		require.NoError(t, err)
		manifests = append(manifests, m)
	}
	close(stop)
	wg.Wait()
	require.Positive(t, deleted.Load())
	require.Positive(t, uploaded.Load())
	// The deletions' files do go, once no backup holds them back.
	require.Eventually(t, func() bool {
		var open int
		require.NoError(t, f.pool.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE kind = 'media_delete' AND state <> 'completed'`).Scan(&open))
		return open == 0
	}, 2*time.Minute, 50*time.Millisecond)

	for _, m := range manifests {
		restoredURL := storetest.NewEmptyDatabase(t)
		restored, err := media.NewLocalStorage(t.TempDir())
		require.NoError(t, err)
		_, err = backup.Restore{DatabaseURL: restoredURL, Storage: restored, Target: mustTarget(t, dir)}.Run(ctx, m.ID)
		require.NoError(t, err)
		conn, err := pgx.Connect(ctx, restoredURL)
		require.NoError(t, err)
		rows, err := conn.Query(ctx, "SELECT original_key FROM media_items WHERE athlete_id = $1", f.athlete)
		require.NoError(t, err)
		keys, err := pgx.CollectRows(rows, pgx.RowTo[string])
		require.NoError(t, err)
		require.NoError(t, conn.Close(ctx))
		require.NotEmpty(t, keys)
		for _, key := range keys {
			_, err := restored.Open(ctx, key)
			require.NoError(t, err, "backup %s: a restored row's file %s is missing", m.ID, key)
		}
	}
}
