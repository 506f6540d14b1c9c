package main

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/labstack/echo/v5"
	"github.com/stretchr/testify/require"
)

// The authorization matrix: every route of the router either has a row here, from its area, or
// is listed by its area as reaching no athlete's data through its path. Each area contributes
// both in its own test file (a matrixArea); adding an area adds one line to matrixAreas.
var matrixAreas = []matrixArea{
	accountsMatrix,
	athletesMatrix,
	legacyMatrix,
	familyMatrix,
	journalMatrix,
	mediaMatrix,
	measurablesMatrix,
	reelsMatrix,
	seasonBooksMatrix,
	recruitingMatrix,
	statsMatrix,
	showcaseMatrix,
	responsesMatrix,
	billingMatrix,
	opsMatrix,
	routerMatrix,
}

// matrixArea is one area's part of the matrix.
type matrixArea struct {
	// outside lists the routes that reach no athlete's data through their path (public pages and
	// forms, the caller's own account), with what a signed-out caller gets; 0 when another test
	// covers the route (its comment says which).
	outside map[string]int
	// rows builds the area's athlete routes against the matrix's athlete.
	rows func(m *matrix) []matrixRoute
}

// matrixRoute is one athlete-scoped endpoint; path builds a fresh target for every caller, so a
// delete by one caller does not change what the next one meets.
type matrixRoute struct {
	route string // "METHOD /api/pattern" exactly as registered
	path  func() string
	body  func() any
	// want is the status for owner, admin, editor, viewer, limited; stranger 404 and signed-out 401 always.
	want [5]int
	// call, when set, makes the request itself (a multipart upload, a tus request with its
	// protocol's headers) to the route, in place of path and body.
	call func(c *client) int
}

// The answers a row expects from owner, admin, editor, viewer and limited.
const (
	ok, created, accepted, deleted = http.StatusOK, http.StatusCreated, http.StatusAccepted, http.StatusNoContent
	// denied: seen but not allowed; hidden: not seen at all.
	denied, hidden = http.StatusForbidden, http.StatusNotFound
)

var everyoneSees = [5]int{ok, ok, ok, ok, ok}

// editsAthlete: owner and editor change the athlete's content; the others see it but may not.
func editsAthlete(success int) [5]int { return [5]int{success, denied, success, denied, denied} }

// editsItem: as editsAthlete, but an item a limited member has not been given is invisible to them.
func editsItem(success int) [5]int { return [5]int{success, denied, success, denied, hidden} }

// seesItem: everyone sees the item but a limited member who was not given it.
func seesItem(success int) [5]int { return [5]int{success, success, success, success, hidden} }

// managesCircle: owner and admin manage the family circle and what it sees.
func managesCircle(success int) [5]int { return [5]int{success, success, denied, denied, denied} }

// ownerOnly: the whole legacy (its archive, its deletion) is the owner's alone.
func ownerOnly(success int) [5]int { return [5]int{success, denied, denied, denied, denied} }

// matrix is what the rows are built against: one athlete whose owner makes every record, in a
// circle with a member of each level.
type matrix struct {
	t       *testing.T
	s       *testServer
	owner   *client
	athlete int64
	png     []byte
	serial  int
}

// athletePath answers /api/athletes/{athlete}{suffix}.
func (m *matrix) athletePath(suffix string) func() string {
	return func() string { return fmt.Sprintf("/api/athletes/%d%s", m.athlete, suffix) }
}

// pathOf answers format filled with a fresh record's id, made by newID for every call.
func pathOf(format string, newID func() int64) func() string {
	return func() string { return fmt.Sprintf(format, newID()) }
}

// created answers the id in a 201 or 202 answer to the owner's POST of body to path.
func (m *matrix) created(path string, body any) int64 {
	res := m.owner.do("POST", path, body)
	require.Contains(m.t, []int{created, accepted}, res.status, "%s: %s", path, res.body)
	return int64(res.json(m.t)["id"].(float64))
}

// unique answers a new name each call, for records that must not repeat (a platform's athlete id).
func (m *matrix) unique(prefix string) string {
	m.serial++
	return fmt.Sprintf("%s-%d", prefix, m.serial)
}

func noBody() any { return nil }

