package media

import (
	"bytes"
	"context"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// niceOf reads a process's nice value from its stat line: the 19th field, the 17th after the
// command's name in parentheses (which may hold spaces).
func niceOf(t *testing.T, stat []byte) int {
	t.Helper()
	s := string(stat)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	require.Greater(t, len(fields), 16, "stat: %s", s)
	nice, err := strconv.Atoi(fields[16])
	require.NoError(t, err)
	return nice
}

// TestToolsInTheBackgroundYieldTheCPU: a tool started under InBackground runs at backgroundNice, any
// other at the worker's own priority.
func TestToolsInTheBackgroundYieldTheCPU(t *testing.T) {
	own, err := os.ReadFile("/proc/self/stat")
	require.NoError(t, err)
	require.Less(t, niceOf(t, own), backgroundNice, "the test must run above the background's nice value")

	ran := func(ctx context.Context) int {
		// The shell's own line, read after a pause: the priority is set right after the tool starts.
		var stat bytes.Buffer
		require.NoError(t, runTool(ctx, "sh", []string{"-c", "sleep 0.1; cat /proc/$$/stat"}, &stat, ""))
		return niceOf(t, stat.Bytes())
	}
	require.Equal(t, niceOf(t, own), ran(context.Background()), "a tool someone waits for")
	require.Equal(t, backgroundNice, ran(InBackground(context.Background())), "a background tool")
}
