package storetest

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"testing"
)

// Cluster is a private PostgreSQL server of the test's own, from the machine's server binaries, so
// a test may stop and start it under a running api or worker (an outage) without touching the
// server every other test uses.
type Cluster struct {
	bin, data, socket string
	port              int
	// owner runs the server: as root, the postgres OS user (initdb and postgres refuse root).
	owner string
}

// StartCluster initialises and starts a cluster, stopped when the test ends.
func StartCluster(t testing.TB) *Cluster {
	t.Helper()
	bin := serverBinaries(t)
	dir, err := os.MkdirTemp("", "storetest-cluster-*")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	c := &Cluster{bin: bin, data: filepath.Join(dir, "data"), socket: dir, port: freePort(t)}
	if os.Geteuid() == 0 {
		c.owner = "postgres"
		owner, err := user.Lookup(c.owner)
		if err != nil {
			t.Fatalf("as root the cluster runs as the postgres user, which is missing: %v", err)
		}
		uid, _ := strconv.Atoi(owner.Uid)
		gid, _ := strconv.Atoi(owner.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			t.Fatal(err)
		}
	}
	c.run(t, "initdb", "-D", c.data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8")
	c.Start(t)
	t.Cleanup(func() { c.Stop(t) })
	return c
}

// URL is the connection string of database name on the cluster.
func (c *Cluster) URL(name string) string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable", c.port, name)
}

// Start starts the server (again) on the same port and data.
func (c *Cluster) Start(t testing.TB) {
	t.Helper()
	options := fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off", c.port, c.socket)
	c.run(t, "pg_ctl", "-D", c.data, "-o", options, "-l", filepath.Join(c.socket, "server.log"), "-w", "start")
}

// Stop stops the server at once, ending every connection (pg_ctl's fast mode); stopping a stopped
// server is a no-op.
func (c *Cluster) Stop(t testing.TB) {
	t.Helper()
	if c.running() {
		c.run(t, "pg_ctl", "-D", c.data, "-m", "fast", "-w", "stop")
	}
}

func (c *Cluster) running() bool {
	return c.command("pg_ctl", "-D", c.data, "status").Run() == nil
}

func (c *Cluster) command(name string, args ...string) *exec.Cmd {
	path := filepath.Join(c.bin, name)
	if c.owner != "" {
		cmd := exec.Command("runuser", append([]string{"-u", c.owner, "--", path}, args...)...)
		cmd.Dir = "/"
		return cmd
	}
	return exec.Command(path, args...)
}

func (c *Cluster) run(t testing.TB, name string, args ...string) {
	t.Helper()
	if out, err := c.command(name, args...).CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", name, err, out)
	}
}

// serverBinaries finds the newest Debian server installation (what scripts/lib/postgres.sh uses).
func serverBinaries(t testing.TB) string {
	t.Helper()
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return version(dirs[i]) < version(dirs[j]) })
	for i := len(dirs) - 1; i >= 0; i-- {
		if _, err := os.Stat(filepath.Join(dirs[i], "initdb")); err == nil {
			return dirs[i]
		}
	}
	t.Fatal("no PostgreSQL server binaries under /usr/lib/postgresql (scripts/deps.sh installs them)")
	return ""
}

func version(binDir string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(binDir)))
	return n
}

func freePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}
