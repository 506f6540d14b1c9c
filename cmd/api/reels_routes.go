package main

import "legacylocker/store"

// reelsRoutes registers highlight reels and season films: made by those who edit the athlete's
// media, followed by everyone who sees it (the rendered videos are items of the media library).
func (app *application) reelsRoutes(r routeGroups) {
	const view, edit = store.ActionView, store.ActionEditContent
	r.signedIn.GET("/athletes/:id/reels", app.listReels, app.allow(view, athlete(store.SectionMedia)))
	r.signedIn.POST("/athletes/:id/reels", app.createReel, app.allow(edit, athlete(store.SectionMedia)))
	r.signedIn.POST("/athletes/:id/season-films", app.createSeasonFilm, app.allow(edit, athlete(store.SectionMedia)))
	r.signedIn.GET("/reels/:id", app.showReel, app.allow(view, reels))
	r.signedIn.PUT("/reels/:id", app.updateReel, app.allow(edit, reels))
	r.signedIn.DELETE("/reels/:id", app.deleteReel, app.allow(edit, reels))
}

// reels are seen as the athlete's media section.
var reels = byID(store.Q.ReelGetByID, func(r store.Reel) store.Item {
	return store.Item{AthleteID: r.AthleteID, Section: store.SectionMedia}
})
