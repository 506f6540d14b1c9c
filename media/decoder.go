package media

import (
	"bufio"
	"bytes"
	"context"
	"encoding/gob"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

// Any binary that links this package can be a decoder child: started with decoderChildEnv set
// (Decoders does that), it serves decode requests on its standard input and output and exits,
// before its own main or its tests run. So the worker needs no separate decoder binary, and a
// test binary of any package is its own child without a TestMain.
func init() {
	if os.Getenv(decoderChildEnv) == "1" {
		os.Exit(ServeDecoder())
	}
}

// ServeDecoder is a decoder child's whole life ("worker decode"): it answers decodeRequests from
// standard input on standard output until its input closes, and answers the exit status.
func ServeDecoder() int {
	// The protocol gets its own descriptor and standard output becomes standard error, so that
	// nothing a library prints can be taken for an answer.
	protocol, err := syscall.Dup(1)
	if err == nil {
		err = syscall.Dup2(2, 1)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "decoder:", err)
		return 1
	}
	out := bufio.NewWriter(os.NewFile(uintptr(protocol), "decoder-protocol"))
	enc, dec := gob.NewEncoder(out), gob.NewDecoder(bufio.NewReader(os.Stdin))

	// The parent moves the soft RLIMIT_CPU on before each item; Go ignores SIGXCPU unless asked,
	// so the child leaves with a status the parent recognises.
	xcpu := make(chan os.Signal, 1)
	signal.Notify(xcpu, syscall.SIGXCPU)
	go func() {
		<-xcpu
		fmt.Fprintln(os.Stderr, "decoder: CPU time limit reached")
		os.Exit(exitCPULimit)
	}()

	var hello decodeResponse
	if err := vipsReady(); err != nil {
		hello.Err = err.Error()
	}
	if err := enc.Encode(hello); err != nil || out.Flush() != nil {
		return 1
	}
	ctx := context.Background()
	for {
		var req decodeRequest
		if err := dec.Decode(&req); err != nil {
			if errors.Is(err, io.EOF) {
				return 0
			}
			fmt.Fprintln(os.Stderr, "decoder: reading a request:", err)
			return 1
		}
		var jpg bytes.Buffer
		var resp decodeResponse
		resp.Width, resp.Height, resp.Decoder, err = imageThumbnail(ctx, req.Path, req.MaxSide, &jpg, thumbnailOptions{goOnly: req.GoOnly, square: req.Square})
		if err != nil {
			resp = decodeResponse{Err: err.Error(), Corrupt: errors.Is(err, ErrCorrupt)}
			if resp.Corrupt {
				resp.Err = corruptReason(err)
			}
		} else {
			resp.JPEG = jpg.Bytes()
		}
		if err := enc.Encode(resp); err != nil || out.Flush() != nil {
			return 1
		}
		// After the answer, so the parent does not wait for it.
		releaseMemory()
	}
}

// corruptReason is the reason an ErrCorrupt carries (the text after the sentinel's own), so
// the parent wraps it again without repeating the sentinel's words.
func corruptReason(err error) string {
	msg := err.Error()
	marker := ErrCorrupt.Error() + ": "
	if _, reason, ok := strings.Cut(msg, marker); ok {
		return reason
	}
	return msg
}
