package media

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// Scratch directories hold a job's intermediate files (a cut clip before it is stored, decoded
// HEIC frames). Their names carry the process id, so a worker starting on the same machine can
// tell the directories of a killed worker (remove them) from those of a live sibling (leave them).
const scratchPrefix = "legacylocker-"

// ScratchDir creates a scratch directory for this process; the caller removes it when done.
func ScratchDir(purpose string) (string, error) {
	return os.MkdirTemp("", fmt.Sprintf("%s%d-%s-*", scratchPrefix, os.Getpid(), purpose))
}

// SweepScratch removes the scratch directories of processes that are no longer running (a worker
// killed mid-job leaves tens of megabytes behind each time), answering how many it removed.
func SweepScratch() (int, error) {
	entries, err := os.ReadDir(os.TempDir())
	if err != nil {
		return 0, fmt.Errorf("reading %s: %w", os.TempDir(), err)
	}
	removed := 0
	var errs []error
	for _, e := range entries {
		pid, ok := scratchOwner(e.Name())
		if !ok || !e.IsDir() || processAlive(pid) {
			continue
		}
		if err := os.RemoveAll(filepath.Join(os.TempDir(), e.Name())); err != nil {
			errs = append(errs, err)
			continue
		}
		removed++
	}
	return removed, errors.Join(errs...)
}

// scratchOwner reads the process id out of a scratch directory's name.
func scratchOwner(name string) (int, bool) {
	rest, found := strings.CutPrefix(name, scratchPrefix)
	if !found {
		return 0, false
	}
	digits, _, _ := strings.Cut(rest, "-")
	pid, err := strconv.Atoi(digits)
	return pid, err == nil && pid > 0
}

// processAlive reports whether a process with this id runs on this machine (signal 0 checks
// without sending anything; EPERM means it runs as another user).
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
