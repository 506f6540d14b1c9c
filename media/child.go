package media

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/gob"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"time"
)

// A family's photo is decoded by libvips (C, through cgo) or Go's decoders in a child process of
// the binary that asks, never in the worker itself: a decoder that crashes on a crafted or damaged
// file, or balloons on a decompression bomb, takes down one child, which the worker replaces, and
// fails that one item instead of every job the worker was running. The child is the same binary
// started again ("worker decode", or any binary linking this package: see init in decoder.go),
// so there is nothing more to install. Its standard input and output are its only channel (gob:
// decodeRequest in, decodeResponse out); it opens the file it is named read-only.
//
// Children are long-lived and pooled: a fork and exec of a cgo binary linking libvips costs tens of
// milliseconds, more than a small photo's thumbnail. A child that dies is not reused; the next
// request starts a fresh one.

// ErrDecoderCrashed says the decoder child died while working a file (a signal, a memory or CPU
// limit, or the wall-time limit): the file is the likely cause, but a retry in a fresh child is
// worth one more try. The message ends with what happened, after ": ".
var ErrDecoderCrashed = errors.New("media: the decoder stopped")

// DecoderLimits bound each decoder child. Zero fields take the defaults.
type DecoderLimits struct {
	// Processes is how many children may work at once (they stay started, idle, between items).
	// Default 2.
	Processes int
	// Memory is the address space a child may add to what it uses when it has started and loaded
	// libvips (RLIMIT_AS). Default 1 GiB.
	Memory int64
	// CPUTime is the processor time a child may spend on one item (RLIMIT_CPU, whole seconds).
	// Default 60 s.
	CPUTime time.Duration
	// WallTime is how long one item may take before its child is killed. Default 2 minutes.
	WallTime time.Duration
	// IdleTime is how long a child may wait for work before it is stopped, giving its memory back
	// (the next item starts a new one, which costs tens of milliseconds). Default 1 minute.
	IdleTime time.Duration
	// Command starts a child; default this very binary with the hidden "decode" argument.
	// Tests of other binaries need nothing: any binary linking this package serves as a child.
	Command []string
}

func (l DecoderLimits) withDefaults() DecoderLimits {
	if l.Processes <= 0 {
		l.Processes = 2
	}
	if l.Memory <= 0 {
		l.Memory = 1 << 30
	}
	if l.CPUTime <= 0 {
		l.CPUTime = time.Minute
	}
	if l.WallTime <= 0 {
		l.WallTime = 2 * time.Minute
	}
	if l.IdleTime <= 0 {
		l.IdleTime = time.Minute
	}
	if len(l.Command) == 0 {
		l.Command = []string{"/proc/self/exe", "decode"}
	}
	return l
}

const (
	// decoderChildEnv marks a process started as a decoder child (see init in decoder.go).
	decoderChildEnv = "LEGACYLOCKER_DECODER_CHILD"
	// childItems retires a child after this many items, so whatever a decoder leaks is bounded.
	childItems = 2000
	// childStartTimeout bounds a child's start (exec, libvips loaded, handshake).
	childStartTimeout = 15 * time.Second
	// exitCPULimit is a child's exit status when its CPU limit was reached (SIGXCPU).
	exitCPULimit = 86
)

// decodeRequest asks a child for the thumbnail of the image at Path.
type decodeRequest struct {
	Path    string
	MaxSide int
	// GoOnly makes every format take Go's decoders (for the benchmark against libvips).
	GoOnly bool
	// Square asks for SquarePhoto's attention-cropped square instead of a thumbnail.
	Square bool
}

// decodeResponse is a child's answer: the thumbnail (a JPEG) and the displayed size, or an error.
type decodeResponse struct {
	Width, Height int
	Decoder       decoder
	JPEG          []byte
	// Err is the failure's message; Corrupt says it is the file's fault (ErrCorrupt).
	Err     string
	Corrupt bool
}

// Decoders is a pool of decoder children with the same limits.
type Decoders struct {
	limits DecoderLimits
	slots  chan struct{}
	idle   chan *decoderChild
	mu     sync.Mutex
	closed bool
	// started counts children started, for tests and the benchmark.
	started int
	// stopRetiring ends retireIdle.
	stopRetiring chan struct{}
}

// NewDecoders makes a pool; its children start on first use.
func NewDecoders(limits DecoderLimits) *Decoders {
	limits = limits.withDefaults()
	d := &Decoders{limits: limits, slots: make(chan struct{}, limits.Processes), idle: make(chan *decoderChild, limits.Processes),
		stopRetiring: make(chan struct{})}
	go d.retireIdle()
	return d
}

