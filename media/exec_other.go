//go:build !linux

package media

import "os/exec"

// dieWithParent is Linux's parent-death signal; elsewhere a killed worker's tool runs to its end.
func dieWithParent(*exec.Cmd) {}

// yieldCPU is Linux's; elsewhere a background tool runs at the worker's priority.
func yieldCPU(int) error { return nil }
