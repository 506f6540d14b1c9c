package main

// opsRoutes registers the operators' tools: 401 signed out, 404 to everyone else (for them they do
// not exist).
func (app *application) opsRoutes(r routeGroups) {
	api := r.signedIn.Group("/ops", app.requireOperator)
	api.GET("/summary", app.opsSummary)
	api.GET("/failures", app.listFailures)
	api.POST("/jobs/:id/retry", app.retryJob)
	api.POST("/plan-grants", app.opsGrantPlan)
	api.POST("/plan-grants/revoke", app.opsRevokePlan)
	api.GET("/contact-messages", app.listContactMessages)
	api.PUT("/contact-messages/:id/handled", app.markContactMessageHandled)
	api.DELETE("/contact-messages/:id/handled", app.markContactMessageHandled)

	pages := r.root.Group("/ops", app.logRequests, app.requireUser, app.requireOperator)
	pages.GET("", r.spa.serve)
	pages.Any("/riverui", app.serveRiverUI)
	pages.Any("/riverui/*", app.serveRiverUI)
}
