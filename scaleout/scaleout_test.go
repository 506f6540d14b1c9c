package scaleout_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
	"github.com/stretchr/testify/require"

	"legacylocker/media/s3test"
	"legacylocker/store/storetest"
)

// process is one api or worker running from its built binary, with its output kept for failures.
type process struct {
	name string
	cmd  *exec.Cmd
	logs *lockedBuffer
}

type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// cluster is the deployment of README's "Scaling out": api processes behind (here, without) a
// load balancer and workers, sharing one Postgres and one S3 bucket and nothing else.
type cluster struct {
	t       *testing.T
	bins    string
	env     []string
	pool    *pgxpool.Pool
	s3      s3test.Server
	running []*process
}

func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer l.Close()
	return l.Addr().String()
}

func (c *cluster) start(name, binary string, extra ...string) *process {
	c.t.Helper()
	p := &process{name: name, cmd: exec.Command(filepath.Join(c.bins, binary)), logs: &lockedBuffer{}}
	p.cmd.Env = append(append(append([]string{}, c.env...), "METRICS_ADDR="+freeAddr(c.t)), extra...)
	p.cmd.Stdout, p.cmd.Stderr = p.logs, p.logs
	p.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} // a kill takes its ffmpeg with it
	require.NoError(c.t, p.cmd.Start(), name)
	c.running = append(c.running, p)
	c.t.Cleanup(func() {
		_ = syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
		_ = p.cmd.Wait()
		if c.t.Failed() {
			c.t.Logf("%s log:\n%s", p.name, p.logs.String())
		}
	})
	return p
}

// api starts an api process and answers its base URL once it is ready.
func (c *cluster) api(name string) string {
	c.t.Helper()
	addr := freeAddr(c.t)
	_, port, _ := net.SplitHostPort(addr)
	base := "http://" + addr
	p := c.start(name, "api", "PORT="+port, "APP_URL="+base)
	require.Eventually(c.t, func() bool {
		res, err := http.Get(base + "/readyz")
		if err != nil {
			return false
		}
		res.Body.Close()
		return res.StatusCode == http.StatusOK
	}, 60*time.Second, 100*time.Millisecond, "%s becomes ready; log:\n%s", name, p.logs)
	return base
}

// browser is one family member's browser: one cookie jar, whichever api it talks to.
type browser struct {
	t    *testing.T
	http *http.Client
}

func (b browser) do(method, url string, body any) (int, []byte) {
	b.t.Helper()
	var reader io.Reader
	if body != nil {
		raw, err := json.Marshal(body)
		require.NoError(b.t, err)
		reader = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, url, reader)
	require.NoError(b.t, err)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := b.http.Do(req)
	require.NoError(b.t, err)
	defer res.Body.Close()
	out, err := io.ReadAll(res.Body)
	require.NoError(b.t, err)
	return res.StatusCode, out
}

func (b browser) json(method, url string, body any, want int) map[string]any {
	b.t.Helper()
	status, raw := b.do(method, url, body)
	require.Equal(b.t, want, status, "%s %s: %s", method, url, raw)
	var out map[string]any
	require.NoError(b.t, json.Unmarshal(raw, &out))
	return out
}

func (b browser) upload(url, path, title string) map[string]any {
	b.t.Helper()
	var body bytes.Buffer
	form := multipart.NewWriter(&body)
	for k, v := range map[string]string{"title": title, "description": "", "date": "2026-05-01", "tags": "[]"} {
		require.NoError(b.t, form.WriteField(k, v))
	}
	part, err := form.CreateFormFile("file", filepath.Base(path))
	require.NoError(b.t, err)
	raw, err := os.ReadFile(path)
	require.NoError(b.t, err)
	_, err = part.Write(raw)
	require.NoError(b.t, err)
	require.NoError(b.t, form.Close())
	req, err := http.NewRequest("POST", url, &body)
	require.NoError(b.t, err)
	req.Header.Set("Content-Type", form.FormDataContentType())
	res, err := b.http.Do(req)
	require.NoError(b.t, err)
	defer res.Body.Close()
	out, err := io.ReadAll(res.Body)
	require.NoError(b.t, err)
	require.Equal(b.t, http.StatusAccepted, res.StatusCode, string(out))
	var item map[string]any
	require.NoError(b.t, json.Unmarshal(out, &item))
	return item
}

// waitMedia polls an item on base until its status is ready.
func (b browser) waitMedia(base string, id any, within time.Duration) map[string]any {
	b.t.Helper()
	var item map[string]any
	require.Eventually(b.t, func() bool {
		item = b.json("GET", fmt.Sprintf("%s/api/media/%v", base, id), nil, http.StatusOK)
		require.NotEqual(b.t, "failed", item["status"], "media %v failed: %v", id, item)
		return item["status"] == "ready"
	}, within, 200*time.Millisecond)
	return item
}

func ffmpeg(t *testing.T, args ...string) {
	t.Helper()
	out, err := exec.Command("ffmpeg", append([]string{"-hide_banner", "-loglevel", "error", "-y"}, args...)...).CombinedOutput()
	require.NoError(t, err, string(out))
}

