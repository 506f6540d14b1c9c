package media

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	"unsafe"
)

// ErrNotFound answers Open and LocalPath for a key that holds nothing, so the api can say 404.
var ErrNotFound = errors.New("media: not found")

// ErrInvalidKey refuses a key that is not one plain path segment of [a-zA-Z0-9._-]: keys are
// made by the server, so an invalid one is a bug or an attack, never a user's file name.
var ErrInvalidKey = errors.New("media: invalid key")

// maxKeyLen keeps keys well inside every file system's and object store's name limit.
const maxKeyLen = 200

// tempPrefix starts the names of files being written. ValidKey refuses keys starting with a
// dot, so a temporary file can never be mistaken for, or collide with, a stored one.
const tempPrefix = ".tmp-"

// Storage holds the bytes of originals and of what is derived from them (thumbnails, posters,
// renditions) by key. The api streams uploads into it and serves files out of it; workers read
// originals through LocalPath and put their outputs back. A local directory implements it
// today; an S3-compatible store can later without changing callers.
type Storage interface {
	// Put streams r into key and answers the bytes written. The bytes go to a temporary name
	// and are renamed into place only once complete and durable, so a reader never sees half a
	// file, a failed or cancelled Put (r returned an error, ctx ended) leaves nothing behind,
	// and a Put to an existing key replaces it whole.
	Put(ctx context.Context, key string, r io.Reader) (int64, error)
	// Open answers the file for reading with seeking (for HTTP Range), its size and its
	// modification time; ErrNotFound for a missing key.
	Open(ctx context.Context, key string) (File, error)
	// Delete removes key; a missing key is not an error, so a retried delete job succeeds.
	Delete(ctx context.Context, key string) error
	// LocalPath answers a filesystem path that ffmpeg can read and a release func to call when
	// done (remote storage downloads to a temporary file that release removes).
	LocalPath(ctx context.Context, key string) (path string, release func(), err error)
}

// File is a stored file opened for reading: what http.ServeContent needs.
type File interface {
	io.ReadSeekCloser
	Size() int64
	ModTime() time.Time
}

// NewKey makes a fresh, unguessable key for an upload: 32 hex characters from crypto/rand and
// ext (with its dot, as Sniff answers it, e.g. ".jpg"). The user's file name never takes part.
func NewKey(ext string) string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (it panics if the OS cannot supply).
	return hex.EncodeToString(b[:]) + ext
}

// DerivedKey names an output made from original: its key without the extension, a dash and
// suffix. DerivedKey("abc.mov", "thumb.jpg") is "abc-thumb.jpg". It is deterministic so that a
// retried job overwrites its own outputs instead of leaving more behind.
func DerivedKey(original, suffix string) string {
	base := original
	if i := strings.LastIndexByte(base, '.'); i > 0 {
		base = base[:i]
	}
	return base + "-" + suffix
}

// ValidKey reports whether key is one path segment of [a-zA-Z0-9._-], not starting with a dot
// (which also rules out "." and ".."), without "..", and at most 200 bytes.
func ValidKey(key string) bool {
	if key == "" || len(key) > maxKeyLen || key[0] == '.' || strings.Contains(key, "..") {
		return false
	}
	for i := 0; i < len(key); i++ {
		c := key[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '.', c == '_', c == '-':
		default:
			return false
		}
	}
	return true
}

func checkKey(key string) error {
	if !ValidKey(key) {
		return fmt.Errorf("%w: %q", ErrInvalidKey, key)
	}
	return nil
}

// LocalStorage keeps files in one flat directory on a local (or network-mounted) disk.
type LocalStorage struct {
	dir string
}

var (
	_ Storage        = (*LocalStorage)(nil)
	_ hashingStorage = (*LocalStorage)(nil)
)

// NewLocalStorage uses dir, creating it (0750) when missing. Files are fsynced before they are
// renamed into place and the directory after, so a crash never loses an acknowledged upload.
func NewLocalStorage(dir string) (*LocalStorage, error) {
	// An empty setting would quietly mean the working directory.
	if strings.TrimSpace(dir) == "" {
		return nil, errors.New("media storage: no directory given")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("media storage %q: %w", dir, err)
	}
	if err := os.MkdirAll(abs, 0o750); err != nil {
		return nil, fmt.Errorf("creating media storage: %w", err)
	}
	sweepStaleTemps(abs, time.Now(), nil)
	return &LocalStorage{dir: abs}, nil
}