// retireIdle stops the children that have waited IdleTime for work, until the pool closes: a child
// keeps what its photos made its allocator and libvips hold, about 45 MB resident (a third of it its
// own, the rest the pages of the libraries) however little it is asked to do afterwards.
func (d *Decoders) retireIdle() {
	tick := time.NewTicker(max(d.limits.IdleTime/4, 10*time.Millisecond))
	defer tick.Stop()
	for {
		select {
		case <-d.stopRetiring:
			return
		case <-tick.C:
		}
		for range len(d.idle) {
			var c *decoderChild
			select {
			case c = <-d.idle:
			default:
			}
			if c == nil {
				break // taken for an item meanwhile
			}
			if time.Since(c.idleSince) < d.limits.IdleTime && d.putIdle(c, c.idleSince) {
				continue
			}
			c.stop()
		}
	}
}

var (
	defaultDecodersMu sync.Mutex
	defaultDecoders   *Decoders
)

// SetDecoderLimits sets the limits of the pool ImageThumbnail uses (the worker calls it once at
// start, from its configuration); children already started are stopped.
func SetDecoderLimits(limits DecoderLimits) {
	defaultDecodersMu.Lock()
	old := defaultDecoders
	defaultDecoders = NewDecoders(limits)
	defaultDecodersMu.Unlock()
	if old != nil {
		old.Close()
	}
}

// StopDecoders stops the children of the pool ImageThumbnail uses (a worker that stops, a
// benchmark that counts their CPU time once they are reaped); the next thumbnail starts new ones.
func StopDecoders() {
	defaultDecodersMu.Lock()
	old := defaultDecoders
	defaultDecoders = nil
	if old != nil {
		defaultDecoders = NewDecoders(old.limits)
	}
	defaultDecodersMu.Unlock()
	if old != nil {
		old.Close()
	}
}

func sharedDecoders() *Decoders {
	defaultDecodersMu.Lock()
	defer defaultDecodersMu.Unlock()
	if defaultDecoders == nil {
		defaultDecoders = NewDecoders(DecoderLimits{})
	}
	return defaultDecoders
}

// Close stops the idle children; children working finish their item and are stopped after it.
func (d *Decoders) Close() {
	d.mu.Lock()
	if !d.closed {
		close(d.stopRetiring)
	}
	d.closed = true
	d.mu.Unlock()
	for {
		select {
		case c := <-d.idle:
			c.stop()
		default:
			return
		}
	}
}

// Started answers how many children the pool has started so far.
func (d *Decoders) Started() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.started
}

// Thumbnail is ImageThumbnail in one of the pool's children.
func (d *Decoders) Thumbnail(ctx context.Context, path string, maxSide int, w io.Writer) (width, height int, err error) {
	width, height, _, err = d.thumbnail(ctx, decodeRequest{Path: path, MaxSide: maxSide}, w)
	return width, height, err
}

// SquarePhoto is media.SquarePhoto in one of the pool's children.
func (d *Decoders) SquarePhoto(ctx context.Context, path string, side int, w io.Writer) (width, height int, err error) {
	width, height, _, err = d.thumbnail(ctx, decodeRequest{Path: path, MaxSide: side, Square: true}, w)
	return width, height, err
}

func (d *Decoders) thumbnail(ctx context.Context, req decodeRequest, w io.Writer) (width, height int, used decoder, err error) {
	if req.MaxSide <= 0 {
		return 0, 0, "", fmt.Errorf("thumbnail: invalid size %d", req.MaxSide)
	}
	if err := refuseBomb(req.Path); err != nil {
		return 0, 0, "", err
	}
	resp, err := d.do(ctx, req)
	if err != nil {
		return 0, 0, "", fmt.Errorf("thumbnail: %w", err)
	}
	if resp.Err != "" {
		if resp.Corrupt {
			return 0, 0, "", fmt.Errorf("thumbnail: %w", corrupt(resp.Err))
		}
		return 0, 0, "", errors.New(resp.Err) // the child's own "thumbnail: …" error
	}
	if _, err := w.Write(resp.JPEG); err != nil {
		return 0, 0, "", fmt.Errorf("thumbnail: writing: %w", err)
	}
	return resp.Width, resp.Height, resp.Decoder, nil
}

