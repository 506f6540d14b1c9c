package backup

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
	"golang.org/x/sys/unix"

	"legacylocker/media"
)

// Target is the second place backups go: a directory (BACKUP_DIR) or an S3 bucket (BACKUP_S3_*),
// never the primary storage. Names are slash-separated paths: db/<id>.dump, db/<id>.json (the
// manifest) and files/<key>.
type Target interface {
	// Put stores r under name, replacing it whole; readers never see part of it. It is durable only
	// after Sync.
	Put(ctx context.Context, name string, r io.Reader, size int64) error
	Open(ctx context.Context, name string) (io.ReadCloser, error)
	// Delete removes name; a missing name is not an error.
	Delete(ctx context.Context, name string) error
	// List answers every name under prefix with its size.
	List(ctx context.Context, prefix string) (map[string]int64, error)
	// Sync makes everything Put so far durable. A directory syncs its file system once here rather
	// than after every file: a backup of a hundred thousand photos would otherwise wait for a hundred
	// thousand flushes (the manifest, the mark of a finished backup, is written only after it).
	Sync(ctx context.Context) error
	// String says where the target is, for logs and messages.
	String() string
}

// errNotFound answers Open for a missing name.
var errNotFound = errors.New("backup: not found")

// DirTarget keeps backups in a directory, which should be on another disk (or a mount of another
// machine) than MEDIA_DIR.
type DirTarget struct{ dir string }

// NewDirTarget uses dir, creating it when missing.
func NewDirTarget(dir string) (*DirTarget, error) {
	if strings.TrimSpace(dir) == "" {
		return nil, errors.New("backup target: no directory given")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("backup directory %q: %w", dir, err)
	}
	if err := os.MkdirAll(abs, 0o750); err != nil {
		return nil, fmt.Errorf("creating backup directory: %w", err)
	}
	return &DirTarget{dir: abs}, nil
}

func (d *DirTarget) String() string { return "directory " + d.dir }

func (d *DirTarget) path(name string) (string, error) {
	clean := filepath.Clean(filepath.FromSlash(name))
	if name == "" || filepath.IsAbs(clean) || clean == "." || strings.HasPrefix(clean, "..") {
		return "", fmt.Errorf("backup target: invalid name %q", name)
	}
	return filepath.Join(d.dir, clean), nil
}

// Put implements Target: a temporary file renamed into place.
func (d *DirTarget) Put(ctx context.Context, name string, r io.Reader, _ int64) (err error) {
	path, err := d.path(name)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	var suffix [8]byte
	_, _ = rand.Read(suffix[:])
	tmp := filepath.Join(filepath.Dir(path), ".tmp-"+filepath.Base(path)+"-"+hex.EncodeToString(suffix[:]))
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o640)
	if err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	defer func() {
		if err != nil {
			_ = f.Close()
			_ = os.Remove(tmp)
		}
	}()
	buf := make([]byte, copyBuffer)
	// The struct hides the file's ReadFrom, so the copy goes through the buffer rather than one
	// small write per Read of a slow reader.
	if _, err = io.CopyBuffer(struct{ io.Writer }{f}, ctxReader{ctx, r}, buf); err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	if err = f.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	if err = os.Rename(tmp, path); err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	return nil
}

// copyBuffer is the size of one read and write when copying files.
const copyBuffer = 1 << 20

func (d *DirTarget) Open(_ context.Context, name string) (io.ReadCloser, error) {
	path, err := d.path(name)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s in %s: %w", name, d, errNotFound)
	}
	return f, err
}

func (d *DirTarget) Delete(_ context.Context, name string) error {
	path, err := d.path(name)
	if err != nil {
		return err
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("deleting %s: %w", name, err)
	}
	return nil
}

// List implements Target; temporary files of an interrupted Put are not listed (and go at the next
// Sync).
func (d *DirTarget) List(_ context.Context, prefix string) (map[string]int64, error) {
	out := map[string]int64{}
	root, err := d.path(strings.TrimSuffix(prefix, "/"))
	if err != nil {
		return nil, err
	}
	err = filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if errors.Is(err, fs.ErrNotExist) && path == root {
			return fs.SkipAll
		}
		if err != nil {
			return err
		}
		if e.IsDir() || strings.HasPrefix(e.Name(), ".tmp-") {
			return nil
		}
		info, err := e.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(d.dir, path)
		out[filepath.ToSlash(rel)] = info.Size()
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("listing %s: %w", d, err)
	}
	return out, nil
}

