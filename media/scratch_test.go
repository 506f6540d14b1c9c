package media

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestSweepScratchRemovesOnlyTheDeads: a killed worker's scratch directory goes, a live process's
// (this one's) stays.
func TestSweepScratchRemovesOnlyTheDeads(t *testing.T) {
	own, err := ScratchDir("trim")
	require.NoError(t, err)
	t.Cleanup(func() { os.RemoveAll(own) })
	require.NoError(t, os.WriteFile(filepath.Join(own, "clip.mp4"), []byte("x"), 0o600))

	dead := exec.Command("true")
	require.NoError(t, dead.Run())
	stale := filepath.Join(os.TempDir(), fmt.Sprintf("%s%d-trim-12345", scratchPrefix, dead.Process.Pid))
	require.NoError(t, os.MkdirAll(stale, 0o700))
	require.NoError(t, os.WriteFile(filepath.Join(stale, "clip.mp4"), make([]byte, 1<<20), 0o600))
	t.Cleanup(func() { os.RemoveAll(stale) })

	removed, err := SweepScratch()
	require.NoError(t, err)
	require.GreaterOrEqual(t, removed, 1)
	require.NoDirExists(t, stale)
	require.DirExists(t, own)
}

// TestToolDiesWithItsWorker: a worker killed with SIGKILL takes its running tool with it.
func TestToolDiesWithItsWorker(t *testing.T) {
	if os.Getenv("MEDIA_TEST_WORKER") == "1" {
		_ = runTool(context.Background(), "sleep", []string{"60"}, nil, "")
		return
	}
	worker := exec.Command(os.Args[0], "-test.run=^TestToolDiesWithItsWorker$")
	worker.Env = append(os.Environ(), "MEDIA_TEST_WORKER=1")
	require.NoError(t, worker.Start())
	t.Cleanup(func() { _ = worker.Process.Kill(); _ = worker.Wait() })

	var tool int
	require.Eventually(t, func() bool { tool = childNamed(worker.Process.Pid, "sleep"); return tool != 0 }, 10*time.Second, 20*time.Millisecond)
	require.NoError(t, worker.Process.Signal(syscall.SIGKILL))
	_ = worker.Wait()
	require.Eventually(t, func() bool { return !running(tool) }, 5*time.Second, 20*time.Millisecond, "the tool died with its worker")
}

// childNamed finds a child of parent by its command name in /proc.
func childNamed(parent int, name string) int {
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...
		s := string(stat)
		comm := s[strings.Index(s, "(")+1 : strings.LastIndex(s, ")")]
		fields := strings.Fields(s[strings.LastIndex(s, ")")+1:])
		if comm == name && len(fields) > 1 && fields[1] == strconv.Itoa(parent) {
			return pid
		}
	}
	return 0
}

// running: the process exists and is not a zombie waiting for a parent that will never reap it.
func running(pid int) bool {
	stat, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return false
	}
	s := string(stat)
	fields := strings.Fields(s[strings.LastIndex(s, ")")+1:])
	return len(fields) > 0 && fields[0] != "Z"
}