// do sends req to an idle child (starting one if none is idle) and waits for its answer, the
// item's wall-time limit or ctx, whichever comes first; a child that does not answer is killed.
func (d *Decoders) do(ctx context.Context, req decodeRequest) (decodeResponse, error) {
	select {
	case d.slots <- struct{}{}:
	case <-ctx.Done():
		return decodeResponse{}, ctx.Err()
	}
	defer func() { <-d.slots }()
	var c *decoderChild
	select {
	case c = <-d.idle:
		if c.exited() { // died idle (its parent thread ended, or it was killed): not the file's fault
			c.stop()
			c = nil
		}
	default:
	}
	if c == nil {
		var err error
		if c, err = d.start(); err != nil {
			return decodeResponse{}, err
		}
	}
	if err := c.limitCPU(d.limits.CPUTime); err != nil {
		c.stop()
		return decodeResponse{}, err
	}
	itemCtx, cancel := context.WithTimeout(ctx, d.limits.WallTime)
	defer cancel()
	answered := make(chan error, 1)
	var resp decodeResponse
	go func() {
		if err := c.enc.Encode(req); err != nil {
			answered <- err
			return
		}
		answered <- c.dec.Decode(&resp)
	}()
	var err error
	select {
	case err = <-answered:
	case <-itemCtx.Done():
		c.kill()
		<-answered
		c.stop()
		if ctx.Err() != nil {
			return decodeResponse{}, ctx.Err() // the job's own end, not the file's fault
		}
		return decodeResponse{}, fmt.Errorf("%w: it took longer than %s", ErrDecoderCrashed, d.limits.WallTime)
	}
	if err != nil {
		c.stop()
		return decodeResponse{}, fmt.Errorf("%w: %s", ErrDecoderCrashed, c.death())
	}
	c.items++
	if c.items >= childItems || !d.putIdle(c, time.Now()) {
		c.stop()
	}
	return resp, nil
}

// putIdle returns c to the pool, idle since since, unless the pool is closed or already holds as
// many idle children as it may run (one was started while retireIdle held c's place); false when
// it did not, for the caller to stop c. Under the lock, so that Close, which drains the pool after
// it is marked closed, never misses a child returned at the same moment.
func (d *Decoders) putIdle(c *decoderChild, since time.Time) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed {
		return false
	}
	c.idleSince = since
	select {
	case d.idle <- c:
		return true
	default:
		return false
	}
}

// decoderChild is one running child.
type decoderChild struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	enc    *gob.Encoder
	dec    *gob.Decoder
	stderr *tailWriter
	done   chan struct{} // closed once the child has been waited for
	items  int
	// idleSince is when it last went back to the pool.
	idleSince time.Time
}

func (d *Decoders) start() (*decoderChild, error) {
	cmd := exec.Command(d.limits.Command[0], d.limits.Command[1:]...)
	cmd.Env = append(childEnviron(), decoderChildEnv+"=1")
	dieWithParent(cmd)
	c := &decoderChild{cmd: cmd, stderr: &tailWriter{max: stderrKeep}, done: make(chan struct{})}
	cmd.Stderr = c.stderr
	var err error
	if c.stdin, err = cmd.StdinPipe(); err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting the decoder: %w", err)
	}
	go func() {
		_ = cmd.Wait()
		close(c.done)
	}()
	c.enc, c.dec = gob.NewEncoder(c.stdin), gob.NewDecoder(stdout)
	// The handshake: the child answers once libvips is loaded, so the memory it then holds is
	// its baseline and the limit counts from there.
	ready := make(chan error, 1)
	go func() {
		var hello decodeResponse
		err := c.dec.Decode(&hello)
		if err == nil && hello.Err != "" {
			err = errors.New(hello.Err) // libvips did not start
		}
		ready <- err
	}()
	select {
	case err = <-ready:
	case <-time.After(childStartTimeout):
		err = errors.New("no answer")
	}
	if err == nil {
		err = c.limitMemory(d.limits.Memory)
	}
	if err != nil {
		c.kill()
		c.stop()
		return nil, fmt.Errorf("starting the decoder: %w (%s)", err, c.stderr.String())
	}
	d.mu.Lock()
	d.started++
	d.mu.Unlock()
	return c, nil
}

// childEnviron is the part of this process's environment a decoder child gets: what libvips, glibc
// and the Go runtime read, not the database's address or any secret.
func childEnviron() []string {
	var env []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		switch {
		case name == "PATH", name == "HOME", name == "TMPDIR", name == "LANG", strings.HasPrefix(name, "LC_"),
			strings.HasPrefix(name, "VIPS_"), strings.HasPrefix(name, "MALLOC_"), strings.HasPrefix(name, "GO"):
			env = append(env, kv)
		}
	}
	return env
}

// limitMemory caps the child's address space at what it uses now plus extra.
func (c *decoderChild) limitMemory(extra int64) error {
	size, err := procStatusKB(c.cmd.Process.Pid, "VmSize")
	if err != nil {
		return err
	}
	limit := uint64(size*1024 + extra)
	return prlimit(c.cmd.Process.Pid, rlimitAS, limit, limit)
}

