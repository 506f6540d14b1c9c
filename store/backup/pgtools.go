package backup

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
)

// pgTools are the pg_dump and pg_restore of the server's major version or newer: an older pg_dump
// refuses a newer server, and a newer one writes archives that an older server may not restore
// (pg_dump 17 sets transaction_timeout, which 15 does not know), so the server's own version comes
// first. Debian installs each version's tools in /usr/lib/postgresql/N/bin (the private cluster of
// `make run` runs from there too); /usr/bin/pg_dump is Debian's wrapper, which picks the newest.
type pgTools struct {
	dump, restore string
	serverMajor   int
}

var versionRe = regexp.MustCompile(`\(PostgreSQL\) (\d+)`)

// toolMajor answers the major version `tool --version` prints, 0 when it does not run.
func toolMajor(tool string) int {
	out, err := exec.Command(tool, "--version").Output()
	if err != nil {
		return 0
	}
	m := versionRe.FindSubmatch(out)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(string(m[1]))
	return n
}

// findTools picks the tools for the server conn is connected to: in binDir when given, else the
// server's own version's Debian directory, else PATH.
func findTools(ctx context.Context, conn *pgx.Conn, binDir string) (pgTools, error) {
	var num int
	if err := conn.QueryRow(ctx, "SELECT current_setting('server_version_num')::int").Scan(&num); err != nil {
		return pgTools{}, fmt.Errorf("reading the server's version: %w", err)
	}
	t := pgTools{serverMajor: num / 10000}
	dirs := []string{binDir}
	if binDir == "" {
		dirs = []string{fmt.Sprintf("/usr/lib/postgresql/%d/bin", t.serverMajor), ""}
	}
	for _, dir := range dirs {
		dump, restore := filepath.Join(dir, "pg_dump"), filepath.Join(dir, "pg_restore")
		if dir == "" {
			var err error
			if dump, err = exec.LookPath("pg_dump"); err != nil {
				continue
			}
			if restore, err = exec.LookPath("pg_restore"); err != nil {
				continue
			}
		}
		if toolMajor(dump) >= t.serverMajor && toolMajor(restore) >= t.serverMajor {
			t.dump, t.restore = dump, restore
			return t, nil
		}
	}
	return t, fmt.Errorf("no pg_dump and pg_restore of PostgreSQL %d or newer found (looked in %s and PATH): "+
		"install postgresql-client-%[1]d, or set BACKUP_PG_BIN to the directory that holds them", t.serverMajor, dirs[0])
}

// libpqTarget turns a DATABASE_URL into what pg_dump and pg_restore take: the URL without the
// password (which goes in PGPASSWORD, out of the process list) and without pgx's own pool_*
// settings, which libpq refuses. dbname, when not empty, replaces the database.
func libpqTarget(databaseURL, dbname string) (conninfo string, env []string, err error) {
	u, err := url.Parse(databaseURL)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		// A keyword=value string: libpq takes it as it is, and a later dbname wins.
		if dbname != "" {
			databaseURL += " dbname=" + dbname
		}
		return databaseURL, os.Environ(), nil
	}
	env = os.Environ()
	if pw, ok := u.User.Password(); ok {
		env = append(env, "PGPASSWORD="+pw)
		u.User = url.User(u.User.Username())
	}
	q := u.Query()
	for k := range q {
		if strings.HasPrefix(k, "pool_") {
			q.Del(k)
		}
	}
	u.RawQuery = q.Encode()
	if dbname != "" {
		u.Path = "/" + dbname
	}
	return u.String(), env, nil
}

// runTool runs a pg tool with stdin and stdout, answering its stderr in the error.
func runTool(ctx context.Context, env []string, stdin io.Reader, stdout io.Writer, name string, args ...string) error {
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Env = env
	cmd.Stdin, cmd.Stdout = stdin, stdout
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if len(msg) > 2000 {
			msg = msg[:2000] + "…"
		}
		return fmt.Errorf("%s: %w: %s", filepath.Base(name), err, msg)
	}
	return nil
}
