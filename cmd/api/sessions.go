package main

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/alexedwards/scs/pgxstore"
	"github.com/alexedwards/scs/v2"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"legacylocker/jobs"
	"legacylocker/store"
)

const (
	sessionUserIDKey  = jobs.SessionUserIDKey
	sessionVersionKey = "sessionVersion"
)

// newSessionManager keeps sessions in Postgres, so any api process can serve any request.
func newSessionManager(cfg config, pool *pgxpool.Pool) *scs.SessionManager {
	sessions := scs.New()
	sessions.Codec = newSessionCodec()
	sessions.Store = &sessionStore{
		PostgresStore: pgxstore.NewWithCleanupInterval(pool, cfg.sessionCleanup),
		pool:          pool,
		codec:         sessions.Codec,
	}
	sessions.Lifetime = cfg.sessionLife
	sessions.Cookie.Name = "session"
	sessions.Cookie.HttpOnly = true
	sessions.Cookie.SameSite = http.SameSiteLaxMode
	sessions.Cookie.Path = "/"
	if cfg.cookieSecure {
		// The __Host- prefix makes the browser refuse the cookie unless it is Secure, host-only
		// and scoped to /, so a sibling subdomain cannot plant or read it.
		sessions.Cookie.Name = "__Host-session"
		sessions.Cookie.Secure = true
	}
	return sessions
}

// sessionCodec is scs's gob codec remembering what it decoded. gob compiles a decoder for the
// session's types on every Decode, a hundred allocations and about a tenth of a signed-in request's
// CPU (docs/PERFORMANCE.md), while a session's bytes change only when it is saved: at sign-in. The
// same bytes decode to the same session, so a session seen before is answered from memory, as a
// copy (scs changes the map it is given). The values are scalars (ids, versions, a string).
type sessionCodec struct {
	scs.GobCodec
	mu      sync.Mutex
	decoded map[string]decodedSession
}

type decodedSession struct {
	deadline time.Time
	values   map[string]any
}

// sessionCodecMemory bounds the sessions remembered; past it they are forgotten all at once, which
// costs one gob decode each for those still in use.
const sessionCodecMemory = 10_000

func newSessionCodec() *sessionCodec {
	return &sessionCodec{decoded: map[string]decodedSession{}}
}

func (sc *sessionCodec) Decode(b []byte) (time.Time, map[string]any, error) {
	sc.mu.Lock()
	d, ok := sc.decoded[string(b)]
	sc.mu.Unlock()
	if !ok {
		deadline, values, err := sc.GobCodec.Decode(b)
		if err != nil {
			return deadline, values, err
		}
		d = decodedSession{deadline: deadline, values: values}
		sc.mu.Lock()
		if len(sc.decoded) >= sessionCodecMemory {
			clear(sc.decoded)
		}
		sc.decoded[string(b)] = d
		sc.mu.Unlock()
	}
	return d.deadline, maps.Clone(d.values), nil
}

// sessionStore is scs's pgxstore (which still deletes sessions and sweeps the expired ones) with
// one change: a session's row keeps the account it is signed in to in user_id (migration 00040), so
// finding a session reads that account in the same query. Every signed-in request needs its session
// and then its user; read one after the other they were two round trips to Postgres before the
// route's own work (docs/PERFORMANCE.md, issue 25). The user found goes to sessionUser through the
// request's context (loadSession), and sessionUser still holds it to everything it held the user it
// looked up to: it must be the account the session's data names, at the session's version.
//
// Why a column and a join rather than pipelining: the account's id is inside scs's encoded data,
// which SQL cannot read, so without the column the user's query cannot be sent until the session's
// answer has come back. On an athlete's own routes (/api/athletes/{id}/…, the lists of a library
// that grows for years) the athlete is in the path, so the same query also reads the account's
// access to it (athlete_access), which app.allow then takes instead of asking again. Elsewhere the
// athlete is known only once the route's record is loaded, and the access is its own query. So a
// signed-in request makes one round trip before its own work, and a record's route two.
type sessionStore struct {
	*pgxstore.PostgresStore
	pool  *pgxpool.Pool
	codec scs.Codec
}

// FindCtx answers the session's data and leaves its account, if it has one, for sessionUser. A
// session saved before user_id existed, or whose account is gone, is read alone: sessionUser then
// looks the account up (and forgets the session when there is none), as it always did.
func (st *sessionStore) FindCtx(ctx context.Context, token string) ([]byte, bool, error) {
	found, _ := ctx.Value(sessionUserFoundKey{}).(*sessionUserFound)
	var data []byte
	var err error
	if found != nil && found.athleteID != 0 {
		var row store.SessionFindSignedInOnAthleteRow
		row, err = store.Q.SessionFindSignedInOnAthlete(ctx, st.pool, store.SessionFindSignedInOnAthleteParams{Token: token, AthleteID: found.athleteID})
		if err == nil {
			data = row.Data
			found.user, found.ok = row.User, true
			found.access, found.accessUserID, found.accessOK = accessOfSessionRow(row), row.User.ID, true
		}
	} else {
		var row store.SessionFindSignedInRow
		row, err = store.Q.SessionFindSignedIn(ctx, st.pool, token)
		if err == nil {
			data = row.Data
			if found != nil {
				found.user, found.ok = row.User, true
			}
		}
	}
	if err == nil {
		return data, true, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return nil, false, fmt.Errorf("finding session: %w", err)
	}
	data, err = store.Q.SessionFind(ctx, st.pool, token)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("finding session: %w", err)
	}
	return data, true, nil
}

