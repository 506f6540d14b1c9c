// Package storetest gives each test its own real, migrated PostgreSQL database, cloned from a
// template that is migrated once per migration set, so a fresh database costs milliseconds.
package storetest

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/url"
	"os"
	"runtime/debug"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"legacylocker/migrations"
)

// DefaultAdminURL is used when TEST_DATABASE_URL is unset: the machine's local server.
const DefaultAdminURL = "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"

var counter atomic.Int64

// AdminURL is the connection string of a role that may create databases.
func AdminURL() string {
	if v := os.Getenv("TEST_DATABASE_URL"); v != "" {
		return v
	}
	return DefaultAdminURL
}

// NewDatabase creates a fresh migrated database for the test, dropped when the test ends, and
// answers its connection string.
func NewDatabase(t testing.TB) string {
	t.Helper()
	return createDatabase(t, "template")
}

func createDatabase(t testing.TB, from string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()

	admin, err := pgx.Connect(ctx, AdminURL())
	if err != nil {
		t.Fatalf("connecting to the test server (set TEST_DATABASE_URL): %v", err)
	}
	defer admin.Close(ctx)

	create := "CREATE DATABASE %s"
	if from == "template" {
		template, err := ensureTemplate(ctx, admin)
		if err != nil {
			t.Fatalf("preparing template database: %v", err)
		}
		create += " TEMPLATE " + template
	}
	name := fmt.Sprintf("ll_test_%d_%d_%d", os.Getpid(), time.Now().UnixNano()%1_000_000, counter.Add(1))
	if _, err := admin.Exec(ctx, fmt.Sprintf(create, name)); err != nil {
		t.Fatalf("creating test database: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		conn, err := pgx.Connect(ctx, AdminURL())
		if err != nil {
			t.Logf("dropping %s: %v", name, err)
			return
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, fmt.Sprintf("DROP DATABASE IF EXISTS %s WITH (FORCE)", name)); err != nil {
			t.Logf("dropping %s: %v", name, err)
		}
	})
	return withDatabase(AdminURL(), name)
}

// NewEmptyDatabase creates a database with no schema at all, dropped when the test ends, for
// tests of migrating from nothing.
func NewEmptyDatabase(t testing.TB) string {
	t.Helper()
	return createDatabase(t, "")
}

// NewPool is NewDatabase plus a pool closed at the end of the test.
func NewPool(t testing.TB) *pgxpool.Pool {
	t.Helper()
	pool, err := pgxpool.New(context.Background(), NewDatabase(t))
	if err != nil {
		t.Fatalf("opening pool: %v", err)
	}
	t.Cleanup(pool.Close)
	return pool
}

// ensureTemplate builds the template for the current migration set once, under an advisory lock,
// because test packages run as parallel processes.
func ensureTemplate(ctx context.Context, admin *pgx.Conn) (string, error) {
	digest, err := migrationDigest()
	if err != nil {
		return "", err
	}
	name := "ll_template_" + digest
	if _, err := admin.Exec(ctx, "SELECT pg_advisory_lock(7340112402)"); err != nil {
		return "", err
	}
	defer admin.Exec(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock(7340112402)") //nolint:errcheck

	var exists bool
	if err := admin.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil {
		return "", err
	}
	if exists {
		return name, nil
	}
	building := name + "_building"
	if _, err := admin.Exec(ctx, fmt.Sprintf("DROP DATABASE IF EXISTS %s WITH (FORCE)", building)); err != nil {
		return "", err
	}
	if _, err := admin.Exec(ctx, fmt.Sprintf("CREATE DATABASE %s", building)); err != nil {
		return "", err
	}
	pool, err := pgxpool.New(ctx, withDatabase(AdminURL(), building))
	if err != nil {
		return "", err
	}
	err = migrations.Apply(ctx, pool, slog.New(slog.NewTextHandler(io.Discard, nil)))
	pool.Close()
	if err != nil {
		return "", err
	}
	// Renaming last means a half-built template is never used.
	if _, err := admin.Exec(ctx, fmt.Sprintf("ALTER DATABASE %s RENAME TO %s", building, name)); err != nil {
		return "", err
	}
	return name, nil
}

// migrationDigest names the template after our migration files and River's version, whose own
// migrations ship inside the library.
func migrationDigest() (string, error) {
	h := sha256.New()
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, dep := range info.Deps {
			if dep.Path == "github.com/riverqueue/river" {
				h.Write([]byte(dep.Version))
			}
		}
	}
	err := fs.WalkDir(migrations.Files, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(migrations.Files, path)
		if err != nil {
			return err
		}
		h.Write([]byte(path))
		h.Write(b)
		return nil
	})
	if err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

func withDatabase(rawURL, name string) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		panic(fmt.Sprintf("TEST_DATABASE_URL is not a URL: %v", err))
	}
	u.Path = "/" + strings.TrimPrefix(name, "/")
	return u.String()
}
