package main

import "legacylocker/store"

// recruitingRoutes registers milestones, events and the recruiting center (college interests,
// checklist, NCAA calendar, calendar export). Events are in the recruiting section (events.go).
func (app *application) recruitingRoutes(r routeGroups) {
	const view, edit = store.ActionView, store.ActionEditContent
	milestoneSection := athlete(store.SectionMilestones)
	r.signedIn.GET("/athletes/:id/milestones", app.listMilestones, app.allow(view, milestoneSection))
	r.signedIn.POST("/athletes/:id/milestones", app.createMilestone, app.allow(edit, milestoneSection))
	r.signedIn.PUT("/milestones/:id", app.updateMilestone, app.allow(edit, milestones))
	r.signedIn.DELETE("/milestones/:id", app.deleteMilestone, app.allow(edit, milestones))

	recruiting := athlete(store.SectionRecruiting)
	r.signedIn.GET("/athletes/:id/events", app.listEvents, app.allow(view, recruiting))
	r.signedIn.POST("/athletes/:id/events", app.createEvent, app.allow(edit, recruiting))
	r.signedIn.PUT("/events/:id", app.updateEvent, app.allow(edit, events))
	r.signedIn.DELETE("/events/:id", app.deleteEvent, app.allow(edit, events))

	r.signedIn.GET("/athletes/:id/college-interests", app.listCollegeInterests, app.allow(view, recruiting))
	r.signedIn.POST("/athletes/:id/college-interests", app.createCollegeInterest, app.allow(edit, recruiting))
	r.signedIn.PUT("/college-interests/:id", app.updateCollegeInterest, app.allow(edit, collegeInterests))
	r.signedIn.DELETE("/college-interests/:id", app.deleteCollegeInterest, app.allow(edit, collegeInterests))
	// The conversation with each school: seen as the college is, changed by those who edit recruiting.
	r.signedIn.GET("/college-interests/:id/contacts", app.listCollegeContacts, app.allow(view, collegeInterests))
	r.signedIn.POST("/college-interests/:id/contacts", app.createCollegeContact, app.allow(edit, collegeInterests))
	r.signedIn.PUT("/college-contacts/:id", app.updateCollegeContact, app.allow(edit, collegeContacts))
	r.signedIn.DELETE("/college-contacts/:id", app.deleteCollegeContact, app.allow(edit, collegeContacts))
	r.signedIn.GET("/college-interests/:id/outreach", app.listOutreach, app.allow(view, collegeInterests))
	r.signedIn.POST("/college-interests/:id/outreach", app.createOutreach, app.allow(edit, collegeInterests))
	r.signedIn.PUT("/college-outreach/:id", app.updateOutreach, app.allow(edit, collegeOutreach))
	r.signedIn.DELETE("/college-outreach/:id", app.deleteOutreach, app.allow(edit, collegeOutreach))
	r.signedIn.GET("/athletes/:id/follow-ups", app.listDueFollowUps, app.allow(view, recruiting))
	// Links made for one college's coach: made, read and turned off by those who edit recruiting.
	r.signedIn.GET("/college-interests/:id/links", app.listRecruitingLinks, app.allow(edit, collegeInterests))
	r.signedIn.POST("/college-interests/:id/links", app.createRecruitingLink, app.allow(edit, collegeInterests))
	r.signedIn.PUT("/recruiting-links/:id", app.updateRecruitingLink, app.allow(edit, recruitingLinks))
	r.signedIn.DELETE("/recruiting-links/:id", app.revokeRecruitingLink, app.allow(edit, recruitingLinks))
	// The coach's page: the code is the key; rate-limited, never indexed, 410 once it is off.
	r.public.GET("/r/:code", app.showCoachPage)
	r.public.GET("/r/:code/photo", app.serveCoachPhoto)
	r.public.GET("/r/:code/media/:mediaId", app.serveCoachMedia)
	r.public.POST("/r/:code/views", app.recordLinkView)
	r.root.GET("/r/:code", app.serveCoachLinkPage(r.spa), app.logRequests)
	// The first read adds the default checklist for the athlete's class year.
	r.signedIn.GET("/athletes/:id/checklist", app.listChecklist, app.allow(view, recruiting))
	r.signedIn.POST("/athletes/:id/checklist", app.createChecklistItem, app.allow(edit, recruiting))
	r.signedIn.PUT("/checklist/:id", app.updateChecklistItem, app.allow(edit, checklistItems))
	r.signedIn.DELETE("/checklist/:id", app.deleteChecklistItem, app.allow(edit, checklistItems))

	// The NCAA calendars are the same for everyone signed in; the athlete's view adds their sports
	// and class year.
	r.signedIn.GET("/recruiting-events", app.listRecruitingEvents)
	r.signedIn.GET("/athletes/:id/recruiting-calendar", app.showRecruitingCalendar, app.allow(view, recruiting))
	// The weekly recruiting brief is the owner's, as its e-mail is (recruiting_brief.go).
	r.signedIn.GET("/athletes/:id/recruiting-brief", app.showRecruitingBrief, app.allow(store.ActionOwnLegacy, athlete("")))

	// Calendar export, and the private subscription (webcal://) whose URL is its own key.
	r.signedIn.GET("/athletes/:id/calendar.ics", app.exportCalendar, app.allow(view, recruiting))
	r.signedIn.GET("/athletes/:id/calendar-feed", app.showCalendarFeed, app.allow(edit, recruiting))
	r.signedIn.POST("/athletes/:id/calendar-feed", app.createCalendarFeed, app.allow(edit, recruiting))
	r.signedIn.DELETE("/athletes/:id/calendar-feed", app.revokeCalendarFeed, app.allow(edit, recruiting))
	r.public.GET("/calendar/:token", app.serveCalendarFeed)
}

// The timeline's and the recruiting center's records behind a route's parameter (access.go).
var (
	// Milestones, the recruiting records and the stats records are seen as their section, which a
	// family shares whole with a limited member (store/access.go), never item by item.
	milestones = byID(store.Q.MilestoneGetByID, func(m store.Milestone) store.Item {
		return store.Item{AthleteID: m.AthleteID, Section: store.SectionMilestones}
	})
	events = byID(store.Q.EventGetByID, func(e store.Event) store.Item {
		return store.Item{AthleteID: e.AthleteID, Section: store.SectionRecruiting}
	})
	collegeInterests = byID(store.Q.CollegeInterestGetByID, func(ci store.CollegeInterest) store.Item {
		return store.Item{AthleteID: ci.AthleteID, Section: store.SectionRecruiting}
	})
	collegeContacts = byID(store.Q.CollegeContactGetByID, func(ct store.CollegeContact) store.Item {
		return store.Item{AthleteID: ct.AthleteID, Section: store.SectionRecruiting}
	})
	collegeOutreach = byID(store.Q.CollegeOutreachGetByID, func(o store.CollegeOutreach) store.Item {
		return store.Item{AthleteID: o.AthleteID, Section: store.SectionRecruiting}
	})
	recruitingLinks = byID(store.Q.RecruitingLinkGetByID, func(l store.RecruitingLink) store.Item {
		return store.Item{AthleteID: l.AthleteID, Section: store.SectionRecruiting}
	})
	checklistItems = byID(store.Q.ChecklistGetByID, func(i store.ChecklistItem) store.Item {
		return store.Item{AthleteID: i.AthleteID, Section: store.SectionRecruiting}
	})
)
