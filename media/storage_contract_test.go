package media

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/stretchr/testify/require"

	"legacylocker/media/s3test"
)

// storageContract is what every Storage must do, run against LocalStorage and S3Storage alike:
// put and read back, seek for HTTP ranges, size and time, replace, a local path for ffmpeg, missing
// keys, path tricks, and an upload killed half-way leaving nothing. list answers the stored keys.
func storageContract(t *testing.T, s Storage, list func() []string) {
	ctx := context.Background()

	data := bytes.Repeat([]byte("0123456789"), 2_000_000) // 20 MB: more than one S3 part
	key := NewKey(".bin")
	n, err := s.Put(ctx, key, bytes.NewReader(data))
	require.NoError(t, err)
	require.EqualValues(t, len(data), n)
	f, err := s.Open(ctx, key)
	require.NoError(t, err)
	require.EqualValues(t, len(data), f.Size())
	require.WithinDuration(t, time.Now(), f.ModTime(), time.Hour)
	_, err = f.Seek(17_000_003, io.SeekStart)
	require.NoError(t, err)
	buf := make([]byte, 4)
	_, err = io.ReadFull(f, buf)
	require.NoError(t, err)
	require.Equal(t, "3456", string(buf), "a range read from the middle")
	end, err := f.Seek(-2, io.SeekEnd)
	require.NoError(t, err)
	require.EqualValues(t, len(data)-2, end)
	rest, err := io.ReadAll(f)
	require.NoError(t, err)
	require.Equal(t, "89", string(rest))
	require.NoError(t, f.Close())

	path, release, err := s.LocalPath(ctx, key)
	require.NoError(t, err)
	onDisk, err := os.ReadFile(path)
	require.NoError(t, err)
	require.True(t, bytes.Equal(data, onDisk), "the local copy is the object")
	release()

	_, err = s.Put(ctx, key, strings.NewReader("short"))
	require.NoError(t, err)
	g, err := s.Open(ctx, key)
	require.NoError(t, err)
	got, err := io.ReadAll(g)
	require.NoError(t, err)
	require.NoError(t, g.Close())
	require.Equal(t, "short", string(got), "a second Put replaces the whole file")

	// Missing keys.
	_, err = s.Open(ctx, "nothing-here.jpg")
	require.ErrorIs(t, err, ErrNotFound)
	_, release, err = s.LocalPath(ctx, "nothing-here.jpg")
	require.ErrorIs(t, err, ErrNotFound)
	release()
	require.NoError(t, s.Delete(ctx, "nothing-here.jpg"))

	// Path tricks never reach the store.
	for _, bad := range []string{"", "..", "../x", "a/b", "/etc/passwd", `a\b`, ".tmp-abc", "a b", "ключ"} {
		_, err := s.Put(ctx, bad, strings.NewReader("x"))
		require.ErrorIs(t, err, ErrInvalidKey, "Put %q", bad)
		_, err = s.Open(ctx, bad)
		require.ErrorIs(t, err, ErrInvalidKey, "Open %q", bad)
		require.ErrorIs(t, s.Delete(ctx, bad), ErrInvalidKey, "Delete %q", bad)
	}

	// An upload killed half-way leaves nothing, and a cancelled one neither.
	_, err = s.Put(ctx, "killed.mp4", &failingReader{left: 20_000_000})
	require.ErrorIs(t, err, errDropped)
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	_, err = s.Put(cctx, "cancelled.mp4", strings.NewReader("x"))
	require.Error(t, err)
	require.Equal(t, []string{key}, list(), "only the one stored file")

	require.NoError(t, s.Delete(ctx, key))
	require.NoError(t, s.Delete(ctx, key))
	_, err = s.Open(ctx, key)
	require.ErrorIs(t, err, ErrNotFound)
	require.Empty(t, list())

	concatContract(t, s, list)
}

// concatContract: Concat joins parts of every shape (one part; parts under and over S3's 5 MiB
// minimum) into one file byte for byte, leaves the parts, and leaves nothing under the key when a
// part is missing.
func concatContract(t *testing.T, s Storage, list func() []string) {
	ctx := context.Background()
	data := make([]byte, 11<<20+123)
	for i := range data {
		data[i] = byte(i*7 + i>>16)
	}
	cases := map[string][]int{"one part": {len(data)}, "small parts": {100, 5000, len(data) - 5100}, "large parts": {5 << 20, 6 << 20, len(data) - 11<<20}}
	for name, sizes := range cases {
		var parts []string
		offset := 0
		for i, size := range sizes {
			part := fmt.Sprintf("piece-%d.part", i)
			_, err := s.Put(ctx, part, bytes.NewReader(data[offset:offset+size]))
			require.NoError(t, err, name)
			parts = append(parts, part)
			offset += size
		}
		n, err := Concat(ctx, s, "joined.mp4", parts)
		require.NoError(t, err, name)
		require.Equal(t, int64(len(data)), n, name)
		f, err := s.Open(ctx, "joined.mp4")
		require.NoError(t, err, name)
		got, err := io.ReadAll(f)
		require.NoError(t, err)
		require.NoError(t, f.Close())
		require.True(t, bytes.Equal(data, got), name)
		require.Equal(t, sortedCopy(append(parts, "joined.mp4")), list(), name)
		for _, k := range append(parts, "joined.mp4") {
			require.NoError(t, s.Delete(ctx, k))
		}
	}
	_, err := s.Put(ctx, "piece-0.part", strings.NewReader("x"))
	require.NoError(t, err)
	_, err = Concat(ctx, s, "joined.mp4", []string{"piece-0.part", "missing.part"})
	require.Error(t, err)
	require.Equal(t, []string{"piece-0.part"}, list())
	require.NoError(t, s.Delete(ctx, "piece-0.part"))
}

func sortedCopy(keys []string) []string {
	out := slices.Clone(keys)
	slices.Sort(out)
	return out
}

func TestStorageContractLocal(t *testing.T) {
	t.Parallel()
	s := newTestStorage(t)
	storageContract(t, s, func() []string { return dirEntries(t, s.Dir()) })
}

// startVersityGW runs a real S3 server (s3test) and answers its address as an S3Config.
func startVersityGW(t *testing.T) S3Config {
	s := s3test.Start(t)
	return S3Config{Endpoint: s.Endpoint, Bucket: s.Bucket, AccessKey: s.AccessKey, SecretKey: s.SecretKey, Region: s.Region}
}

func TestStorageContractS3(t *testing.T) {
	t.Parallel()
	cfg := startVersityGW(t)
	s, err := NewS3Storage(context.Background(), cfg)
	require.NoError(t, err)
	storageContract(t, s, func() []string {
		var keys []string
		for obj := range s.client.ListObjects(context.Background(), cfg.Bucket, minio.ListObjectsOptions{Recursive: true}) {
			require.NoError(t, obj.Err)
			keys = append(keys, obj.Key)
		}
		// Uploads that were started and never completed hold no object either.
		for up := range s.client.ListIncompleteUploads(context.Background(), cfg.Bucket, "", true) {
			require.NoError(t, up.Err)
			keys = append(keys, "incomplete:"+up.Key)
		}
		slices.Sort(keys)
		return keys
	})

	// A wrong secret is refused: the server checks signatures.
	_, err = NewS3Storage(context.Background(), S3Config{Endpoint: cfg.Endpoint, Bucket: cfg.Bucket, AccessKey: cfg.AccessKey, SecretKey: "wrong-secret-000000", Region: cfg.Region})
	require.Error(t, err)
}
