package media

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sys/unix"
)

const (
	rlimitAS     = unix.RLIMIT_AS
	rlimitCPU    = unix.RLIMIT_CPU
	rlimInfinity = unix.RLIM_INFINITY
	// clockTicks is the kernel's USER_HZ, the unit of /proc/<pid>/stat's times (100 on every
	// Linux we run on).
	clockTicks = 100
)

// prlimit sets one resource limit of another process (our own child).
func prlimit(pid, resource int, soft, hard uint64) error {
	if err := unix.Prlimit(pid, resource, &unix.Rlimit{Cur: soft, Max: hard}, nil); err != nil {
		return fmt.Errorf("limiting the decoder: %w", err)
	}
	return nil
}

// procStatusKB reads one "Name: N kB" line of /proc/<pid>/status.
func procStatusKB(pid int, name string) (int64, error) {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if rest, ok := strings.CutPrefix(line, name+":"); ok {
			return strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
		}
	}
	return 0, fmt.Errorf("no %s in /proc/%d/status", name, pid)
}

// procCPUTime answers the CPU time (user + system) a process has used.
func procCPUTime(pid int) (time.Duration, error) {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	// The command name (field 2) may hold spaces: fields are counted after its closing ")".
	fields := strings.Fields(string(raw[bytes.LastIndexByte(raw, ')')+1:]))
	if len(fields) < 13 {
		return 0, fmt.Errorf("short /proc/%d/stat", pid)
	}
	utime, err1 := strconv.ParseInt(fields[11], 10, 64)
	stime, err2 := strconv.ParseInt(fields[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, fmt.Errorf("reading /proc/%d/stat", pid)
	}
	return time.Duration(utime+stime) * time.Second / clockTicks, nil
}