// CommitCtx saves the session with the account its data names (scs hands the store only the
// encoded data, so it is decoded here; sessions are saved only when they change, at sign-in).
func (st *sessionStore) CommitCtx(ctx context.Context, token string, data []byte, expiry time.Time) error {
	_, values, err := st.codec.Decode(data)
	if err != nil {
		return fmt.Errorf("reading session to save: %w", err)
	}
	var userID *int64
	if id, ok := values[sessionUserIDKey].(int64); ok && id != 0 {
		userID = &id
	}
	err = store.Q.SessionCommit(ctx, st.pool, store.SessionCommitParams{Token: token, Data: data, Expiry: expiry, UserID: userID})
	if err != nil {
		return fmt.Errorf("saving session: %w", err)
	}
	return nil
}

// Find and Commit are the same for callers without a context, so pgxstore's own (which know
// nothing of user_id) are never used.
func (st *sessionStore) Find(token string) ([]byte, bool, error) {
	return st.FindCtx(context.Background(), token)
}

func (st *sessionStore) Commit(token string, data []byte, expiry time.Time) error {
	return st.CommitCtx(context.Background(), token, data, expiry)
}

// sessionUserFound is where sessionStore leaves the account it read with the request's session,
// and, when the path names an athlete (athleteID), that account's access to it.
type sessionUserFound struct {
	user store.User
	ok   bool

	athleteID    int64
	access       store.Access
	accessUserID int64
	accessOK     bool
}

// accessOfSessionRow is store.AccessFor's answer from the access columns the session's query read:
// no row (all NULL) is no access, as AccessFor answers for a stranger.
func accessOfSessionRow(row store.SessionFindSignedInOnAthleteRow) store.Access {
	if row.OwnerID == nil {
		return store.Access{Role: store.RoleNone}
	}
	return store.AccessFromLookup(row.User.ID, store.AccessLookupRow{
		OwnerID: *row.OwnerID, PrivacyJournal: *row.PrivacyJournal, PrivacyMedia: *row.PrivacyMedia,
		PrivacyStats: *row.PrivacyStats, PrivacyMilestones: *row.PrivacyMilestones,
		PrivacyRecruiting: *row.PrivacyRecruiting, MemberID: row.MemberID, AccessLevel: row.AccessLevel,
		Relationship: row.Relationship, SharedSections: row.SharedSections,
	})
}

// athleteOfPath is the athlete an /api/athletes/{id}/… path names, or 0.
func athleteOfPath(path string) int64 {
	rest, ok := strings.CutPrefix(path, "/api/athletes/")
	if !ok {
		return 0
	}
	idText, _, _ := strings.Cut(rest, "/")
	id, err := strconv.ParseInt(idText, 10, 64)
	if err != nil || id <= 0 {
		return 0
	}
	return id
}

type sessionUserFoundKey struct{}

// loadSession is scs's LoadAndSave with room in the request's context for the account the session
// store reads with the session.
func (app *application) loadSession(next http.Handler) http.Handler {
	load := app.sessions.LoadAndSave(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := context.WithValue(r.Context(), sessionUserFoundKey{}, &sessionUserFound{athleteID: athleteOfPath(r.URL.Path)})
		load.ServeHTTP(w, r.WithContext(ctx))
	})
}

// userFoundWithSession takes the account sessionStore read with the session, when it is the
// account id. It answers it once: a second question in the same request (after a sign-in, say)
// is not answered from what was read before.
func userFoundWithSession(ctx context.Context, id int64) (store.User, bool) {
	found, ok := ctx.Value(sessionUserFoundKey{}).(*sessionUserFound)
	if !ok || !found.ok {
		return store.User{}, false
	}
	user := found.user
	found.user, found.ok = store.User{}, false
	return user, user.ID == id
}

// accessFoundWithSession takes the access to the athlete that sessionStore read with the session,
// when it is the signed-in account's (userID, which sessionUser has checked against the session)
// to that athlete. It answers it once, as userFoundWithSession does.
func accessFoundWithSession(ctx context.Context, userID, athleteID int64) (store.Access, bool) {
	found, ok := ctx.Value(sessionUserFoundKey{}).(*sessionUserFound)
	if !ok || !found.accessOK {
		return store.Access{}, false
	}
	access, accessUserID := found.access, found.accessUserID
	found.access, found.accessUserID, found.accessOK = store.Access{}, 0, false
	return access, found.athleteID == athleteID && accessUserID == userID
}

// signIn starts an authenticated session at the account's current session version, renewing the
// token to prevent session fixation.
func (app *application) signIn(ctx context.Context, userID int64, sessionVersion int32) error {
	if err := app.sessions.RenewToken(ctx); err != nil {
		return err
	}
	app.sessions.Put(ctx, sessionUserIDKey, userID)
	app.sessions.Put(ctx, sessionVersionKey, int(sessionVersion))
	return nil
}

// sessionCurrent reports whether the session was signed in at the account's current version: a
// password change since then ended it.
func (app *application) sessionCurrent(ctx context.Context, user store.User) bool {
	return app.sessions.GetInt(ctx, sessionVersionKey) == int(user.SessionVersion)
}

// currentUserID answers the signed-in user's id, or 0.
func (app *application) currentUserID(ctx context.Context) int64 {
	return app.sessions.GetInt64(ctx, sessionUserIDKey)
}

// sessionCleanupDefault is how often expired sessions are deleted from the table.
const sessionCleanupDefault = 30 * time.Minute
