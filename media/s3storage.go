package media

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// S3Config reaches an S3-compatible store (STORAGE=s3).
type S3Config struct {
	Endpoint  string // host:port
	Bucket    string
	AccessKey string
	SecretKey string
	Region    string
	UseSSL    bool
}

const (
	// s3PartSize is the multipart part an upload of unknown length is sent in. s3PartsInFlight
	// parts are sent at once while the next is read (sent one by one, an upload through the api
	// ran at 0.66x minio-go's own PutObject of the file, which sends 4 at once; now 0.85x), so an
	// upload holds 32 MiB of memory whatever its size (docs/PERFORMANCE.md).
	s3PartSize      = 8 << 20
	s3PartsInFlight = 4
	// s3MaxParts is S3's limit of parts in one upload, less a margin for a size hint that fell
	// short: a stream of unknown length can be at most s3MaxParts parts long.
	s3MaxParts = 9_000
)

// SizeHinted is a reader that knows about how many bytes it holds before they are read (a legacy
// archive being written), so that S3Storage.Put chooses parts large enough for all of them: with
// s3PartSize a stream can be at most about 70 GiB, and a family's archive can be larger.
type SizeHinted struct {
	io.Reader
	Hint int64
}

// s3PartSizeFor is the part size for a stream of about hint bytes (0: unknown).
func s3PartSizeFor(hint int64) uint64 {
	const mib = 1 << 20
	need := (hint/s3MaxParts + mib) &^ (mib - 1) // rounded up to whole MiB
	return uint64(max(s3PartSize, need))
}

// S3Storage keeps files as objects of one bucket, under the same keys as LocalStorage. Every api
// and worker process reaches the same bucket, so no process needs a shared disk.
type S3Storage struct {
	client *minio.Client
	bucket string
}

// NewS3Storage connects to the store and makes sure the bucket exists.
func NewS3Storage(ctx context.Context, cfg S3Config) (*S3Storage, error) {
	client, err := minio.New(cfg.Endpoint, &minio.Options{
		Creds:  credentials.NewStaticV4(cfg.AccessKey, cfg.SecretKey, ""),
		Secure: cfg.UseSSL,
		Region: cfg.Region,
	})
	if err != nil {
		return nil, fmt.Errorf("connecting to S3 at %s: %w", cfg.Endpoint, err)
	}
	exists, err := client.BucketExists(ctx, cfg.Bucket)
	if err != nil {
		return nil, fmt.Errorf("checking bucket %s: %w", cfg.Bucket, err)
	}
	if !exists {
		if err := client.MakeBucket(ctx, cfg.Bucket, minio.MakeBucketOptions{Region: cfg.Region}); err != nil {
			return nil, fmt.Errorf("creating bucket %s: %w", cfg.Bucket, err)
		}
	}
	return &S3Storage{client: client, bucket: cfg.Bucket}, nil
}

// Put implements Storage. The object appears only when the last part is in (a multipart upload is
// completed at the end), so a cancelled or failed Put leaves nothing: minio-go aborts the
// multipart upload on error.
func (s *S3Storage) Put(ctx context.Context, key string, r io.Reader) (int64, error) {
	if err := checkKey(key); err != nil {
		return 0, err
	}
	var hint int64
	if sized, ok := r.(SizeHinted); ok {
		hint = sized.Hint
	}
	info, err := s.client.PutObject(ctx, s.bucket, key, r, -1, minio.PutObjectOptions{
		PartSize: s3PartSizeFor(hint), NumThreads: s3PartsInFlight, ConcurrentStreamParts: true, ContentType: "application/octet-stream",
	})
	if err != nil {
		return 0, fmt.Errorf("storing %s: %w", key, err)
	}
	return info.Size, nil
}

// Open implements Storage: the object read lazily with ranged GETs as it is read and sought, so
// serving a Range of a large video never downloads the rest.
func (s *S3Storage) Open(ctx context.Context, key string) (File, error) {
	if err := checkKey(key); err != nil {
		return nil, err
	}
	info, err := s.client.StatObject(ctx, s.bucket, key, minio.StatObjectOptions{})
	if err != nil {
		return nil, fmt.Errorf("opening %s: %w", key, s3Error(err))
	}
	obj, err := s.client.GetObject(ctx, s.bucket, key, minio.GetObjectOptions{})
	if err != nil {
		return nil, fmt.Errorf("opening %s: %w", key, s3Error(err))
	}
	return &s3File{Object: obj, size: info.Size, modTime: info.LastModified}, nil
}

