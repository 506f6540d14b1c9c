package media

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"time"
)

// The external programs, by name (looked up in PATH) or path. They are variables so a
// deployment can point at its own builds and a test at a missing one; set them before use.
var (
	FFmpegPath   = "ffmpeg"
	FFprobePath  = "ffprobe"
	PDFToPPMPath = "pdftoppm"
)

// ErrToolMissing says an external program (ffmpeg, ffprobe, pdftoppm) is not installed: the
// machine's fault, not the file's. The worker may store a PDF without a preview, for example.
var ErrToolMissing = errors.New("media: tool not installed")

// ErrCorrupt wraps failures caused by the input (unreadable, truncated, not what it claims) as
// opposed to the environment, so the worker marks the item failed instead of retrying. The
// message ends with a short reason, usually the tool's last line of complaint, after ": ".
var ErrCorrupt = errors.New("media: corrupt or unreadable file")

const (
	// stderrKeep bounds what is kept of a tool's complaints: the tail, where the reason is.
	stderrKeep = 16 << 10
	// stdoutLimit bounds what is read from a tool's standard output (ffprobe's JSON, a small
	// decoded image); a tool that says more is stopped.
	stdoutLimit = 64 << 20
	// maxReason keeps a failure's reason short enough for the UI.
	maxReason = 160
	// waitDelay is how long a cancelled tool gets to close its pipes before they are closed
	// for it.
	waitDelay = 5 * time.Second
)

// InBackground marks the tool runs started under ctx as work nobody is watching yet: a rendition made
// while the family already sees the poster, a loudness only a reel will read. They run at a lower
// priority (backgroundNice), so the runs someone waits for (the poster beside that rendition,
// another family's thumbnails) get the cores first; on an idle machine they take as long as ever.
func InBackground(ctx context.Context) context.Context {
	return context.WithValue(ctx, backgroundKey{}, true)
}

type backgroundKey struct{}

// backgroundNice is a background tool's nice value: on a busy core Linux gives a run at 0 about nine
// times the time of one at 10.
const backgroundNice = 10

// corrupt wraps ErrCorrupt with a short reason.
func corrupt(reason string) error {
	return fmt.Errorf("%w: %s", ErrCorrupt, reason)
}

// runTool runs one external program with args, writing its standard output to stdout (nil
// discards it) and keeping the tail of its standard error. The process is killed when ctx
// ends. input is the path of the file being worked on, left out of reasons shown to users.
func runTool(ctx context.Context, bin string, args []string, stdout io.Writer, input string) error {
	_, err := runToolStderr(ctx, bin, args, stdout, input)
	return err
}

// runToolStderr is runTool answering also what the tool said on stderr (its tail), for a
// caller to whom any complaint matters even when the tool succeeded.
func runToolStderr(ctx context.Context, bin string, args []string, stdout io.Writer, input string) (string, error) {
	path, err := exec.LookPath(bin)
	if err != nil {
		return "", fmt.Errorf("%w: %s: %v", ErrToolMissing, bin, err)
	}
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.WaitDelay = waitDelay
	dieWithParent(cmd)
	stderr := &tailBuffer{max: stderrKeep}
	cmd.Stderr = stderr
	limited := &limitedWriter{w: stdout, n: stdoutLimit}
	if stdout != nil {
		cmd.Stdout = limited
	}
	if err = cmd.Start(); err == nil {
		if background, _ := ctx.Value(backgroundKey{}).(bool); background {
			// A tool that could not be lowered (it has already exited) runs as it would have.
			_ = yieldCPU(cmd.Process.Pid)
		}
		err = cmd.Wait()
	}
	switch {
	case err == nil:
		return stderr.String(), nil
	case limited.exceeded && ctx.Err() == nil:
		// Only a pathological file makes ffprobe describe more than stdoutLimit.
		return stderr.String(), corrupt(fmt.Sprintf("%s said more than %d MB", toolName(bin), stdoutLimit>>20))
	}
	return stderr.String(), classify(ctx, bin, err, stderr.String(), input)
}

