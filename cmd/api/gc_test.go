package main

import (
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestTheCollectorDefaultsLeaveTheOperatorsChoice(t *testing.T) {
	before := debug.SetGCPercent(100)
	t.Cleanup(func() { debug.SetGCPercent(before) })

	tuneGC(func(string) string { return "" })
	require.Equal(t, gcPercentDefault, debug.SetGCPercent(100), "without GOGC the api collects at its own default")

	tuneGC(func(name string) string {
		if name == "GOGC" {
			return "150"
		}
		return ""
	})
	require.Equal(t, 100, debug.SetGCPercent(100), "a GOGC the operator set is left as the runtime read it")
}
