package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"legacylocker/media"
	"legacylocker/store/storetest"
)

// TestAPISweepsTemporaryFilesPeriodically: a running api removes a half-written upload of an api
// process killed after it started (SIGKILL leaves its .tmp- file) at its next sweep, not only at
// its own start; a live process's temporary file stays.
func TestAPISweepsTemporaryFilesPeriodically(t *testing.T) {
	mediaDir := t.TempDir()
	port := freeTCPPort(t)
	t.Setenv("DATABASE_URL", storetest.NewDatabase(t))
	t.Setenv("PORT", strconv.Itoa(port))
	t.Setenv("MEDIA_DIR", mediaDir)
	t.Setenv("METRICS_ADDR", "")
	t.Setenv("TEMP_SWEEP_EVERY", "200ms")
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx, slog.New(slog.NewTextHandler(io.Discard, nil)), nil) }()
	t.Cleanup(func() { stop(); <-done })
	require.Eventually(t, func() bool {
		res, err := http.Get(fmt.Sprintf("http://127.0.0.1:%d/healthz", port))
		if err == nil {
			res.Body.Close()
		}
		return err == nil && res.StatusCode == http.StatusOK
	}, 10*time.Second, 20*time.Millisecond)

	killed := exec.Command("true")
	require.NoError(t, killed.Run())
	orphan := filepath.Join(mediaDir, fmt.Sprintf(".tmp-%s.%d.abc.mp4-1", media.Host(), killed.Process.Pid))
	live := filepath.Join(mediaDir, fmt.Sprintf(".tmp-%s.%d.def.mp4-1", media.Host(), os.Getpid()))
	for _, p := range []string{orphan, live} {
		require.NoError(t, os.WriteFile(p, make([]byte, 1<<20), 0o600))
	}
	require.Eventually(t, func() bool {
		_, err := os.Stat(orphan)
		return os.IsNotExist(err)
	}, 5*time.Second, 20*time.Millisecond, "the dead process's partial upload is swept")
	require.FileExists(t, live, "a live process's is kept")
}
