package main

import (
	"net/http"

	"github.com/labstack/echo/v5"
	"github.com/labstack/echo/v5/middleware"

	"legacylocker/cmd/internal/observe"
)

// routes is the whole handler: every endpoint behind Go's cross-origin protection (every
// state-changing request from another origin is refused) and the session middleware — except the
// health checks, which must answer (readyz with a 503) while the session store is down, and the
// build's hashed scripts and styles, the same for everyone: a page loads dozens of them, each of
// which would otherwise read the session from the database.
func (app *application) routes() http.Handler {
	protection := http.NewCrossOriginProtection()
	protection.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeJSONError(w, http.StatusForbidden, "Cross-origin request refused")
	}))
	router := app.router()
	mux := http.NewServeMux()
	mux.Handle("GET /healthz", router)
	mux.Handle("GET /readyz", router)
	mux.Handle("GET /assets/", router)
	mux.Handle("/", protection.Handler(app.loadSession(router)))
	return observe.WithRequestIDs(mux)
}

// routeGroups are what an area registers its routes on.
type routeGroups struct {
	// root holds the pages outside /api (a QR code's short link, the public showcase page).
	root *echo.Echo
	// public is /api for anyone; signedIn is /api for a signed-in caller (401 otherwise).
	public, signedIn *echo.Group
	// spa serves the built web app, for pages whose HTML the api fills in or guards.
	spa *spa
}

// router registers every endpoint. Each area registers its own routes in its <area>_routes.go,
// where every athlete route names the action it needs and the resource behind its parameter
// (access.go); the authorization matrix test holds every route of this router to it.
func (app *application) router() *echo.Echo {
	e := echo.New()
	e.HTTPErrorHandler = app.errorHandler
	e.Logger = app.logger
	if app.cfg.trustProxy {
		e.IPExtractor = echo.ExtractIPFromXFFHeader()
	} else {
		e.IPExtractor = echo.ExtractIPDirect()
	}
	e.Use(middleware.Recover(), securityHeaders)

	e.GET("/healthz", app.healthz)
	e.GET("/readyz", app.readyz)

	api := e.Group("/api", app.logRequests, checkRequestText, compressJSON)
	groups := routeGroups{root: e, public: api, signedIn: api.Group("", app.requireUser), spa: newSPA()}
	areas := []func(routeGroups){
		app.accountRoutes,
		app.athleteRoutes,
		app.legacyRoutes,
		app.familyRoutes,
		app.journalRoutes,
		app.mediaRoutes,
		app.reelsRoutes,
		app.seasonBookRoutes,
		app.recruitingRoutes,
		app.measurablesRoutes,
		app.statsRoutes,
		app.showcaseRoutes,
		app.responsesRoutes,
		app.billingRoutes,
		app.opsRoutes,
	}
	for _, register := range areas {
		register(groups)
	}

	api.Any("/*", routeNotFound)
	e.POST("/share-target", shareTargetWithoutWorker)
	e.GET("/*", groups.spa.serve)
	e.HEAD("/*", groups.spa.serve)
	return e
}
