package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"
)

// JSON answers of 1 KB or more go gzipped to a client that takes it, and nothing else changes: a
// short answer, an error, a file (with its ranges) and a client that does not take gzip get the
// bytes as before.
func TestJSONAnswersAreGzipped(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	owner, _ := s.registered(t, "ana@example.com")
	athlete := createAthlete(t, owner)
	journal := fmt.Sprintf("/api/athletes/%d/journal", athlete)
	for i := range 6 {
		res := owner.do("POST", journal, map[string]any{"title": fmt.Sprintf("Game %d", i), "content": "Two hits and a walk; the coach moved her up in the order.", "date": "2026-05-09"})
		require.Equal(t, http.StatusCreated, res.status, string(res.body))
	}

	// The client names the encoding itself, so Go's transport hands over the bytes as sent.
	plain := owner.do("GET", journal, nil, "Accept-Encoding", "identity")
	require.Equal(t, http.StatusOK, plain.status)
	require.Empty(t, plain.header.Get("Content-Encoding"))
	require.Greater(t, len(plain.body), jsonGzipMinimum)

	zipped := owner.do("GET", journal, nil, "Accept-Encoding", "gzip, deflate, br")
	require.Equal(t, http.StatusOK, zipped.status)
	require.Equal(t, "gzip", zipped.header.Get("Content-Encoding"))
	require.Contains(t, zipped.header.Values("Vary"), "Accept-Encoding")
	require.Contains(t, zipped.header.Get("Content-Type"), "application/json")
	r, err := gzip.NewReader(bytes.NewReader(zipped.body))
	require.NoError(t, err)
	unzipped, err := io.ReadAll(r)
	require.NoError(t, err)
	require.JSONEq(t, string(plain.body), string(unzipped))
	require.Less(t, len(zipped.body), len(plain.body)/2)

	// Short, an error, no body: as they were.
	short := owner.do("GET", fmt.Sprintf("/api/athletes/%d/privacy-settings", athlete), nil, "Accept-Encoding", "gzip")
	require.Equal(t, http.StatusOK, short.status)
	require.Empty(t, short.header.Get("Content-Encoding"))
	require.True(t, json.Valid(short.body))
	missing := owner.do("GET", "/api/journal/999999/comments", nil, "Accept-Encoding", "gzip")
	require.Equal(t, http.StatusNotFound, missing.status)
	require.Equal(t, "Not found", missing.message(t))
	deleted := owner.do("DELETE", fmt.Sprintf("/api/journal/%d", int64(listOf(t, plain)[0]["id"].(float64))), nil, "Accept-Encoding", "gzip")
	require.Equal(t, http.StatusNoContent, deleted.status)
	require.Empty(t, deleted.body)

	// A file is sent as stored, its ranges too.
	photo := uploadPhoto(t, owner, athlete, testPNG(t))
	file := owner.do("GET", photo.MediaURL, nil, "Accept-Encoding", "gzip", "Range", "bytes=0-7")
	require.Equal(t, http.StatusPartialContent, file.status)
	require.Empty(t, file.header.Get("Content-Encoding"))
	require.Equal(t, []byte("\x89PNG\r\n\x1a\n"), file.body)
}