type s3File struct {
	*minio.Object
	size    int64
	modTime time.Time
}

func (f *s3File) Size() int64        { return f.size }
func (f *s3File) ModTime() time.Time { return f.modTime }

// Delete implements Storage; a missing key is not an error.
func (s *S3Storage) Delete(ctx context.Context, key string) error {
	if err := checkKey(key); err != nil {
		return err
	}
	if err := s.client.RemoveObject(ctx, s.bucket, key, minio.RemoveObjectOptions{}); err != nil && !errors.Is(s3Error(err), ErrNotFound) {
		return fmt.Errorf("deleting %s: %w", key, err)
	}
	return nil
}

var _ Lister = (*S3Storage)(nil)

// List implements Lister.
func (s *S3Storage) List(ctx context.Context, each func(key string, size int64) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel() // stops minio-go's listing when each stops early
	for obj := range s.client.ListObjects(ctx, s.bucket, minio.ListObjectsOptions{Recursive: true}) {
		if obj.Err != nil {
			return fmt.Errorf("listing bucket %s: %w", s.bucket, obj.Err)
		}
		if err := each(obj.Key, obj.Size); err != nil {
			return err
		}
	}
	return nil
}

// LocalPath implements Storage: the object downloaded into a scratch directory (ffmpeg and
// friends read files), removed by release; a worker killed meanwhile leaves it to SweepScratch.
func (s *S3Storage) LocalPath(ctx context.Context, key string) (string, func(), error) {
	release := func() {}
	if err := checkKey(key); err != nil {
		return "", release, err
	}
	dir, err := ScratchDir("s3")
	if err != nil {
		return "", release, fmt.Errorf("making a scratch directory for %s: %w", key, err)
	}
	release = func() { _ = os.RemoveAll(dir) }
	path := filepath.Join(dir, key)
	if err := s.client.FGetObject(ctx, s.bucket, key, path, minio.GetObjectOptions{}); err != nil {
		release()
		return "", func() {}, fmt.Errorf("downloading %s: %w", key, s3Error(err))
	}
	return path, release, nil
}

// s3Error turns a missing object into ErrNotFound.
func s3Error(err error) error {
	var resp minio.ErrorResponse
	if errors.As(err, &resp) && (resp.Code == "NoSuchKey" || resp.StatusCode == http.StatusNotFound) {
		return ErrNotFound
	}
	if r := minio.ToErrorResponse(err); r.Code == "NoSuchKey" || r.StatusCode == http.StatusNotFound {
		return ErrNotFound
	}
	return err
}

// StorageConfig chooses where files live: "local" (a directory every process can see, the
// default for `make run`) or "s3" (one bucket every process reaches).
type StorageConfig struct {
	Kind     string // local or s3
	LocalDir string
	S3       S3Config
}

// StorageConfigFromEnv reads STORAGE, MEDIA_DIR and the S3_* settings (README, "Configuration")
// with the process's own reader.
func StorageConfigFromEnv(str func(name, def string) string, boolean func(name string, def bool) bool) StorageConfig {
	return StorageConfig{
		Kind:     str("STORAGE", "local"),
		LocalDir: str("MEDIA_DIR", ".data/media"),
		S3: S3Config{
			Endpoint: str("S3_ENDPOINT", ""), Bucket: str("S3_BUCKET", "legacylocker"),
			AccessKey: str("S3_ACCESS_KEY", ""), SecretKey: str("S3_SECRET_KEY", ""),
			Region: str("S3_REGION", "us-east-1"), UseSSL: boolean("S3_USE_SSL", false),
		},
	}
}

// OpenStorage opens the configured storage.
func OpenStorage(ctx context.Context, cfg StorageConfig) (Storage, error) {
	switch cfg.Kind {
	case "", "local":
		return NewLocalStorage(cfg.LocalDir)
	case "s3":
		if cfg.S3.Endpoint == "" {
			return nil, errors.New("STORAGE=s3 needs S3_ENDPOINT")
		}
		return NewS3Storage(ctx, cfg.S3)
	}
	return nil, fmt.Errorf("STORAGE must be local or s3, not %q", cfg.Kind)
}
