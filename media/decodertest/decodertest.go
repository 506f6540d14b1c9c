// Package decodertest finds the decoder children of a process (media/child.go) and waits for one
// to be working, so a test can crash one in the middle of a real decode. Linux only (/proc).
package decodertest

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Children answers the pids of parent's decoder children.
func Children(parent int) []int {
	var pids []int
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	for _, dir := range dirs {
		pid, err := strconv.Atoi(filepath.Base(dir))
		if err != nil {
			continue
		}
		stat, err := readStat(pid)
		if err != nil || len(stat) < 2 || stat[1] != strconv.Itoa(parent) {
			continue
		}
		env, err := os.ReadFile(filepath.Join(dir, "environ"))
		if err == nil && bytes.Contains(env, []byte("LEGACYLOCKER_DECODER_CHILD=1\x00")) {
			pids = append(pids, pid)
		}
	}
	return pids
}

// CPUTicks answers the CPU time a process has used, in clock ticks (user + system), or -1 when
// it has gone.
func CPUTicks(pid int) int64 {
	stat, err := readStat(pid)
	if err != nil || len(stat) < 13 {
		return -1
	}
	user, _ := strconv.ParseInt(stat[11], 10, 64)
	sys, _ := strconv.ParseInt(stat[12], 10, 64)
	return user + sys
}

// readStat answers the fields of /proc/<pid>/stat after the command name: [0] is the state,
// [1] the parent's pid, [11] and [12] the user and system time.
func readStat(pid int) ([]string, error) {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return nil, err
	}
	return strings.Fields(string(raw[bytes.LastIndexByte(raw, ')')+1:])), nil
}

// WaitBusy waits until one of parent's decoder children has spent 100 ms of CPU since it was
// first seen after its start (an idle child spends none), and answers its pid. A child counts
// from its handshake, which the parent follows by limiting its address space: loading libvips on a
// loaded machine can take 100 ms of CPU too, and a crash then is a failed start, not a failed
// decode.
func WaitBusy(t testing.TB, parent int, timeout time.Duration) int {
	t.Helper()
	seen := map[int]int64{}
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		for _, pid := range Children(parent) {
			if !started(pid) {
				continue
			}
			ticks := CPUTicks(pid)
			first, ok := seen[pid]
			if !ok {
				seen[pid] = ticks
				continue
			}
			if ticks >= first+10 {
				return pid
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("no decoder child of %d got to work within %s", parent, timeout)
	return 0
}

// started reports whether a child's address space is limited, which its parent does once the
// child has answered the handshake (media/child.go, limitMemory).
func started(pid int) bool {
	limits, err := os.ReadFile(fmt.Sprintf("/proc/%d/limits", pid))
	if err != nil {
		return false
	}
	for _, line := range strings.Split(string(limits), "\n") {
		if rest, ok := strings.CutPrefix(line, "Max address space"); ok {
			fields := strings.Fields(rest)
			return len(fields) > 0 && fields[0] != "unlimited"
		}
	}
	return false
}
