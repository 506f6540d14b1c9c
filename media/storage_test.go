package media

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"testing/iotest"
	"time"

	"github.com/stretchr/testify/require"
)

func newTestStorage(t *testing.T) *LocalStorage {
	t.Helper()
	s, err := NewLocalStorage(filepath.Join(t.TempDir(), "media", "files"))
	require.NoError(t, err)
	return s
}

func dirEntries(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

func TestLocalStoragePutOpenSeek(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := newTestStorage(t)
	info, err := os.Stat(s.Dir())
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o750), info.Mode().Perm())

	data := bytes.Repeat([]byte("0123456789"), 100_000) // 1 MB, more than one copy buffer
	key := NewKey(".bin")
	n, err := s.Put(ctx, key, bytes.NewReader(data))
	require.NoError(t, err)
	require.EqualValues(t, len(data), n)

	f, err := s.Open(ctx, key)
	require.NoError(t, err)
	defer f.Close()
	require.EqualValues(t, len(data), f.Size())
	require.False(t, f.ModTime().IsZero())
	_, err = f.Seek(500_003, io.SeekStart)
	require.NoError(t, err)
	buf := make([]byte, 4)
	_, err = io.ReadFull(f, buf)
	require.NoError(t, err)
	require.Equal(t, "3456", string(buf))
	end, err := f.Seek(-2, io.SeekEnd)
	require.NoError(t, err)
	require.EqualValues(t, len(data)-2, end)

	// Put to the same key replaces the file whole (a retried job overwrites its output).
	_, err = s.Put(ctx, key, strings.NewReader("short"))
	require.NoError(t, err)
	g, err := s.Open(ctx, key)
	require.NoError(t, err)
	defer g.Close()
	got, err := io.ReadAll(g)
	require.NoError(t, err)
	require.Equal(t, "short", string(got))

	path, release, err := s.LocalPath(ctx, key)
	require.NoError(t, err)
	defer release()
	require.Equal(t, filepath.Join(s.Dir(), key), path)
	require.Equal(t, []string{key}, dirEntries(t, s.Dir()))
}

func TestLocalStorageMissingKeys(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := newTestStorage(t)
	_, err := s.Open(ctx, "nothing-here.jpg")
	require.ErrorIs(t, err, ErrNotFound)
	_, release, err := s.LocalPath(ctx, "nothing-here.jpg")
	require.ErrorIs(t, err, ErrNotFound)
	release()
	require.NoError(t, s.Delete(ctx, "nothing-here.jpg"))

	_, err = s.Put(ctx, "gone.txt", strings.NewReader("x"))
	require.NoError(t, err)
	require.NoError(t, s.Delete(ctx, "gone.txt"))
	require.NoError(t, s.Delete(ctx, "gone.txt"))
	_, err = s.Open(ctx, "gone.txt")
	require.ErrorIs(t, err, ErrNotFound)
}

func TestLocalStorageRejectsInvalidKeys(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	root := t.TempDir()
	s, err := NewLocalStorage(filepath.Join(root, "store"))
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(root, "secret"), []byte("s"), 0o600))

	bad := []string{"", ".", "..", "../x", "../secret", "a/b", "/etc/passwd", `a\b`, "..\\x", "%2e%2e", "a..b",
		".hidden", ".tmp-abc", "a b", "a\x00b", "ключ", "a:b", "a\nb", strings.Repeat("a", 201)}
	for _, key := range bad {
		_, err := s.Put(ctx, key, strings.NewReader("x"))
		require.ErrorIs(t, err, ErrInvalidKey, "Put %q", key)
		_, err = s.Open(ctx, key)
		require.ErrorIs(t, err, ErrInvalidKey, "Open %q", key)
		require.ErrorIs(t, s.Delete(ctx, key), ErrInvalidKey, "Delete %q", key)
		_, release, err := s.LocalPath(ctx, key)
		require.ErrorIs(t, err, ErrInvalidKey, "LocalPath %q", key)
		release()
	}
	require.Empty(t, dirEntries(t, s.Dir()))
	require.FileExists(t, filepath.Join(root, "secret"))

	for _, key := range []string{"a", "abc.jpg", "ABC-def_1.2.mp4", NewKey(".mov"), DerivedKey(NewKey(".mov"), "thumb.jpg")} {
		require.True(t, ValidKey(key), key)
	}
}

// failingReader hands out some bytes and then fails, as a dropped upload does.
type failingReader struct {
	left int
}

var errDropped = errors.New("client went away")

func (r *failingReader) Read(p []byte) (int, error) {
	if r.left <= 0 {
		return 0, errDropped
	}
	n := min(len(p), r.left)
	for i := range p[:n] {
		p[i] = 'x'
	}
	r.left -= n
	return n, nil
}