// TestAuthorizationMatrix checks every athlete-scoped endpoint against owner, admin, editor,
// viewer, limited, a stranger and a signed-out caller — and fails when a route is missing.
func TestAuthorizationMatrix(t *testing.T) {
	t.Parallel()
	// TeamSnap is configured so its OAuth routes are registered (and listed); nothing reaches it.
	s := newTestServer(t, withTeamSnap("http://teamsnap-auth.invalid", "http://teamsnap-api.invalid"))
	owner, ownerID := s.registered(t, "owner@example.com")
	athlete := createAthlete(t, owner)
	// The matrix invites a member for every caller of every circle route: more than Free's circle.
	_, err := s.pool.Exec(t.Context(), `INSERT INTO subscriptions (user_id, tier, status) VALUES ($1, 'family', 'active')`, ownerID)
	require.NoError(t, err)
	admin, _ := s.member(t, athlete, "admin@example.com", "admin", "parent")
	editor, _ := s.member(t, athlete, "editor@example.com", "editor", "parent")
	viewer, _ := s.member(t, athlete, "viewer@example.com", "viewer", "grandparent")
	limited, _ := s.member(t, athlete, "limited@example.com", "limited", "friend")
	stranger, _ := s.registered(t, "stranger@example.com")
	createAthlete(t, stranger)
	signedOut := s.newClient(t)
	callers := []*client{owner, admin, editor, viewer, limited}
	names := []string{"owner", "admin", "editor", "viewer", "limited"}

	m := &matrix{t: t, s: s, owner: owner, athlete: athlete, png: testPNG(t)}
	var routes []matrixRoute
	for _, area := range matrixAreas {
		routes = append(routes, area.rows(m)...)
	}
	listed := map[string]bool{}
	for _, r := range routes {
		require.False(t, listed[r.route], "%s has two rows", r.route)
		listed[r.route] = true
	}
	require.Empty(t, unlistedRoutes(s.app.router().Router().Routes(), listed), "routes missing from the authorization matrix")

	for route, want := range outsideMatrix() {
		method, path, _ := strings.Cut(route, " ")
		if want == 0 {
			continue
		}
		path = strings.NewReplacer(":token", "no-such-invitation-token-0000", ":code", "nosuchcode", "*", "early-access").Replace(path)
		require.Equal(t, want, signedOut.do(method, path, map[string]any{}).status, "%s signed out", route)
	}

	for _, r := range routes {
		call := r.call
		if call == nil {
			method := strings.Fields(r.route)[0]
			call = func(c *client) int { return c.do(method, r.path(), r.body()).status }
		}
		for i, c := range callers {
			require.Equal(t, r.want[i], call(c), "%s as %s", r.route, names[i])
		}
		require.Equal(t, http.StatusNotFound, call(stranger), "%s as a stranger", r.route)
		require.Equal(t, http.StatusUnauthorized, call(signedOut), "%s signed out", r.route)
	}
}

// outsideMatrix is every area's outside routes in one map.
func outsideMatrix() map[string]int {
	all := map[string]int{}
	for _, area := range matrixAreas {
		for route, want := range area.outside {
			all[route] = want
		}
	}
	return all
}

// unlistedRoutes answers the router's routes that are neither listed nor outside the matrix.
func unlistedRoutes(routes echo.Routes, listed map[string]bool) []string {
	outside := outsideMatrix()
	var missing []string
	for _, r := range routes {
		route := r.Method + " " + r.Path
		if _, ok := outside[route]; !ok && !listed[route] {
			missing = append(missing, route)
		}
	}
	return missing
}

// TestMatrixNoticesNewRoutes is the test of the test: a route added without a matrix row — the
// spec's /api/stats/... style included — is reported.
func TestMatrixNoticesNewRoutes(t *testing.T) {
	t.Parallel()
	s := newTestServer(t)
	e := s.app.router()
	listed := map[string]bool{}
	for _, r := range e.Router().Routes() {
		listed[r.Method+" "+r.Path] = true
	}
	require.Empty(t, unlistedRoutes(e.Router().Routes(), listed))
	e.GET("/api/stats/leaderboards", routeNotFound)
	e.POST("/api/athletes/:id/stats/import", routeNotFound)
	require.ElementsMatch(t, []string{"GET /api/stats/leaderboards", "POST /api/athletes/:id/stats/import"}, unlistedRoutes(e.Router().Routes(), listed))
}

// routerMatrix: what routes.go registers itself.
var routerMatrix = matrixArea{
	outside: map[string]int{
		"GET /healthz": http.StatusOK,
		"GET /readyz":  http.StatusOK,
		// A share sent to the installed app without its service worker: a redirect to the media page.
		"POST /share-target": http.StatusSeeOther,
		// Not requested here: the web app's files (built or not), and Echo's catch-alls under /api.
		"GET /*": 0, "HEAD /*": 0, "echo_route_any /api/*": 0, "echo_route_not_found /api": 0, "echo_route_not_found /api/*": 0,
	},
	rows: func(*matrix) []matrixRoute { return nil },
}