// staleTempAge is how old another machine's temporary file must be before a sweep removes it
// without knowing its writer is gone: far longer than any upload or job takes. A temporary file of
// a process known to be gone (of this machine, or a worker whose heartbeat stopped) goes at once:
// a dead process has no rename in flight (SweepTemps, sweep.go).
const staleTempAge = 6 * time.Hour

// tempName is the pattern of a temporary file written for key: it names the machine and process
// that own it, so a sweep can tell a dead upload's remains from a live one's.
func tempName(key string) string {
	return fmt.Sprintf("%s%s.%d.%s-*", tempPrefix, hostname, os.Getpid(), key)
}

var hostname = func() string {
	h, err := os.Hostname()
	if err != nil || h == "" {
		return "host"
	}
	return strings.NewReplacer(".", "_", "/", "_").Replace(h)
}()

// sweepStaleTemps removes temporary files that a killed or cut-off process left half-written;
// dead (nil for none) says whether another machine's process is known to be gone.
func sweepStaleTemps(dir string, now time.Time, dead func(host string, pid int) bool) int {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0
	}
	removed := 0
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), tempPrefix) {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		if now.Sub(info.ModTime()) > staleTempAge || orphaned(e.Name(), dead) {
			if os.Remove(filepath.Join(dir, e.Name())) == nil {
				removed++
			}
		}
	}
	return removed
}

// orphaned reports whether a temporary file was written by a process that no longer runs: one of
// this machine (asked of the system), or one dead names.
func orphaned(name string, dead func(host string, pid int) bool) bool {
	host, rest, found := strings.Cut(strings.TrimPrefix(name, tempPrefix), ".")
	if !found {
		return false
	}
	digits, _, _ := strings.Cut(rest, ".")
	pid, err := strconv.Atoi(digits)
	switch {
	case err != nil || pid <= 0:
		return false
	case host == hostname:
		return !processAlive(pid)
	}
	return dead != nil && dead(host, pid)
}

// Dir answers the directory the files live in.
func (s *LocalStorage) Dir() string { return s.dir }

// Put implements Storage.
func (s *LocalStorage) Put(ctx context.Context, key string, r io.Reader) (int64, error) {
	return s.put(ctx, key, r, nil)
}

// hashingStorage is storage that hashes what it stores beside writing it, rather than as it reads.
type hashingStorage interface {
	put(ctx context.Context, key string, r io.Reader, h hash.Hash) (int64, error)
}

// PutHashed stores r under key as s.Put does and writes the same bytes to h, in order: after
// an answer without error, h holds the hash of exactly the n bytes stored. Local storage hashes
// each block on a goroutine of its own while the disk writes it and the next block is read, so a
// hash that costs as much CPU as the rest of an upload (SHA-256: about 0.55 s a GiB here, the
// reading about 0.4 s) adds to its CPU but not to its time when a core is free; other storage
// hashes the bytes as they are read.
func PutHashed(ctx context.Context, s Storage, key string, r io.Reader, h hash.Hash) (int64, error) {
	if hs, ok := s.(hashingStorage); ok {
		return hs.put(ctx, key, r, h)
	}
	return s.Put(ctx, key, io.TeeReader(r, h))
}

