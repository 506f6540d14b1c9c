package jobs_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/riverqueue/river"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"legacylocker/integrations/statsproviders"
	"legacylocker/integrations/statsproviders/statstest"
	"legacylocker/store"
)

// TestStatsSyncOverTheNetwork runs 'Sync Now' for a network provider against an httptest server
// speaking its API: games are upserted by the platform's ids, and lastSyncedAt is set when the
// sync ends and sent as "since" next time.
func TestStatsSyncOverTheNetwork(t *testing.T) {
	t.Parallel()
	var sinces []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sinces = append(sinces, r.URL.Query().Get("since"))
		_, _ = w.Write([]byte(`{"events":[{"id":"ev-1","date":"2026-04-02","opponent":"North","ab":4,"h":2},` +
			`{"id":"ev-2","date":"2026-04-05","opponent":"South","ab":3,"h":1,"ip_outs":9}]}`))
	}))
	t.Cleanup(srv.Close)
	f := newStatsFixture(t, statsproviders.GameChanger{}, statstest.APISyncer{BaseURL: srv.URL, Client: srv.Client()})
	conn := f.connect(t, "teamsnap", "m-42")
	for range 2 {
		f.syncConnection(t, conn)
	}
	conn = f.connection(t, conn.ID)
	assert.Equal(t, store.JobReady, conn.SyncStatus)
	require.NotNil(t, conn.LastSyncedAt)
	require.Len(t, sinces, 2)
	assert.Empty(t, sinces[0], "the first sync asks for everything")
	assert.NotEmpty(t, sinces[1], "the next asks since the last")
	assert.Equal(t, 2, countRows(t, f.pool, `SELECT count(*) FROM stats_games`), "the second sync updates the same games")
}

// TestStatsSyncAppliesTheNewestExportAgain: 'Sync Now' for a file provider reads the newest export
// with today's parser, writes the same rows (no duplicates) and ends ready with a new sync time.
func TestStatsSyncAppliesTheNewestExportAgain(t *testing.T) {
	t.Parallel()
	f := newStatsFixture(t)
	conn := f.connect(t, "gamechanger", "12")
	f.importFile(t, f.upload(t, conn, "season.csv", seasonCSV))
	first := f.connection(t, conn.ID).LastSyncedAt
	require.NotNil(t, first, "an applied import is a finished sync")

	res := f.syncConnection(t, conn)
	assert.Equal(t, river.EventKindJobCompleted, res.EventKind)
	conn = f.connection(t, conn.ID)
	assert.Equal(t, store.JobReady, conn.SyncStatus)
	assert.Empty(t, conn.SyncReason)
	require.NotNil(t, conn.LastSyncedAt)
	assert.True(t, conn.LastSyncedAt.After(*first))
	assert.Equal(t, 1, countRows(t, f.pool, `SELECT count(*) FROM stats_seasons`))
}

// TestStatsSyncFailsWithItsImport: when the export a sync applies again cannot be read any more,
// the import and the sync both fail with the reason, instead of the sync staying "processing".
func TestStatsSyncFailsWithItsImport(t *testing.T) {
	t.Parallel()
	f := newStatsFixture(t)
	conn := f.connect(t, "gamechanger", "12")
	imp := f.upload(t, conn, "season.csv", seasonCSV)
	f.importFile(t, imp)
	// The stored file changed under the import (a parser that reads it differently today).
	_, err := f.storage.Put(context.Background(), imp.FileKey, strings.NewReader("Bring snacks on Saturday\n"))
	require.NoError(t, err)

	res := f.syncConnection(t, conn)
	assert.Equal(t, river.EventKindJobCancelled, res.EventKind, "the file is at fault: no retry")
	conn = f.connection(t, conn.ID)
	assert.Equal(t, store.JobFailed, conn.SyncStatus)
	assert.Equal(t, statsproviders.ErrNotStatsExport.Message, conn.SyncReason)
	assert.Equal(t, statsproviders.ErrNotStatsExport.Message, f.imp(t, imp.ID).StatusReason)
}

// TestStatsSyncWithoutAnExportFails: a file provider with nothing uploaded has nothing to apply.
func TestStatsSyncWithoutAnExportFails(t *testing.T) {
	t.Parallel()
	f := newStatsFixture(t)
	conn := f.connect(t, "maxpreps", "12")
	res := f.syncConnection(t, conn)
	assert.Equal(t, river.EventKindJobCancelled, res.EventKind)
	conn = f.connection(t, conn.ID)
	assert.Equal(t, store.JobFailed, conn.SyncStatus)
	assert.Equal(t, "Upload a new export to sync", conn.SyncReason)
	assert.Nil(t, conn.LastSyncedAt)
}
