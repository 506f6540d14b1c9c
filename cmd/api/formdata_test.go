package main

import (
	"bytes"
	"errors"
	"io"
	"mime/multipart"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/require"
)

// readForm reads every part of body with formReader: field name → content.
func readForm(t *testing.T, body io.Reader, boundary string) (map[string]string, map[string]string, error) {
	return readFormInPieces(t, body, boundary, 0)
}

// readFormInPieces is readForm reading each part piece bytes at a time (0: as io.ReadAll does).
func readFormInPieces(t *testing.T, body io.Reader, boundary string, piece int) (map[string]string, map[string]string, error) {
	t.Helper()
	r := newFormReader(body, boundary)
	values, files := map[string]string{}, map[string]string{}
	for {
		part, err := r.NextPart()
		if errors.Is(err, io.EOF) {
			return values, files, nil
		}
		if err != nil {
			return values, files, err
		}
		var b []byte
		if piece > 0 {
			var content bytes.Buffer
			_, err = io.CopyBuffer(struct{ io.Writer }{&content}, part, make([]byte, piece))
			b = content.Bytes()
		} else {
			b, err = io.ReadAll(part)
		}
		if err != nil {
			return values, files, err
		}
		values[part.name] = string(b)
		if part.fileName != "" {
			files[part.name] = part.fileName
		}
	}
}

// TestFormReaderReadsWhatMultipartWrites: the body mime/multipart's writer makes (as Go clients,
// curl and browsers send it) comes back part by part, also read a byte at a time, with content that
// looks like a boundary without being one, and with boundary-sized content at every offset.
func TestFormReaderReadsWhatMultipartWrites(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	tricky := "line\r\n--" + mw.Boundary()[:10] + "\r\n--\r\n\r\n-" // a boundary's start, never the whole
	big := strings.Repeat("0123456789abcdef\r\n", 200_000)          // larger than the buffer
	fw, err := mw.CreateFormFile("file", "photos/game.jpg")
	require.NoError(t, err)
	_, _ = fw.Write([]byte(big + tricky))
	require.NoError(t, mw.WriteField("title", "Opening pitch"))
	require.NoError(t, mw.WriteField("empty", ""))
	require.NoError(t, mw.WriteField("tags", tricky))
	require.NoError(t, mw.Close())
	body := "preamble to skip\r\n" + buf.String()

	for name, r := range map[string]io.Reader{
		"whole":    strings.NewReader(body),
		"bytewise": iotest.OneByteReader(strings.NewReader(body)),
		"halves":   iotest.HalfReader(strings.NewReader(body)),
	} {
		values, files, err := readForm(t, r, mw.Boundary())
		require.NoError(t, err, name)
		require.Equal(t, map[string]string{"file": big + tricky, "title": "Opening pitch", "empty": "", "tags": tricky}, values, name)
		require.Equal(t, map[string]string{"file": "game.jpg"}, files, name)
	}
	// A reader of the parts taking small pieces sees the same, a boundary's start at every offset of them.
	for _, piece := range []int{1, 7, 32 << 10} {
		values, _, err := readFormInPieces(t, strings.NewReader(body), mw.Boundary(), piece)
		require.NoError(t, err, "pieces of %d", piece)
		require.Equal(t, map[string]string{"file": big + tricky, "title": "Opening pitch", "empty": "", "tags": tricky}, values, "pieces of %d", piece)
	}
}

// TestFormReaderRefusesBrokenBodies: a body cut off anywhere, or not multipart at all, is an error,
// never a short file taken as whole.
func TestFormReaderRefusesBrokenBodies(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	fw, _ := mw.CreateFormFile("file", "a.jpg")
	_, _ = fw.Write(bytes.Repeat([]byte{0xff}, 5000))
	_ = mw.WriteField("title", "T")
	_ = mw.Close()
	whole := buf.Bytes()
	for cut := 0; cut < len(whole)-4; cut += 97 { // "--\r\n" at the very end may go: the parts are complete
		_, _, err := readForm(t, bytes.NewReader(whole[:cut]), mw.Boundary())
		require.ErrorIs(t, err, io.ErrUnexpectedEOF, "cut at %d", cut)
	}
	_, _, err := readForm(t, strings.NewReader("--b\r\nContent-Disposition: attachment\r\n\r\nx\r\n--b--\r\n"), "b")
	require.ErrorIs(t, err, errFormMalformed)
	_, _, err = readForm(t, strings.NewReader("--b\r\nno colon here\r\n\r\nx\r\n--b--\r\n"), "b")
	require.ErrorIs(t, err, errFormMalformed)
	_, _, err = readForm(t, strings.NewReader("--b\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nx\r\n--bogus\r\n"), "b")
	require.ErrorIs(t, err, errFormMalformed)
	values, _, err := readForm(t, strings.NewReader("--b--\r\n"), "b")
	require.NoError(t, err)
	require.Empty(t, values)
}