// put is Put, also writing what it stores to h when h is not nil (see PutHashed).
func (s *LocalStorage) put(ctx context.Context, key string, r io.Reader, h hash.Hash) (n int64, err error) {
	if err := checkKey(key); err != nil {
		return 0, err
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	tmp, err := createTemp(s.dir, tempName(key), !smallerThanABlock(r))
	if err != nil {
		return 0, fmt.Errorf("storing %s: %w", key, err)
	}
	defer func() {
		if err != nil {
			_ = tmp.Close()
			_ = os.Remove(tmp.Name())
		}
	}()
	n, err = tmp.write(ctxReader{ctx: ctx, r: r}, h)
	if err != nil {
		return n, fmt.Errorf("storing %s: %w", key, err)
	}
	if err = tmp.Chmod(0o640); err != nil {
		return n, fmt.Errorf("storing %s: %w", key, err)
	}
	if err = tmp.Sync(); err != nil {
		return n, fmt.Errorf("storing %s: syncing: %w", key, err)
	}
	if err = tmp.Close(); err != nil {
		return n, fmt.Errorf("storing %s: %w", key, err)
	}
	if err = os.Rename(tmp.Name(), filepath.Join(s.dir, key)); err != nil {
		return n, fmt.Errorf("storing %s: %w", key, err)
	}
	// The rename is durable only once the directory is; the file is complete either way, so a
	// failure here is reported but the file is not removed.
	if err := syncDir(s.dir); err != nil {
		return n, fmt.Errorf("storing %s: syncing directory: %w", key, err)
	}
	return n, nil
}

// tempFile is a file being written by Put: opened with O_DIRECT where the file system takes it,
// unless what it gets is known to be small.
type tempFile struct {
	*os.File
	direct bool
	small  bool
}

// createTemp makes a new temporary file in dir named after pattern (its "*" becomes random), for
// O_DIRECT when direct and the file system takes it.
func createTemp(dir, pattern string, direct bool) (*tempFile, error) {
	var suffix [8]byte
	_, _ = rand.Read(suffix[:])
	name := filepath.Join(dir, strings.Replace(pattern, "*", hex.EncodeToString(suffix[:]), 1))
	const flags = os.O_RDWR | os.O_CREATE | os.O_EXCL
	if !direct {
		f, err := os.OpenFile(name, flags, 0o600)
		return &tempFile{File: f, small: true}, err
	}
	if oDirect != 0 {
		f, err := os.OpenFile(name, flags|oDirect, 0o600)
		if err == nil {
			return &tempFile{File: f, direct: true}, nil
		}
		if !errors.Is(err, syscall.EINVAL) { // tmpfs and some FUSE mounts refuse O_DIRECT: write buffered there
			return nil, err
		}
	}
	f, err := os.OpenFile(name, flags, 0o600)
	return &tempFile{File: f}, err
}

// smallerThanABlock reports whether r is known to hold less than one direct block: a file or bytes
// in memory (a thumbnail, a poster, a card, a report). Those go through the page cache in one copy:
// taking two pooled 4 MiB blocks for a 60 kB thumbnail made the worker zero and keep tens of
// megabytes it never needed (bench/workermem.sh).
func smallerThanABlock(r io.Reader) bool {
	switch v := r.(type) {
	case *os.File:
		info, err := v.Stat()
		return err == nil && info.Mode().IsRegular() && info.Size() < directChunk
	case interface{ Len() int }: // bytes.Reader, bytes.Buffer, strings.Reader
		return v.Len() < directChunk
	}
	return false
}

// directChunk is how much Put gathers before one write: large writes keep the disk busy, and the
// buffers (two, three with a hash) are all the memory an upload holds (pooled, so they are not
// garbage per upload).
const (
	directChunk = 4 << 20
	// directAlign: O_DIRECT wants the buffer's address, the length and the file offset aligned to
	// the disk's logical block; 4096 is a multiple of every block size Linux supports.
	directAlign = 4096
)

var directBuffers = sync.Pool{New: func() any {
	raw := make([]byte, directChunk+directAlign)
	off := (directAlign - int(uintptr(unsafe.Pointer(&raw[0]))&(directAlign-1))) & (directAlign - 1)
	b := raw[off : off+directChunk]
	return &b
}}

// write copies r into the file, and into h when h is not nil. With O_DIRECT the bytes go from one
// buffer straight to the disk: on our servers a write through the page cache can cost more CPU than
// the rest of an upload together (copying into fresh page-cache pages was 75% of the api's CPU,
// bench/upload.sh), and the file is fsynced anyway before Put answers. The buffers take turns: while
// the disk writes one block and h hashes it (each on a goroutine of its own, both reading the same
// buffer), the next is read from the network. The last block is padded to the alignment and the
// file cut back to size.
func (f *tempFile) write(r io.Reader, h hash.Hash) (int64, error) {
	if !f.direct {
		if h != nil {
			r = io.TeeReader(r, h)
		}
		if f.small {
			return io.Copy(f.File, r)
		}
		// Writes are gathered into large blocks: callers often hand over a few KiB at a time.
		// (The struct hides bufio's ReadFrom, which would hand the copy straight to the file.)
		buffered := bufio.NewWriterSize(f.File, 1<<20)
		n, err := io.Copy(struct{ io.Writer }{buffered}, r)
		if err == nil {
			err = buffered.Flush()
		}
		return n, err
	}
	// Three buffers with a hash, so that the reading need not wait for the slower of the disk and
	// the hash to finish a block before it can fill the next.
	buffers := 2
	if h != nil {
		buffers = 3
	}
	free := make(chan *[]byte, buffers)
	for range buffers {
		buf := directBuffers.Get().(*[]byte)
		defer directBuffers.Put(buf)
		free <- buf
	}
	type block struct {
		buf *[]byte
		// n bytes are data, padded to padded for the disk.
		n, padded int
		// users counts the goroutines still reading buf: the last one frees it.
		users *atomic.Int32
	}
	done := func(b block) {
		if b.users.Add(-1) == 0 {
			free <- b.buf
		}
	}
	full := make(chan block, buffers)
	written := make(chan error, 1)
	var failed atomic.Bool
	go func() {
		var err error
		for b := range full {
			if err == nil {
				if _, err = f.Write((*b.buf)[:b.padded]); err != nil {
					failed.Store(true)
				}
			}
			done(b)
		}
		written <- err
	}()
	var toHash chan block
	hashed := make(chan struct{})
	if h != nil {
		toHash = make(chan block, buffers)
		go func() {
			defer close(hashed)
			for b := range toHash {
				h.Write((*b.buf)[:b.n]) // a hash.Hash's Write never fails
				done(b)
			}
		}()
	} else {
		close(hashed)
	}
	var total int64
	var readErr error
	for !failed.Load() {
		buf := <-free
		n, err := io.ReadFull(r, *buf)
		total += int64(n)
		if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, io.ErrUnexpectedEOF) {
			readErr = err
			free <- buf
			break
		}
		padded := n
		if n < len(*buf) {
			padded = (n + directAlign - 1) &^ (directAlign - 1)
			clear((*buf)[n:padded])
		}
		if padded > 0 {
			b := block{buf: buf, n: n, padded: padded, users: new(atomic.Int32)}
			b.users.Store(1)
			if toHash != nil {
				b.users.Store(2)
				toHash <- b
			}
			full <- b
		} else {
			free <- buf
		}
		if n < len(*buf) {
			break
		}
	}
	close(full)
	if toHash != nil {
		close(toHash)
	}
	<-hashed
	if err := <-written; err != nil {
		return total, err
	}
	if readErr != nil {
		return total, readErr
	}
	if total%directAlign != 0 { // the last block was padded
		return total, f.Truncate(total)
	}
	return total, nil
}

