package main

import "legacylocker/store"

// legacyRoutes registers the whole legacy, the owner's alone: the archive of everything, and
// deleting it all.
func (app *application) legacyRoutes(r routeGroups) {
	const own = store.ActionOwnLegacy
	r.signedIn.GET("/athletes/:id/exports", app.listExports, app.allow(own, athlete("")))
	r.signedIn.POST("/athletes/:id/exports", app.createExport, app.allow(own, athlete("")))
	r.signedIn.GET("/exports/:id/download", app.downloadExport, app.allow(own, legacyExports))
	r.signedIn.DELETE("/athletes/:id", app.deleteAthlete, app.allow(own, athlete("")))
	r.signedIn.POST("/user/exports", app.createAccountExports) // every athlete the caller owns
	r.signedIn.DELETE("/user", app.deleteAccount)              // the caller's own account
}

// The family's archives behind a route's parameter (access.go).
var (
	legacyExports = byID(store.Q.LegacyExportGetByID, func(e store.LegacyExport) store.Item { return store.Item{AthleteID: e.AthleteID} })
)
