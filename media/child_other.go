//go:build !linux

package media

import (
	"errors"
	"time"
)

// Resource limits on a child are set through Linux's prlimit and /proc; elsewhere the children
// run with the wall-time limit only.
const (
	rlimitAS     = 0
	rlimitCPU    = 0
	rlimInfinity = 0
)

func prlimit(pid, resource int, soft, hard uint64) error { return nil }

func procStatusKB(pid int, name string) (int64, error) { return 0, nil }

func procCPUTime(pid int) (time.Duration, error) { return 0, errors.ErrUnsupported }
