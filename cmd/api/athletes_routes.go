package main

import "legacylocker/store"

// athleteRoutes registers the athletes a caller reaches, the profile, and the demo athlete.
func (app *application) athleteRoutes(r routeGroups) {
	r.public.GET("/demo", app.demo)
	r.public.GET("/demo/achievements/:id/card", app.demoCard)
	r.public.GET("/demo/media/:id/image", app.demoImage)

	r.signedIn.GET("/athletes", app.listAthletes)
	r.signedIn.POST("/athletes", app.createAthlete)
	r.signedIn.GET("/athletes/me", app.myAthlete)
	const view, edit = store.ActionView, store.ActionEditContent
	r.signedIn.GET("/athletes/:id", app.showAthlete, app.allow(view, athlete("")))
	r.signedIn.PUT("/athletes/:id", app.updateAthlete, app.allow(edit, athlete("")))
	r.signedIn.GET("/athletes/:id/photo", app.serveAthletePhoto, app.allow(view, athlete("")))
	r.signedIn.PUT("/athletes/:id/photo", app.putAthletePhoto, app.allow(edit, athlete("")))
	r.signedIn.DELETE("/athletes/:id/photo", app.deleteAthletePhoto, app.allow(edit, athlete("")))
	r.signedIn.PUT("/athletes/:id/places", app.setPlaces, app.allow(store.ActionManageCircle, athlete("")))
}