// TestTwoAPIsAndTwoWorkersShareOnlyPostgresAndS3 runs the deployment of README's "Scaling out" from
// the real binaries: two api processes and two workers on one Postgres and one S3 server
// (versitygw). A family signs in on api A, uploads through api B, whichever worker is free makes
// the thumbnail, api A serves the files; a trim and a highlight detection complete; a worker killed
// mid-job leaves exactly one result, finished by the other.
func TestTwoAPIsAndTwoWorkersShareOnlyPostgresAndS3(t *testing.T) {
	ctx := context.Background()
	dbURL := storetest.NewDatabase(t)
	pool, err := pgxpool.New(ctx, dbURL)
	require.NoError(t, err)
	t.Cleanup(pool.Close)
	c := &cluster{t: t, bins: t.TempDir(), pool: pool, s3: s3test.Start(t)}
	for _, name := range []string{"api", "worker"} {
		out, err := exec.Command("go", "build", "-o", filepath.Join(c.bins, name), "legacylocker/cmd/"+name).CombinedOutput()
		require.NoError(t, err, string(out))
	}
	// MEDIA_DIR points nowhere usable: with STORAGE=s3 nothing may be written there.
	c.env = append(os.Environ(), "DATABASE_URL="+dbURL, "MEDIA_DIR=/nonexistent/legacy-locker-media", "SMTP_URL=",
		"JOB_RESCUE_AFTER=3s", "JOB_TIMEOUT=3s", "WORKER_MEDIA_CONCURRENCY=1", "MEDIA_MAX_FILE_MB=1024", "STORAGE_QUOTA_MB=4096",
		// No backup of a throwaway database, should the run span the nightly schedule.
		"BACKUP_SCHEDULE=off", "BACKUP_DRILL_SCHEDULE=off")
	c.env = append(c.env, c.s3.Env()...)

	apiA, apiB := c.api("api A"), c.api("api B")
	workers := []*process{c.start("worker 1", "worker"), c.start("worker 2", "worker")}

	jar, err := cookiejar.New(nil) // cookies are per host, not per port: both apis get the session
	require.NoError(t, err)
	family := browser{t: t, http: &http.Client{Jar: jar}}
	family.json("POST", apiA+"/api/register", map[string]string{"firstName": "Ana", "lastName": "Lee", "email": "ana@example.com", "password": "Passw0rdX"}, http.StatusCreated)
	me := family.json("GET", apiB+"/api/user", nil, http.StatusOK)
	require.Equal(t, "ana@example.com", me["email"], "the session made on api A is valid on api B")
	athlete := family.json("POST", apiA+"/api/athletes", map[string]any{"name": "Jo Lee", "sports": "Softball", "graduationYear": time.Now().Year() + 3,
		"school": "Central High", "position": "Pitcher", "bio": "", "gpa": 3.5}, http.StatusCreated)["id"]

	media := t.TempDir()
	photo, video, game := filepath.Join(media, "photo.jpg"), filepath.Join(media, "play.mp4"), filepath.Join(media, "game.mp4")
	ffmpeg(t, "-f", "lavfi", "-i", "testsrc2=size=1600x1200", "-frames:v", "1", photo)
	// Ten seconds with a loud moment at 6 s, for the highlights.
	ffmpeg(t, "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=30:duration=10", "-f", "lavfi",
		"-i", "sine=frequency=440:duration=10,volume='if(between(t,6,7),1,0.02)':eval=frame",
		"-c:v", "libx264", "-preset", "ultrafast", "-g", "60", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", video)
	// A minute of 720p game film with a single keyframe: cutting it is a long re-encode to interrupt.
	ffmpeg(t, "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=30:duration=60", "-f", "lavfi", "-i", "sine=frequency=300:duration=60",
		"-c:v", "libx264", "-preset", "ultrafast", "-g", "100000", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", game)

	// Uploaded through api B, processed by a worker, served by api A.
	uploadURL := fmt.Sprintf("%s/api/athletes/%v/media", apiB, athlete)
	photoItem := family.upload(uploadURL, photo, "Team photo")
	ready := family.waitMedia(apiA, photoItem["id"], 60*time.Second)
	require.NotNil(t, ready["thumbnailUrl"])
	status, thumb := family.do("GET", apiA+ready["thumbnailUrl"].(string), nil)
	require.Equal(t, http.StatusOK, status)
	require.True(t, bytes.HasPrefix(thumb, []byte{0xFF, 0xD8}), "the thumbnail is a JPEG")
	status, original := family.do("GET", apiA+ready["mediaUrl"].(string), nil)
	require.Equal(t, http.StatusOK, status)
	uploaded, err := os.ReadFile(photo)
	require.NoError(t, err)
	require.True(t, bytes.Equal(uploaded, original), "api A serves the original api B stored, byte for byte")

	// A trim and a highlight detection, asked of either api.
	playItem := family.upload(uploadURL, video, "Big play")
	family.waitMedia(apiA, playItem["id"], 90*time.Second)
	clip := family.json("POST", fmt.Sprintf("%s/api/media/%v/trim", apiA, playItem["id"]), map[string]any{"startTime": 2.5, "endTime": 7.5}, http.StatusAccepted)
	family.json("POST", fmt.Sprintf("%s/api/media/%v/highlights", apiB, playItem["id"]), nil, http.StatusAccepted)
	cut := family.waitMedia(apiB, clip["id"], 90*time.Second)
	require.InDelta(t, 5.0, cut["duration"], 0.1)
	require.Eventually(t, func() bool {
		h := family.json("GET", fmt.Sprintf("%s/api/media/%v/highlights", apiA, playItem["id"]), nil, http.StatusOK)
		require.NotEqual(t, "failed", h["status"])
		segments, _ := h["segments"].([]any)
		return h["status"] == "ready" && len(segments) > 0
	}, 90*time.Second, 200*time.Millisecond, "the highlights are found")

	// A worker killed mid-trim (with its ffmpeg): the other one finishes the job, once.
	gameItem := family.upload(uploadURL, game, "Full game")
	family.waitMedia(apiA, gameItem["id"], 120*time.Second)
	longClip := family.json("POST", fmt.Sprintf("%s/api/media/%v/trim", apiB, gameItem["id"]), map[string]any{"startTime": 1.3, "endTime": 58.7}, http.StatusAccepted)
	var victim *process
	require.Eventually(t, func() bool {
		for _, w := range workers {
			if runsFFmpeg(w.cmd.Process.Pid) {
				victim = w
				return true
			}
		}
		return false
	}, 60*time.Second, 20*time.Millisecond, "a worker starts cutting")
	time.Sleep(500 * time.Millisecond)
	require.NoError(t, syscall.Kill(-victim.cmd.Process.Pid, syscall.SIGKILL))
	_ = victim.cmd.Wait()
	t.Logf("killed %s mid-trim", victim.name)
	var state string
	require.NoError(t, pool.QueryRow(ctx, `SELECT state FROM river_job WHERE kind = 'media_trim' AND (args->>'clip_id')::bigint = $1`, int64(longClip["id"].(float64))).Scan(&state))
	require.Equal(t, "running", state, "the kill came before the clip was finished")
	// River rescues the job once its timeout has passed (media jobs: two minutes and more).
	done := family.waitMedia(apiA, longClip["id"], 5*time.Minute)
	require.InDelta(t, 57.4, done["duration"], 0.1)
	var clips, attempts int
	require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FROM media_items WHERE source_media_id = $1`, int64(gameItem["id"].(float64))).Scan(&clips))
	require.Equal(t, 1, clips, "exactly one clip")
	require.NoError(t, pool.QueryRow(ctx, `SELECT attempt FROM river_job WHERE kind = 'media_trim' AND (args->>'clip_id')::bigint = $1`, int64(longClip["id"].(float64))).Scan(&attempts))
	require.GreaterOrEqual(t, attempts, 2, "the job ran again after the rescue")

	// Everything lives in the bucket: each item's files, nothing half-written, no stray object.
	keys := bucketKeys(t, c.s3)
	rows, err := pool.Query(ctx, `SELECT original_key, thumbnail_key, rendition_key FROM media_items WHERE athlete_id = $1`, athlete)
	require.NoError(t, err)
	want := map[string]bool{}
	for rows.Next() {
		var original string
		var thumbnail, rendition *string
		require.NoError(t, rows.Scan(&original, &thumbnail, &rendition))
		want[original] = true
		for _, k := range []*string{thumbnail, rendition} {
			if k != nil {
				want[*k] = true
			}
		}
	}
	require.NoError(t, rows.Err())
	for _, k := range keys {
		if strings.HasSuffix(k, ".readyz") {
			continue // the readiness probe's own write
		}
		require.True(t, want[k], "object %s belongs to no media item", k)
	}
	for k := range want {
		require.Contains(t, keys, k, "every file of every item is in the bucket")
	}
}

// runsFFmpeg reports whether an ffmpeg runs in the process group pgid.
func runsFFmpeg(pgid int) bool {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return false
	}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			continue
		}
		// pid (comm) state ppid pgrp ...: comm may hold spaces, so read after its closing parenthesis.
		s := string(stat)
		open, end := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
		if open < 0 || end < 0 {
			continue
		}
		fields := strings.Fields(s[end+1:])
		if s[open+1:end] == "ffmpeg" && len(fields) > 2 && fields[2] == strconv.Itoa(pgid) {
			return true
		}
	}
	return false
}

func bucketKeys(t *testing.T, s s3test.Server) []string {
	t.Helper()
	client, err := minio.New(s.Endpoint, &minio.Options{Creds: credentials.NewStaticV4(s.AccessKey, s.SecretKey, ""), Region: s.Region})
	require.NoError(t, err)
	var keys []string
	for obj := range client.ListObjects(context.Background(), s.Bucket, minio.ListObjectsOptions{Recursive: true}) {
		require.NoError(t, obj.Err)
		keys = append(keys, obj.Key)
	}
	for up := range client.ListIncompleteUploads(context.Background(), s.Bucket, "", true) {
		require.NoError(t, up.Err)
		keys = append(keys, "incomplete:"+up.Key)
	}
	return keys
}
