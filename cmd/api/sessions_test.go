package main

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"legacylocker/cmd/internal/observe"
	"legacylocker/store/storetest"
)

// queryLog is a pgx tracer that remembers, per request id, the names of the sqlc queries the api
// sent while serving that request.
type queryLog struct {
	mu      sync.Mutex
	queries map[string][]string
}

var queryName = regexp.MustCompile(`^-- name: (\w+)`)

func (l *queryLog) TraceQueryStart(ctx context.Context, _ *pgx.Conn, data pgx.TraceQueryStartData) context.Context {
	if id := observe.RequestID(ctx); id != "" {
		name := data.SQL
		if m := queryName.FindStringSubmatch(data.SQL); m != nil {
			name = m[1]
		}
		l.mu.Lock()
		l.queries[id] = append(l.queries[id], name)
		l.mu.Unlock()
	}
	return ctx
}

func (*queryLog) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

func (l *queryLog) of(requestID string) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.queries[requestID]
}

// A signed-in request reads its session and its user in one query, and an athlete's route adds
// only the caller's access to the athlete before its own work (issue 25: these were three round
// trips one after the other).
func TestSignedInRequestReadsSessionAndUserInOneQuery(t *testing.T) {
	t.Parallel()
	log := &queryLog{queries: map[string][]string{}}
	config, err := pgxpool.ParseConfig(storetest.NewDatabase(t))
	require.NoError(t, err)
	config.ConnConfig.Tracer = log
	pool, err := pgxpool.NewWithConfig(context.Background(), config)
	require.NoError(t, err)
	t.Cleanup(pool.Close)
	s := newTestServerOn(t, pool)
	c, _ := s.registered(t, "ana@example.com")
	athlete := createAthlete(t, c)

	require.Equal(t, http.StatusOK, c.do("GET", "/api/user", nil, observe.RequestIDHeader, "user").status)
	require.Equal(t, []string{"SessionFindSignedIn"}, log.of("user"))

	// The athlete's privacy settings are its row: BenchmarkMediaLibrary's any-request.
	path := fmt.Sprintf("/api/athletes/%d/privacy-settings", athlete)
	require.Equal(t, http.StatusOK, c.do("GET", path, nil, observe.RequestIDHeader, "athlete").status)
	require.Equal(t, []string{"SessionFindSignedInOnAthlete", "AthleteGetByID"}, log.of("athlete"),
		"on an athlete's route the access is read with the session")

	// The same for everyone the access rules tell apart: the access read with the session is theirs.
	viewer, _ := s.member(t, athlete, "viewer@example.com", "viewer", "grandparent")
	everyFamily := map[string]string{"journal": "family", "media": "family", "stats": "family", "milestones": "family", "recruiting": "family"}
	stranger, _ := s.registered(t, "stranger@example.com")
	for _, tc := range []struct {
		who    *client
		name   string
		status int
	}{{c, "owner", http.StatusOK}, {viewer, "viewer", http.StatusForbidden}, {stranger, "stranger", http.StatusNotFound}} {
		res := tc.who.do("PUT", path, everyFamily, observe.RequestIDHeader, "put-"+tc.name)
		require.Equal(t, tc.status, res.status, "%s: %s", tc.name, res.body)
		require.Equal(t, "SessionFindSignedInOnAthlete", log.of("put-" + tc.name)[0])
		require.NotContains(t, log.of("put-"+tc.name), "AccessLookup", tc.name)
	}

	// A record's route learns its athlete from the record: the access is its own query there.
	res := c.do("POST", fmt.Sprintf("/api/athletes/%d/milestones", athlete), map[string]string{"title": "First hit", "date": "2026-05-01"})
	require.Equal(t, http.StatusCreated, res.status, string(res.body))
	milestone := int64(res.json(t)["id"].(float64))
	res = c.do("PUT", fmt.Sprintf("/api/milestones/%d", milestone), map[string]string{"title": "First home run", "date": "2026-05-01"}, observe.RequestIDHeader, "record")
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	require.Equal(t, "SessionFindSignedIn", log.of("record")[0])
	require.Contains(t, log.of("record"), "AccessLookup")
}