func TestLocalStorageFailedPutLeavesNothing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := newTestStorage(t)

	_, err := s.Put(ctx, "upload.mp4", &failingReader{left: 300_000})
	require.ErrorIs(t, err, errDropped)
	require.Empty(t, dirEntries(t, s.Dir()), "no file and no temporary file")

	// A failed Put to an existing key leaves the old file untouched.
	_, err = s.Put(ctx, "upload.mp4", strings.NewReader("original"))
	require.NoError(t, err)
	_, err = s.Put(ctx, "upload.mp4", &failingReader{left: 10})
	require.ErrorIs(t, err, errDropped)
	got, err := os.ReadFile(filepath.Join(s.Dir(), "upload.mp4"))
	require.NoError(t, err)
	require.Equal(t, "original", string(got))
	require.Equal(t, []string{"upload.mp4"}, dirEntries(t, s.Dir()))

	// A cancelled context stops the copy the same way.
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	_, err = s.Put(cctx, "cancelled.mp4", strings.NewReader("x"))
	require.ErrorIs(t, err, context.Canceled)
	require.Equal(t, []string{"upload.mp4"}, dirEntries(t, s.Dir()))
}

func TestLocalStorageConcurrentPuts(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	s := newTestStorage(t)
	const n = 16
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() {
			data := bytes.Repeat([]byte{byte('a' + i)}, 10_000+i)
			_, errs[i] = s.Put(ctx, fmt.Sprintf("file-%02d.bin", i), bytes.NewReader(data))
		})
	}
	wg.Wait()
	for i := range n {
		require.NoError(t, errs[i])
		got, err := os.ReadFile(filepath.Join(s.Dir(), fmt.Sprintf("file-%02d.bin", i)))
		require.NoError(t, err)
		require.Equal(t, bytes.Repeat([]byte{byte('a' + i)}, 10_000+i), got)
	}
	require.Len(t, dirEntries(t, s.Dir()), n)
}

func TestKeys(t *testing.T) {
	t.Parallel()
	key := NewKey(".jpg")
	require.Regexp(t, regexp.MustCompile(`^[0-9a-f]{32}\.jpg$`), key)
	require.NotEqual(t, key, NewKey(".jpg"))
	require.True(t, ValidKey(key))

	require.Equal(t, "abc-thumb.jpg", DerivedKey("abc.mov", "thumb.jpg"))
	require.Equal(t, "abc-play.mp4", DerivedKey("abc", "play.mp4"))
	require.Equal(t, DerivedKey(key, "thumb.jpg"), DerivedKey(key, "thumb.jpg"))
	require.Equal(t, key[:32]+"-thumb.jpg", DerivedKey(key, "thumb.jpg"))
}

func TestNewLocalStorageSweepsStrandedTempFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	dead := exec.Command("true")
	require.NoError(t, dead.Run())
	stale := filepath.Join(dir, tempPrefix+"other-machine.123.abc.mp4-123")
	fresh := filepath.Join(dir, tempPrefix+"other-machine.456.def.mp4-456")
	orphaned := filepath.Join(dir, fmt.Sprintf("%s%s.%d.ghi.mp4-789", tempPrefix, hostname, dead.Process.Pid))
	live := filepath.Join(dir, strings.Replace(tempName("jkl.mp4"), "*", "1", 1))
	kept := filepath.Join(dir, "abc.mp4")
	for _, p := range []string{stale, fresh, orphaned, live, kept} {
		require.NoError(t, os.WriteFile(p, []byte("x"), 0o600))
	}
	old := time.Now().Add(-7 * time.Hour)
	minutesAgo := time.Now().Add(-5 * time.Minute)
	require.NoError(t, os.Chtimes(stale, old, old))
	require.NoError(t, os.Chtimes(kept, old, old))
	require.NoError(t, os.Chtimes(orphaned, minutesAgo, minutesAgo))
	require.NoError(t, os.Chtimes(live, minutesAgo, minutesAgo))

	_, err := NewLocalStorage(dir)
	require.NoError(t, err)
	require.NoFileExists(t, stale, "a temp file stranded hours ago is removed")
	require.NoFileExists(t, orphaned, "a temp file of a dead process of this machine goes within minutes")
	require.FileExists(t, fresh, "another machine's recent temp file may belong to a running upload")
	require.FileExists(t, live, "a live process's temp file stays")
	require.FileExists(t, kept, "stored files are never touched")

	_, err = NewLocalStorage("")
	require.Error(t, err)
}

