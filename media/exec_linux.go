package media

import (
	"os/exec"
	"syscall"
)

// dieWithParent has the kernel kill the tool when the worker that started it dies, so a SIGKILLed
// worker leaves no ffmpeg running for half a minute beside the job's retry.
func dieWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