// limitCPU lets the child spend d more CPU time (from now) on the next item: RLIMIT_CPU counts
// a process's whole life, so the soft limit is moved on before each item. The child exits on
// SIGXCPU (see serveDecoder); the hard limit stays where it is, since raising it back needs
// privileges.
func (c *decoderChild) limitCPU(d time.Duration) error {
	used, err := procCPUTime(c.cmd.Process.Pid)
	if errors.Is(err, errors.ErrUnsupported) {
		return nil
	}
	if err != nil {
		return err
	}
	soft := uint64((used + d + time.Second - 1) / time.Second) // whole seconds, rounded up
	return prlimit(c.cmd.Process.Pid, rlimitCPU, soft, rlimInfinity)
}

func (c *decoderChild) exited() bool {
	select {
	case <-c.done:
		return true
	default:
		return false
	}
}

func (c *decoderChild) kill() { _ = c.cmd.Process.Kill() }

// stop closes the child's input (an idle child then exits) and waits for it, killing it when it
// does not go.
func (c *decoderChild) stop() {
	_ = c.stdin.Close()
	select {
	case <-c.done:
	case <-time.After(2 * time.Second):
		c.kill()
		<-c.done
	}
}

// death says why the child stopped answering, for the item's failure and the log.
func (c *decoderChild) death() string {
	select {
	case <-c.done:
	case <-time.After(5 * time.Second):
		c.kill()
		<-c.done
	}
	said := c.stderr.String()
	state := c.cmd.ProcessState
	if state == nil {
		return "it stopped answering"
	}
	ws, _ := state.Sys().(syscall.WaitStatus)
	switch {
	case ws.Signaled() && ws.Signal() == syscall.SIGXCPU, ws.Exited() && ws.ExitStatus() == exitCPULimit:
		return "it used more than its CPU time"
	case strings.Contains(said, "out of memory"), strings.Contains(said, "failed to allocate"), strings.Contains(said, "cannot allocate memory"):
		return "it ran out of memory"
	case ws.Signaled():
		return "it was killed by " + ws.Signal().String()
	case strings.Contains(said, "SIGSEGV"), strings.Contains(said, "unexpected signal"):
		return "it crashed (" + lastLine(said) + ")"
	}
	return fmt.Sprintf("it exited with status %d (%s)", ws.ExitStatus(), lastLine(said))
}

func lastLine(s string) string {
	for _, line := range strings.Split(strings.TrimSpace(s), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "goroutine ") {
			return truncate(line, 120)
		}
	}
	return "no message"
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

// tailWriter keeps the first max bytes written to it (a Go crash report starts with its reason).
type tailWriter struct {
	mu  sync.Mutex
	buf bytes.Buffer
	max int
}

func (t *tailWriter) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if room := t.max - t.buf.Len(); room > 0 {
		t.buf.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}

func (t *tailWriter) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.buf.String()
}

// maxDeclaredPixels is what refuseBomb lets through to a child, whatever the format: the child
// applies the finer limits (maxDecodePixels, maxJPEGPixels) after reading the header itself.
const maxDeclaredPixels = maxJPEGPixels

// refuseBomb refuses, without any decoder, an image whose header declares more pixels than any
// we decode: a PNG of 100,000 × 100,000 compresses to a few megabytes and would take tens of
// gigabytes to decode. PNG, GIF and WebP (VP8X) keep their size at fixed offsets of the first
// bytes; other formats are checked by the child before it decodes.
func refuseBomb(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("thumbnail: %w", err)
	}
	defer f.Close()
	head := make([]byte, 32)
	n, _ := io.ReadFull(f, head)
	w, h, ok := declaredSize(head[:n])
	if !ok {
		return nil
	}
	if w == 0 || h == 0 {
		return fmt.Errorf("thumbnail: %w", corrupt("the image has no pixels"))
	}
	return refuseHuge(int64(w)*int64(h), maxDeclaredPixels)
}

// declaredSize reads the width and height a PNG, GIF or WebP (VP8X) header declares.
func declaredSize(head []byte) (w, h uint64, ok bool) {
	switch {
	case len(head) >= 24 && bytes.HasPrefix(head, []byte("\x89PNG\r\n\x1a\n")) && string(head[12:16]) == "IHDR":
		return uint64(binary.BigEndian.Uint32(head[16:20])), uint64(binary.BigEndian.Uint32(head[20:24])), true
	case len(head) >= 10 && (bytes.HasPrefix(head, []byte("GIF87a")) || bytes.HasPrefix(head, []byte("GIF89a"))):
		return uint64(binary.LittleEndian.Uint16(head[6:8])), uint64(binary.LittleEndian.Uint16(head[8:10])), true
	case len(head) >= 30 && string(head[0:4]) == "RIFF" && string(head[8:16]) == "WEBPVP8X":
		le24 := func(b []byte) uint64 { return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 }
		return le24(head[24:27]) + 1, le24(head[27:30]) + 1, true
	}
	return 0, 0, false
}
