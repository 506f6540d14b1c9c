package main

import "legacylocker/store"

// measurablesRoutes: read by whoever sees the athlete's recruiting, changed by those who edit it.
func (app *application) measurablesRoutes(r routeGroups) {
	const view, edit = store.ActionView, store.ActionEditContent
	recruiting := athlete(store.SectionRecruiting)
	r.signedIn.GET("/athletes/:id/recruiting-profile", app.showRecruitingProfile, app.allow(view, recruiting))
	r.signedIn.PUT("/athletes/:id/recruiting-profile", app.saveRecruitingProfile, app.allow(edit, recruiting))
	r.signedIn.GET("/athletes/:id/measurables", app.listMeasurables, app.allow(view, recruiting))
	r.signedIn.POST("/athletes/:id/measurables", app.createMeasurable, app.allow(edit, recruiting))
	r.signedIn.PUT("/measurables/:id", app.updateMeasurable, app.allow(edit, measurableItems))
	r.signedIn.DELETE("/measurables/:id", app.deleteMeasurable, app.allow(edit, measurableItems))
}

// measurableItems are measurables seen as the recruiting section, shared whole or not at all.
var measurableItems = byID(store.Q.MeasurableGetByID, func(m store.AthleteMeasurable) store.Item {
	return store.Item{AthleteID: m.AthleteID, Section: store.SectionRecruiting}
})
