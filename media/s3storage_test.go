package media

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"

	"github.com/minio/minio-go/v7"
	"github.com/stretchr/testify/require"
)

// TestS3PartSizeFor: a stream of unknown length goes in 8 MiB parts; one whose size is hinted in
// parts large enough that S3's 10,000 parts hold all of it, up to S3's largest object.
func TestS3PartSizeFor(t *testing.T) {
	t.Parallel()
	const mib, gib = 1 << 20, 1 << 30
	require.EqualValues(t, 8*mib, s3PartSizeFor(0), "unknown")
	require.EqualValues(t, 8*mib, s3PartSizeFor(2*gib), "a 2 GiB upload")
	require.EqualValues(t, 29*mib, s3PartSizeFor(250*gib), "a Family plan's whole 250 GiB in one archive")
	for _, hint := range []int64{1, 70 * gib, 71 * gib, 250 * gib, 1 << 40, 5 << 40} {
		part := int64(s3PartSizeFor(hint))
		require.Zero(t, part%mib, "whole MiB")
		require.GreaterOrEqual(t, part*10_000, hint+hint/10, "%d bytes fit in 10,000 parts with a tenth to spare", hint)
	}
}

// TestS3PutSizeHinted: a hinted stream is stored in the larger parts (the object's ETag counts
// them), and comes back whole.
func TestS3PutSizeHinted(t *testing.T) {
	t.Parallel()
	cfg := startVersityGW(t)
	s, err := NewS3Storage(context.Background(), cfg)
	require.NoError(t, err)
	ctx := context.Background()
	data := bytes.Repeat([]byte("game film "), 2_000_000) // 20 MB
	parts := map[string]int64{"unhinted.mp4": 0, "hinted.zip": 200 << 30}
	for key, hint := range parts {
		var r io.Reader = bytes.NewReader(data)
		if hint > 0 {
			r = SizeHinted{Reader: r, Hint: hint}
		}
		n, err := s.Put(ctx, key, r)
		require.NoError(t, err)
		require.EqualValues(t, len(data), n)
		info, err := s.client.StatObject(ctx, cfg.Bucket, key, minio.StatObjectOptions{})
		require.NoError(t, err)
		t.Logf("%s: ETag %s", key, info.ETag)
		f, err := s.Open(ctx, key)
		require.NoError(t, err)
		got, err := io.ReadAll(f)
		require.NoError(t, err)
		require.NoError(t, f.Close())
		require.True(t, bytes.Equal(data, got), key)
		if hint > 0 {
			require.True(t, strings.HasSuffix(info.ETag, "-1"), "one 23 MiB part: %s", info.ETag)
		} else {
			require.True(t, strings.HasSuffix(info.ETag, "-3"), "three 8 MiB parts: %s", info.ETag)
		}
	}
}