// The session's user_id column only spares a query: the session's own data names its account, and
// the expiry, a password change since sign-in and a deleted account end a session as they did.
func TestSessionUserColumnNeverOutranksTheSession(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	ctx := context.Background()
	other, otherID := s.registered(t, "other@example.com")
	othersAthlete := createAthlete(t, other)
	exec := func(sql string, args ...any) {
		t.Helper()
		_, err := s.pool.Exec(ctx, sql, args...)
		require.NoError(t, err)
	}
	signedIn := func(email string) (*client, string, int64) {
		t.Helper()
		c, id := s.registered(t, email)
		return c, s.sessionCookie(c).Value, id
	}
	sessionRows := func(token string) int {
		t.Helper()
		var n int
		require.NoError(t, s.pool.QueryRow(ctx, "SELECT count(*) FROM sessions WHERE token = $1", token).Scan(&n))
		return n
	}
	userOf := func(c *client) any {
		t.Helper()
		res := c.do("GET", "/api/user", nil)
		require.Equal(t, http.StatusOK, res.status, string(res.body))
		return res.json(t)["email"]
	}

	c, token, id := signedIn("ana@example.com")
	var column *int64
	require.NoError(t, s.pool.QueryRow(ctx, "SELECT user_id FROM sessions WHERE token = $1", token).Scan(&column))
	require.Equal(t, &id, column, "signing in records the account beside the session")

	// A session saved before the column existed is read alone and its account looked up.
	exec("UPDATE sessions SET user_id = NULL WHERE token = $1", token)
	require.Equal(t, "ana@example.com", userOf(c))
	// A column naming another account is not believed, nor that account's access to its athlete,
	// read with the session on the athlete's route.
	exec("UPDATE sessions SET user_id = $1 WHERE token = $2", otherID, token)
	require.Equal(t, "ana@example.com", userOf(c))
	require.Equal(t, http.StatusNotFound, c.do("GET", fmt.Sprintf("/api/athletes/%d/media", othersAthlete), nil).status)
	require.Equal(t, http.StatusOK, other.do("GET", fmt.Sprintf("/api/athletes/%d/media", othersAthlete), nil).status)

	// Expired.
	exec("UPDATE sessions SET expiry = now() - interval '1 second' WHERE token = $1", token)
	require.Equal(t, http.StatusUnauthorized, c.do("GET", "/api/user", nil).status)

	// Ended by a password change (another device's): forgotten on the way.
	c, token, id = signedIn("bo@example.com")
	exec("UPDATE users SET session_version = session_version + 1 WHERE id = $1", id)
	require.Equal(t, http.StatusUnauthorized, c.do("GET", "/api/user", nil).status)
	require.Zero(t, sessionRows(token))

	// The account is gone: forgotten on the way.
	c, token, id = signedIn("cy@example.com")
	exec("DELETE FROM users WHERE id = $1", id)
	require.Equal(t, http.StatusUnauthorized, c.do("GET", "/api/user", nil).status)
	require.Zero(t, sessionRows(token))
}

// The codec remembers what it decoded, and answers each caller a session of its own: scs writes to
// the map it is given.
func TestSessionCodecAnswersACopyOfWhatItRemembers(t *testing.T) {
	t.Parallel()
	codec := newSessionCodec()
	deadline := time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC)
	b, err := codec.Encode(deadline, map[string]any{sessionUserIDKey: int64(7), sessionVersionKey: 2})
	require.NoError(t, err)

	gotDeadline, first, err := codec.Decode(b)
	require.NoError(t, err)
	require.True(t, deadline.Equal(gotDeadline))
	require.Equal(t, map[string]any{sessionUserIDKey: int64(7), sessionVersionKey: 2}, first)
	first[sessionUserIDKey] = int64(8)

	_, second, err := codec.Decode(b)
	require.NoError(t, err)
	require.Equal(t, int64(7), second[sessionUserIDKey], "a change to one answer is not remembered")
	require.Len(t, codec.decoded, 1)

	_, _, err = codec.Decode([]byte("not a session"))
	require.Error(t, err)
	require.Len(t, codec.decoded, 1, "what does not decode is not remembered")
}
