package main

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"mime"
	"net/textproto"
	"path/filepath"
)

// formReader reads a multipart/form-data body (RFC 7578) through one large buffer. It stands in
// for mime/multipart, whose parts are read through a 4 KiB buffer of its own: a 1 GiB upload came
// out in 262,144 pieces, each copied once more and scanned for the boundary on its own
// (docs/PERFORMANCE.md, "Upload throughput"). Here a file part comes out in pieces of up to the
// buffer's size, scanned once; media.Storage gathers them into its own large writes.
//
// It reads what browsers and curl send: CRLF line ends, parts with Content-Disposition form-data,
// an optional preamble, and transport padding after a boundary. It decodes no
// Content-Transfer-Encoding (RFC 7578 deprecates it and no browser sends it).
type formReader struct {
	br *bufio.Reader
	// dashBoundary opens a boundary line; delim ("\r\n" + dashBoundary) ends a part's content.
	dashBoundary, delim []byte
	part                *formPart
	done                bool
}

const (
	formBufferSize = 1 << 20
	// maxPartHeader bounds one part's header block (its lines are read from the buffer in place).
	maxPartHeader = 16 << 10
)

// errFormMalformed is what a body that is not well-formed multipart answers, for a 400.
var errFormMalformed = errors.New("malformed multipart body")

func newFormReader(r io.Reader, boundary string) *formReader {
	dash := []byte("--" + boundary)
	return &formReader{br: bufio.NewReaderSize(r, formBufferSize), dashBoundary: dash, delim: append([]byte("\r\n"), dash...)}
}

// formPart is one part: its form field name and, for a file, the name the browser gave it.
type formPart struct {
	r              *formReader
	name, fileName string
	eof            bool
}

// NextPart skips whatever is left of the current part and answers the next one; io.EOF after the
// closing boundary. Any other error is a read error of the body (a cut-off connection, the size
// limit) or errFormMalformed.
func (r *formReader) NextPart() (*formPart, error) {
	if r.done {
		return nil, io.EOF
	}
	if r.part == nil {
		if err := r.skipPreamble(); err != nil {
			return nil, err
		}
	} else {
		if _, err := io.Copy(io.Discard, r.part); err != nil {
			return nil, err
		}
		// The part's content stopped right before "\r\n--boundary": the line after the CRLF is
		// the boundary, closed by "--" after the last part.
		if _, err := r.br.Discard(2); err != nil {
			return nil, unexpectedEOF(err)
		}
		line, err := r.readLine()
		if err != nil {
			return nil, err
		}
		rest := bytes.TrimPrefix(line, r.dashBoundary)
		if bytes.HasPrefix(rest, []byte("--")) {
			r.done = true
			return nil, io.EOF
		}
		if len(bytes.Trim(rest, " \t")) != 0 {
			return nil, errFormMalformed
		}
	}
	part, err := r.readPartHeader()
	if err != nil {
		return nil, err
	}
	r.part = part
	return part, nil
}

// skipPreamble reads up to and including the first boundary line.
func (r *formReader) skipPreamble() error {
	for {
		line, err := r.readLine()
		if err != nil {
			return err
		}
		if rest, ok := bytes.CutPrefix(line, r.dashBoundary); ok {
			if bytes.HasPrefix(rest, []byte("--")) { // a closing boundary first: a form without parts
				r.done = true
				return io.EOF
			}
			if len(bytes.Trim(rest, " \t")) == 0 {
				return nil
			}
		}
	}
}

// readLine answers the next line without its CRLF, in place in the buffer (valid until the next
// read); a line longer than the buffer is malformed.
func (r *formReader) readLine() ([]byte, error) {
	line, err := r.br.ReadSlice('\n')
	if errors.Is(err, bufio.ErrBufferFull) {
		return nil, errFormMalformed
	}
	if err != nil {
		return nil, unexpectedEOF(err)
	}
	return bytes.TrimSuffix(bytes.TrimSuffix(line, []byte("\n")), []byte("\r")), nil
}

// readPartHeader reads a part's header lines up to the blank line and keeps what the upload needs.
func (r *formReader) readPartHeader() (*formPart, error) {
	header := textproto.MIMEHeader{}
	size := 0
	for {
		line, err := r.readLine()
		if err != nil {
			return nil, err
		}
		if size += len(line); size > maxPartHeader {
			return nil, errFormMalformed
		}
		if len(line) == 0 {
			break
		}
		key, value, ok := bytes.Cut(line, []byte(":"))
		if !ok {
			return nil, errFormMalformed
		}
		header.Add(textproto.CanonicalMIMEHeaderKey(string(bytes.TrimSpace(key))), string(bytes.TrimSpace(value)))
	}
	disposition, params, err := mime.ParseMediaType(header.Get("Content-Disposition"))
	if err != nil || disposition != "form-data" {
		return nil, errFormMalformed
	}
	part := &formPart{r: r, name: params["name"]}
	if name, ok := params["filename"]; ok {
		part.fileName = filepath.Base(name)
	}
	return part, nil
}

// Read answers the part's content up to the next boundary, as much as the buffer holds at once.
func (p *formPart) Read(b []byte) (int, error) {
	if p.eof {
		return 0, io.EOF
	}
	br, delim := p.r.br, p.r.delim
	for {
		peek, _ := br.Peek(br.Buffered())
		// Only a boundary starting within the len(b) bytes this Read can hand out matters: a
		// caller reading in small pieces (io.Copy's 32 KiB) must not have the whole buffer
		// scanned again for each of them.
		window := peek
		if w := len(b) + len(delim) - 1; w < len(window) {
			window = window[:w]
		}
		if i := bytes.Index(window, delim); i >= 0 {
			if i == 0 {
				p.eof = true
				return 0, io.EOF
			}
			n := copy(b, peek[:i])
			_, _ = br.Discard(n)
			return n, nil
		}
		if len(window) < len(peek) { // no boundary starts in the first len(b) bytes
			n := copy(b, peek)
			_, _ = br.Discard(n)
			return n, nil
		}
		// No boundary in the buffer: everything but a boundary's possible beginning at its end is content.
		if safe := len(peek) - len(delim) + 1; safe > 0 {
			n := copy(b, peek[:safe])
			_, _ = br.Discard(n)
			return n, nil
		}
		if _, err := br.Peek(len(peek) + 1); err != nil && !errors.Is(err, bufio.ErrBufferFull) {
			return 0, unexpectedEOF(err) // the body ended (or failed) before the part did
		}
	}
}

// unexpectedEOF turns a clean end of the body where more was due into io.ErrUnexpectedEOF.
func unexpectedEOF(err error) error {
	if errors.Is(err, io.EOF) {
		return io.ErrUnexpectedEOF
	}
	return err
}
