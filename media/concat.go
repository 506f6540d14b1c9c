package media

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/minio/minio-go/v7"
)

// Concat stores the stored files parts, one after another, as key and answers its size. The parts
// stay where they are: the caller removes them once key is recorded (a resumable upload's pieces,
// queued for media_delete in the transaction that makes the media row). Like Put, it leaves nothing
// under key when it fails.
//
// Local storage links a single part (no copy at all) and otherwise copies inside the kernel; S3
// composes the object on the server when every part but the last is at least 5 MiB (S3's smallest
// multipart part) and otherwise streams the parts through this process into one Put.
func Concat(ctx context.Context, s Storage, key string, parts []string) (int64, error) {
	if len(parts) == 0 {
		return 0, fmt.Errorf("concatenating into %s: no parts", key)
	}
	for _, k := range append([]string{key}, parts...) {
		if err := checkKey(k); err != nil {
			return 0, err
		}
	}
	switch s := s.(type) {
	case *LocalStorage:
		return s.concat(ctx, key, parts)
	case *S3Storage:
		n, err := s.compose(ctx, key, parts)
		if !errors.Is(err, errPartsTooSmall) {
			return n, err
		}
	}
	return concatByCopy(ctx, s, key, parts)
}

// concatByCopy reads the parts in order into one Put.
func concatByCopy(ctx context.Context, s Storage, key string, parts []string) (int64, error) {
	readers := make([]io.Reader, 0, len(parts))
	for _, part := range parts {
		f, err := s.Open(ctx, part)
		if err != nil {
			return 0, fmt.Errorf("concatenating into %s: %w", key, err)
		}
		defer f.Close()
		readers = append(readers, f)
	}
	return s.Put(ctx, key, io.MultiReader(readers...))
}

func (s *LocalStorage) concat(ctx context.Context, key string, parts []string) (n int64, err error) {
	final := filepath.Join(s.dir, key)
	if len(parts) == 1 {
		// The part is durable already (Put synced it): a second name for the same bytes.
		src := filepath.Join(s.dir, parts[0])
		info, err := os.Stat(src)
		if err != nil {
			return 0, fmt.Errorf("concatenating into %s: %w", key, err)
		}
		if err := os.Link(src, final); err != nil {
			return 0, fmt.Errorf("concatenating into %s: %w", key, err)
		}
		if err := syncDir(s.dir); err != nil {
			_ = os.Remove(final)
			return 0, fmt.Errorf("concatenating into %s: syncing directory: %w", key, err)
		}
		return info.Size(), nil
	}
	tmp, err := os.CreateTemp(s.dir, tempName(key))
	if err != nil {
		return 0, fmt.Errorf("concatenating into %s: %w", key, err)
	}
	defer func() {
		if err != nil {
			_ = tmp.Close()
			_ = os.Remove(tmp.Name())
		}
	}()
	for _, part := range parts {
		if err := ctx.Err(); err != nil {
			return n, err
		}
		src, err := os.Open(filepath.Join(s.dir, part))
		if err != nil {
			return n, fmt.Errorf("concatenating into %s: %w", key, err)
		}
		// *os.File to *os.File: copy_file_range, the bytes never come up into this process.
		copied, err := io.Copy(tmp, src)
		_ = src.Close()
		n += copied
		if err != nil {
			return n, fmt.Errorf("concatenating into %s: %w", key, err)
		}
	}
	if err = tmp.Chmod(0o640); err == nil {
		err = tmp.Sync()
	}
	if err == nil {
		err = tmp.Close()
	}
	if err == nil {
		err = os.Rename(tmp.Name(), final)
	}
	if err != nil {
		return n, fmt.Errorf("concatenating into %s: %w", key, err)
	}
	if err := syncDir(s.dir); err != nil {
		return n, fmt.Errorf("concatenating into %s: syncing directory: %w", key, err)
	}
	return n, nil
}

// errPartsTooSmall: S3 cannot compose these parts on the server.
var errPartsTooSmall = errors.New("parts below S3's minimum part size")

// s3MinPart is the smallest part S3 lets a multipart upload (and so a compose) have but the last.
const s3MinPart = 5 << 20

func (s *S3Storage) compose(ctx context.Context, key string, parts []string) (int64, error) {
	srcs := make([]minio.CopySrcOptions, len(parts))
	for i, part := range parts {
		info, err := s.client.StatObject(ctx, s.bucket, part, minio.StatObjectOptions{})
		if err != nil {
			return 0, fmt.Errorf("concatenating into %s: %w", key, s3Error(err))
		}
		if i < len(parts)-1 && info.Size < s3MinPart {
			return 0, errPartsTooSmall
		}
		srcs[i] = minio.CopySrcOptions{Bucket: s.bucket, Object: part}
	}
	info, err := s.client.ComposeObject(ctx, minio.CopyDestOptions{Bucket: s.bucket, Object: key}, srcs...)
	if err != nil {
		return 0, fmt.Errorf("concatenating into %s: %w", key, err)
	}
	return info.Size, nil
}
