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

// yieldCPU lowers a just-started tool's priority to backgroundNice. The thread it sets is the
// tool's first, which starts every other (ffmpeg's codec threads start long after exec), so they
// inherit it.
func yieldCPU(pid int) error {
	return syscall.Setpriority(syscall.PRIO_PROCESS, pid, backgroundNice)
}
