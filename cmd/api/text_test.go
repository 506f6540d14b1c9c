package main

import (
	"bytes"
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestBadBytesAre400: NUL and other control characters, bytes that are not UTF-8, and line breaks
// in one-line fields are refused at the boundary with a message, on every kind of input (JSON,
// query, path, multipart), instead of reaching the database as a 500.
func TestBadBytesAre400(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	c, _ := s.registered(t, "ana@example.com")
	athlete := createAthlete(t, c)
	journal := fmt.Sprintf("/api/athletes/%d/journal", athlete)

	cases := []struct {
		name, method, path string
		body               any
		field, message     string
	}{
		{"NUL in a JSON title", "POST", journal, entryBody(map[string]any{"title": "a\u0000b"}), "title", "title contains characters that are not allowed"},
		{"NUL in JSON content", "POST", journal, entryBody(map[string]any{"content": "x\u0000"}), "content", "content contains characters that are not allowed"},
		{"escape character in a tag", "POST", journal, entryBody(map[string]any{"tags": []string{"a\u001bb"}}), "tags", "tags contains characters that are not allowed"},
		{"NUL in a query", "GET", journal + "?q=%00", nil, "", `The query parameter "q" contains characters that are not allowed`},
		{"not UTF-8 in a query", "GET", journal + "?q=%ff%fe", nil, "", `The query parameter "q" contains characters that are not allowed`},
		{"not UTF-8 in a tag filter", "GET", journal + "?tag=%c3", nil, "", `The query parameter "tag" contains characters that are not allowed`},
		{"NUL in a path", "GET", "/api/share/abcdefgh%00", nil, "", "The address contains characters that are not allowed"},
		{"line break in a first name", "PUT", "/api/user", map[string]string{"firstName": "Ana\r\nBcc: someone@example.com", "lastName": "Lee"}, "firstName", "First name must be on one line"},
		{"line break in an athlete's name", "PUT", fmt.Sprintf("/api/athletes/%d", athlete), athleteBody(map[string]any{"name": "Jordan\nLee"}), "name", "Full Name must be on one line"},
		{"line break in a title", "POST", journal, entryBody(map[string]any{"title": "Game\nday"}), "title", "Title must be on one line"},
	}
	for _, tc := range cases {
		res := c.do(tc.method, tc.path, tc.body)
		require.Equal(t, http.StatusBadRequest, res.status, "%s: %s", tc.name, res.body)
		if tc.field != "" {
			require.Equal(t, tc.message, res.fieldErrors(t)[tc.field], tc.name)
		} else {
			require.Equal(t, tc.message, res.message(t), tc.name)
		}
	}

	res := c.upload(fmt.Sprintf("/api/athletes/%d/media", athlete), map[string]string{"title": "Photo", "description": "bad \x00 byte"}, "p.png", bytes.NewReader(testPNG(t)))
	require.Equal(t, http.StatusBadRequest, res.status, string(res.body))
	require.Equal(t, "description contains characters that are not allowed", res.fieldErrors(t)["description"])
	require.Empty(t, s.storedFiles(t), "the refused upload leaves no file")

	// Long text keeps its newlines and tabs.
	res = c.do("POST", journal, entryBody(map[string]any{"content": "First inning:\n\tstrikeout.\r\nSecond: a walk."}))
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
}
