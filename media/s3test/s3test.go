// Package s3test runs a real S3-compatible server for tests: versitygw (installed by
// scripts/deps.sh with go install) on a loopback port over a temporary directory. It does not
// import media, so media's own tests can use it too.
package s3test

import (
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// Server is a running S3 server and the bucket the tests use (created by the storage on first use).
type Server struct {
	Endpoint  string
	Bucket    string
	AccessKey string
	SecretKey string
	Region    string
}

// Env is the api's and the worker's configuration for this server.
func (s Server) Env() []string {
	return []string{"STORAGE=s3", "S3_ENDPOINT=" + s.Endpoint, "S3_BUCKET=" + s.Bucket, "S3_ACCESS_KEY=" + s.AccessKey,
		"S3_SECRET_KEY=" + s.SecretKey, "S3_REGION=" + s.Region, "S3_USE_SSL=false"}
}

// Start runs versitygw until the test ends.
func Start(t testing.TB) Server {
	t.Helper()
	bin, err := exec.LookPath("versitygw")
	if err != nil {
		out, goErr := exec.Command("go", "env", "GOPATH").Output()
		require.NoError(t, goErr)
		bin = filepath.Join(strings.TrimSpace(string(out)), "bin", "versitygw")
		_, err = os.Stat(bin)
	}
	require.NoError(t, err, "versitygw is installed by scripts/deps.sh test (go install github.com/versity/versitygw/cmd/versitygw)")
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := l.Addr().String()
	require.NoError(t, l.Close())
	s := Server{Endpoint: addr, Bucket: "legacy-test", AccessKey: "ll-test-access", SecretKey: "ll-test-secret-key-1234", Region: "us-east-1"}
	cmd := exec.Command(bin, "--port", addr, "posix", t.TempDir())
	cmd.Env = append(os.Environ(), "ROOT_ACCESS_KEY="+s.AccessKey, "ROOT_SECRET_KEY="+s.SecretKey)
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	require.Eventually(t, func() bool {
		c, err := net.Dial("tcp", addr)
		if err == nil {
			c.Close()
		}
		return err == nil
	}, 30*time.Second, 50*time.Millisecond)
	return s
}
