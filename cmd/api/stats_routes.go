package main

import "legacylocker/store"

// statsRoutes registers sports statistics: the spec's /stats/... paths name an athlete, a
// connection, an import or a game by :id.
func (app *application) statsRoutes(r routeGroups) {
	r.public.GET("/stats/logos/*", serveStatsLogo)
	r.signedIn.GET("/stats/providers", app.listStatsProviders)
	r.signedIn.GET("/stats/sheets/:sport", downloadBlankSheet)

	const view, edit = store.ActionView, store.ActionEditContent
	stats := athlete(store.SectionStats)
	r.signedIn.GET("/athletes/:id/stats", app.listStats, app.allow(view, stats))
	r.signedIn.GET("/athletes/:id/stats/sports", app.listStatsSports, app.allow(view, stats))
	r.signedIn.GET("/athletes/:id/stats/rollup", app.showStatsRollup, app.allow(view, stats))
	r.signedIn.PUT("/athletes/:id/stats/lead", app.setLeadStats, app.allow(edit, stats))
	r.signedIn.PUT("/athletes/:id/stats/season-name", app.renameSeason, app.allow(edit, stats))
	r.signedIn.POST("/stats/connect-platform", app.connectStatsPlatform, app.allow(edit, statsAthleteInBody))
	r.signedIn.GET("/stats/athlete-platforms/:id", app.listStatsConnections, app.allow(view, stats))
	r.signedIn.DELETE("/stats/athlete-platforms/:id", app.deleteStatsConnection, app.allow(edit, statsConnections))
	r.signedIn.POST("/stats/athlete-platforms/:id/imports", app.uploadStatsImport, app.allow(edit, statsConnections))
	r.signedIn.GET("/stats/imports/:id", app.showStatsImport, app.allow(view, statsImports))
	r.signedIn.POST("/stats/imports/:id/confirm", app.confirmStatsImport, app.allow(edit, statsImports))
	r.signedIn.POST("/stats/sync-platform/:id", app.syncStatsPlatform, app.allow(edit, statsConnections))
	r.signedIn.GET("/stats/sync-platform/:id", app.statsSyncStatus, app.allow(view, statsConnections))
	r.signedIn.GET("/stats/games/:id", app.listStatsGames, app.allow(view, stats))
	r.signedIn.POST("/stats/games/:id", app.createStatsGame, app.allow(edit, stats))
	r.signedIn.PUT("/stats/game/:id", app.updateStatsGame, app.allow(edit, statsGames))
	r.signedIn.DELETE("/stats/game/:id", app.deleteStatsGame, app.allow(edit, statsGames))
	r.signedIn.GET("/stats/seasons/:id", app.listStatsSeasons, app.allow(view, stats))
	r.signedIn.POST("/stats/reports/:id", app.createStatsReport, app.allow(edit, stats))
	r.signedIn.GET("/stats/reports/:id/:reportId", app.showStatsReport, app.allow(view, statsReports))
	app.teamSnapRoutes(r)
}

// The stats records behind a route's parameter (access.go). Like milestones and the recruiting
// records, they are seen as their section, which a family shares whole with a limited member.
var (
	statsConnections = byID(store.Q.StatsConnectionGetByID, func(s store.StatsConnection) store.Item {
		return store.Item{AthleteID: s.AthleteID, Section: store.SectionStats}
	})
	statsImports = byID(store.Q.StatsImportGetByID, func(s store.StatsImport) store.Item {
		return store.Item{AthleteID: s.AthleteID, Section: store.SectionStats}
	})
	statsGames = byID(store.Q.StatsGameGetByID, func(s store.StatsGame) store.Item {
		return store.Item{AthleteID: s.AthleteID, Section: store.SectionStats}
	})
	statsReports = byParam("reportId", store.Q.StatsReportGetByID, func(r store.StatsReport) store.Item {
		return store.Item{AthleteID: r.AthleteID, Section: store.SectionStats}
	}).ofAthlete("id")
	// statsAthleteInBody is the athlete a new stats connection is for, named in its JSON body.
	statsAthleteInBody = athlete("").inBody("athleteId")
)
