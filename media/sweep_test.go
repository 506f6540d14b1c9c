package media

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSweepTempsRemovesDeadWritersFilesAtOnce: a periodic sweep removes a just-written temp file of
// a dead process of this machine and of a worker of another machine whose heartbeat stopped, and
// leaves a live process's and another live machine's.
func TestSweepTempsRemovesDeadWritersFilesAtOnce(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s, err := NewLocalStorage(dir)
	require.NoError(t, err)
	dead := exec.Command("true")
	require.NoError(t, dead.Run())
	orphaned := filepath.Join(dir, fmt.Sprintf("%s%s.%d.ghi.zip-789", tempPrefix, hostname, dead.Process.Pid))
	live := filepath.Join(dir, strings.Replace(tempName("jkl.mp4"), "*", "1", 1))
	silent := filepath.Join(dir, tempPrefix+"machine_b.4242.abc.zip-1")
	busy := filepath.Join(dir, tempPrefix+"machine_c.4242.def.zip-1")
	for _, p := range []string{orphaned, live, silent, busy} {
		require.NoError(t, os.WriteFile(p, []byte("x"), 0o600))
	}
	removed := s.SweepTemps(func(host string, pid int) bool { return host == "machine_b" && pid == 4242 })
	require.Equal(t, 2, removed)
	require.NoFileExists(t, orphaned, "a dead process's fresh temp file goes: it has no rename in flight")
	require.NoFileExists(t, silent, "a silent worker's temp file goes")
	require.FileExists(t, live)
	require.FileExists(t, busy)
}