// ctxReader stops a copy when the context ends, so a cancelled upload does not run on.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if closeErr := d.Close(); err == nil {
		err = closeErr
	}
	return err
}

// Open implements Storage.
func (s *LocalStorage) Open(ctx context.Context, key string) (File, error) {
	if err := checkKey(key); err != nil {
		return nil, err
	}
	f, err := os.Open(filepath.Join(s.dir, key))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("opening %s: %w", key, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("opening %s: %w", key, err)
	}
	info, err := f.Stat()
	if err != nil {
		_ = f.Close()
		return nil, fmt.Errorf("opening %s: %w", key, err)
	}
	if !info.Mode().IsRegular() {
		_ = f.Close()
		return nil, fmt.Errorf("opening %s: %w", key, ErrNotFound)
	}
	return &localFile{File: f, info: info}, nil
}

type localFile struct {
	*os.File
	info fs.FileInfo
}

func (f *localFile) Size() int64        { return f.info.Size() }
func (f *localFile) ModTime() time.Time { return f.info.ModTime() }

// Delete implements Storage.
func (s *LocalStorage) Delete(ctx context.Context, key string) error {
	if err := checkKey(key); err != nil {
		return err
	}
	err := os.Remove(filepath.Join(s.dir, key))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("deleting %s: %w", key, err)
	}
	return nil
}

// LocalPath implements Storage: the file's own path; release does nothing.
func (s *LocalStorage) LocalPath(ctx context.Context, key string) (string, func(), error) {
	release := func() {} // also on error, so a careless defer cannot panic
	if err := checkKey(key); err != nil {
		return "", release, err
	}
	path := filepath.Join(s.dir, key)
	info, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) || (err == nil && !info.Mode().IsRegular()) {
		return "", release, fmt.Errorf("locating %s: %w", key, ErrNotFound)
	}
	if err != nil {
		return "", release, fmt.Errorf("locating %s: %w", key, err)
	}
	return path, release, nil
}

// Lister is storage that can enumerate its files (both kinds can): a restore checks with it that the
// storage it fills is empty. each may answer an error to stop early; List answers it.
type Lister interface {
	List(ctx context.Context, each func(key string, size int64) error) error
}

var _ Lister = (*LocalStorage)(nil)

// List implements Lister; files being written are not listed.
func (s *LocalStorage) List(ctx context.Context, each func(key string, size int64) error) error {
	entries, err := os.ReadDir(s.dir)
	if err != nil {
		return fmt.Errorf("listing %s: %w", s.dir, err)
	}
	for _, e := range entries {
		if !e.Type().IsRegular() || !ValidKey(e.Name()) {
			continue
		}
		info, err := e.Info()
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return err
		}
		if err := each(e.Name(), info.Size()); err != nil {
			return err
		}
	}
	return ctx.Err()
}