// TestLocalStoragePutSizesAroundTheBlock: Put writes whole aligned blocks (straight to the disk
// where the file system allows O_DIRECT) and pads and cuts back the last one, so every size comes
// back byte for byte — also through the page cache where O_DIRECT is refused. PutHashed, which
// hashes each block beside its write, hashes exactly the bytes stored (not the padding), in order,
// through every buffer more than once.
func TestLocalStoragePutSizesAroundTheBlock(t *testing.T) {
	t.Parallel()
	s := newTestStorage(t)
	data := make([]byte, 7*directChunk+directAlign+1)
	for i := range data {
		data[i] = byte(i*31 + i>>12 + i>>20)
	}
	sizes := []int{0, 1, directAlign - 1, directAlign, directAlign + 1, directChunk - 1, directChunk, directChunk + 1, len(data)}
	for _, size := range sizes {
		want := sha256.Sum256(data[:size])
		for _, hashed := range []bool{false, true} {
			key := fmt.Sprintf("size-%d-%t.bin", size, hashed)
			// iotest-style small reads: Put must gather them into whole blocks itself.
			r := io.LimitReader(&smallReads{r: bytes.NewReader(data[:size])}, int64(size))
			h := sha256.New()
			var n int64
			var err error
			if hashed {
				n, err = PutHashed(context.Background(), s, key, r, h)
			} else {
				n, err = s.Put(context.Background(), key, r)
			}
			require.NoError(t, err)
			require.Equal(t, int64(size), n)
			got, err := os.ReadFile(filepath.Join(s.Dir(), key))
			require.NoError(t, err)
			require.True(t, bytes.Equal(data[:size], got), "size %d", size)
			if hashed {
				require.Equal(t, want[:], h.Sum(nil), "the hash of %d bytes", size)
			}
		}
	}

	// Bytes in memory or a file known to be under a block go through the page cache in one copy.
	for _, size := range []int{0, 1, directAlign + 1, directChunk - 1} {
		require.True(t, smallerThanABlock(bytes.NewReader(data[:size])))
		small := filepath.Join(t.TempDir(), "small")
		require.NoError(t, os.WriteFile(small, data[:size], 0o600))
		file, err := os.Open(small)
		require.NoError(t, err)
		require.True(t, smallerThanABlock(file))
		for i, r := range []io.Reader{bytes.NewReader(data[:size]), file} {
			key := fmt.Sprintf("small-%d-%d.bin", size, i)
			h := sha256.New()
			n, err := PutHashed(context.Background(), s, key, r, h)
			require.NoError(t, err)
			require.Equal(t, int64(size), n)
			got, err := os.ReadFile(filepath.Join(s.Dir(), key))
			require.NoError(t, err)
			require.True(t, bytes.Equal(data[:size], got), "size %d", size)
			want := sha256.Sum256(data[:size])
			require.Equal(t, want[:], h.Sum(nil))
		}
		require.NoError(t, file.Close())
	}
	require.False(t, smallerThanABlock(bytes.NewReader(data[:directChunk])))

	// The page-cache path, as on tmpfs.
	f, err := os.Create(filepath.Join(t.TempDir(), "buffered"))
	require.NoError(t, err)
	h := sha256.New()
	n, err := (&tempFile{File: f}).write(bytes.NewReader(data), h)
	require.NoError(t, err)
	require.Equal(t, int64(len(data)), n)
	require.NoError(t, f.Close())
	got, err := os.ReadFile(f.Name())
	require.NoError(t, err)
	require.True(t, bytes.Equal(data, got))
	want := sha256.Sum256(data)
	require.Equal(t, want[:], h.Sum(nil))
}

// TestPutHashedStopsOnAFailedRead: a body that fails midway fails the Put, which leaves no file,
// after the blocks already handed to the disk and the hash are done with (no goroutine left
// holding a buffer, so the next Put gets whole ones).
func TestPutHashedStopsOnAFailedRead(t *testing.T) {
	t.Parallel()
	s := newTestStorage(t)
	cut := errors.New("connection reset")
	body := io.MultiReader(bytes.NewReader(make([]byte, 2*directChunk+5)), iotest.ErrReader(cut))
	_, err := PutHashed(context.Background(), s, "cut.bin", body, sha256.New())
	require.ErrorIs(t, err, cut)
	require.Empty(t, dirEntries(t, s.Dir()))

	data := bytes.Repeat([]byte("after"), directChunk/2)
	h := sha256.New()
	n, err := PutHashed(context.Background(), s, "after.bin", bytes.NewReader(data), h)
	require.NoError(t, err)
	require.Equal(t, int64(len(data)), n)
	want := sha256.Sum256(data)
	require.Equal(t, want[:], h.Sum(nil))
}

// smallReads hands over at most 1000 bytes per Read, as a network body does.
type smallReads struct{ r io.Reader }

func (s *smallReads) Read(p []byte) (int, error) { return s.r.Read(p[:min(len(p), 1000)]) }