// classify turns a tool's failure into an error that tells the worker what to do: the
// context's error when it was cancelled, a plain error for the environment's faults (which a
// retry may cure), and ErrCorrupt for everything the file itself caused.
func classify(ctx context.Context, bin string, err error, stderr, input string) error {
	if ctxErr := ctx.Err(); ctxErr != nil {
		return fmt.Errorf("%s: %w", bin, ctxErr)
	}
	reason := shortReason(stderr, input)
	var exitErr *exec.ExitError
	if !errors.As(err, &exitErr) {
		// It did not start or its output could not be written: not the file's fault.
		return fmt.Errorf("running %s: %w", bin, err)
	}
	if ws, ok := exitErr.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		// Killed from outside (the OOM killer, a shutdown): the machine's doing.
		return fmt.Errorf("%s killed by %v: %s", bin, ws.Signal(), reason)
	}
	if code, ok := environmentExit[toolName(bin)]; environmentFault(stderr) || (ok && code == exitErr.ExitCode()) {
		return fmt.Errorf("%s failed: %s", bin, reason)
	}
	if reason == "" {
		reason = fmt.Sprintf("%s exited with status %d", toolName(bin), exitErr.ExitCode())
	}
	return corrupt(reason)
}

// environmentExit is the exit status by which a tool says the fault was not the input's:
// pdftoppm exits 2 when it cannot write its output.
var environmentExit = map[string]int{"pdftoppm": 2}

// environmentFaults are complaints about the machine rather than the file.
var environmentFaults = []string{
	"No space left on device",
	"Cannot allocate memory",
	"Permission denied",
	"No such file or directory",
	"Too many open files",
	"Resource temporarily unavailable",
	"Read-only file system",
	"Disk quota exceeded",
	"Input/output error",
}

func environmentFault(stderr string) bool {
	for _, s := range environmentFaults {
		if strings.Contains(stderr, s) {
			return true
		}
	}
	return false
}

// logPrefix is ffmpeg's "[mov,mp4,m4a,3gp,3g2,mj2 @ 0x55d5c0c0] " component tag.
var logPrefix = regexp.MustCompile(`^\[[^\]]* @ 0x[0-9a-f]+\] `)

// shortReason picks the last non-empty line of a tool's stderr, without ffmpeg's component tag
// or the server-side path of the input, cut to maxReason bytes.
func shortReason(stderr, input string) string {
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	line := ""
	for i := len(lines) - 1; i >= 0; i-- {
		if l := strings.TrimSpace(lines[i]); l != "" {
			line = l
			break
		}
	}
	line = logPrefix.ReplaceAllString(line, "")
	if input != "" {
		line = strings.ReplaceAll(line, "file:"+input+": ", "")
		line = strings.ReplaceAll(line, input+": ", "")
		line = strings.ReplaceAll(line, input, "input")
	}
	line = strings.TrimSpace(line)
	if len(line) > maxReason {
		cut := maxReason
		for cut > 0 && line[cut]&0xC0 == 0x80 { // do not split a UTF-8 sequence
			cut--
		}
		line = line[:cut] + "…"
	}
	return line
}

func toolName(bin string) string {
	if i := strings.LastIndexByte(bin, '/'); i >= 0 {
		return bin[i+1:]
	}
	return bin
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	buf []byte
	max int
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	n := len(p)
	if len(p) >= t.max {
		t.buf = append(t.buf[:0], p[len(p)-t.max:]...)
		return n, nil
	}
	if over := len(t.buf) + len(p) - t.max; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	t.buf = append(t.buf, p...)
	return n, nil
}

func (t *tailBuffer) String() string { return string(t.buf) }

// errOutputTooLarge stops a tool whose standard output passes stdoutLimit.
var errOutputTooLarge = errors.New("tool output too large")

type limitedWriter struct {
	w        io.Writer
	n        int64
	exceeded bool
}

func (l *limitedWriter) Write(p []byte) (int, error) {
	if int64(len(p)) > l.n {
		l.exceeded = true
		return 0, errOutputTooLarge
	}
	n, err := l.w.Write(p)
	l.n -= int64(n)
	return n, err
}

// runOutput runs a tool and answers its standard output.
func runOutput(ctx context.Context, bin string, args []string, input string) ([]byte, error) {
	var out bytes.Buffer
	err := runTool(ctx, bin, args, &out, input)
	return out.Bytes(), err
}