// Sync implements Target with one syncfs of the directory's file system, after removing what an
// interrupted Put left.
func (d *DirTarget) Sync(context.Context) error {
	_ = filepath.WalkDir(d.dir, func(path string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() && strings.HasPrefix(e.Name(), ".tmp-") {
			_ = os.Remove(path)
		}
		return nil
	})
	f, err := os.Open(d.dir)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := unix.Syncfs(int(f.Fd())); err != nil {
		return fmt.Errorf("syncing %s: %w", d, err)
	}
	return nil
}

// S3Target keeps backups in a bucket of an S3-compatible store (minio-go, as media storage does).
type S3Target struct {
	client *minio.Client
	bucket string
}

// NewS3Target connects and makes the bucket when it is missing.
func NewS3Target(ctx context.Context, cfg media.S3Config) (*S3Target, error) {
	client, err := minio.New(cfg.Endpoint, &minio.Options{
		Creds: credentials.NewStaticV4(cfg.AccessKey, cfg.SecretKey, ""), Secure: cfg.UseSSL, Region: cfg.Region,
	})
	if err != nil {
		return nil, fmt.Errorf("connecting to the backup S3 at %s: %w", cfg.Endpoint, err)
	}
	exists, err := client.BucketExists(ctx, cfg.Bucket)
	if err != nil {
		return nil, fmt.Errorf("checking backup bucket %s: %w", cfg.Bucket, err)
	}
	if !exists {
		if err := client.MakeBucket(ctx, cfg.Bucket, minio.MakeBucketOptions{Region: cfg.Region}); err != nil {
			return nil, fmt.Errorf("creating backup bucket %s: %w", cfg.Bucket, err)
		}
	}
	return &S3Target{client: client, bucket: cfg.Bucket}, nil
}

func (s *S3Target) String() string { return "bucket " + s.bucket }

// Put implements Target; an object appears only once whole. size is -1 when unknown (a dump).
func (s *S3Target) Put(ctx context.Context, name string, r io.Reader, size int64) error {
	opts := minio.PutObjectOptions{ContentType: "application/octet-stream"}
	if size < 0 {
		opts.PartSize = 16 << 20
	}
	if _, err := s.client.PutObject(ctx, s.bucket, name, r, size, opts); err != nil {
		return fmt.Errorf("writing %s: %w", name, err)
	}
	return nil
}

func (s *S3Target) Open(ctx context.Context, name string) (io.ReadCloser, error) {
	if _, err := s.client.StatObject(ctx, s.bucket, name, minio.StatObjectOptions{}); err != nil {
		if minio.ToErrorResponse(err).StatusCode == 404 {
			return nil, fmt.Errorf("%s in %s: %w", name, s, errNotFound)
		}
		return nil, fmt.Errorf("opening %s: %w", name, err)
	}
	obj, err := s.client.GetObject(ctx, s.bucket, name, minio.GetObjectOptions{})
	if err != nil {
		return nil, fmt.Errorf("opening %s: %w", name, err)
	}
	return obj, nil
}

func (s *S3Target) Delete(ctx context.Context, name string) error {
	if err := s.client.RemoveObject(ctx, s.bucket, name, minio.RemoveObjectOptions{}); err != nil &&
		minio.ToErrorResponse(err).StatusCode != 404 {
		return fmt.Errorf("deleting %s: %w", name, err)
	}
	return nil
}

func (s *S3Target) List(ctx context.Context, prefix string) (map[string]int64, error) {
	out := map[string]int64{}
	for obj := range s.client.ListObjects(ctx, s.bucket, minio.ListObjectsOptions{Prefix: prefix, Recursive: true}) {
		if obj.Err != nil {
			return nil, fmt.Errorf("listing %s: %w", s, obj.Err)
		}
		out[obj.Key] = obj.Size
	}
	return out, nil
}

// Sync implements Target: an S3 PUT is durable when it answers.
func (s *S3Target) Sync(context.Context) error { return nil }

// ctxReader stops a copy when the context ends.
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
