package media

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestVipsCachesNothing: libvips starts with its operation cache off in every respect (operations,
// bytes, open files; its defaults are 100, 100 MB and 100), so a long-lived decoder child keeps no
// image, buffer or file of one photo while it works the next.
func TestVipsCachesNothing(t *testing.T) {
	require.NoError(t, vipsReady())
	operations, bytes, files := vipsCacheLimits()
	require.Zero(t, operations, "cached operations")
	require.Zero(t, bytes, "cached bytes")
	require.Zero(t, files, "cached open files")
}
