package main

// billingRoutes registers subscriptions. Billing belongs to the signed-in account (the payer),
// never to an athlete: family members see and change only their own account's plan.
func (app *application) billingRoutes(r routeGroups) {
	r.signedIn.GET("/subscription/plans", app.listPlans)
	r.signedIn.GET("/subscription/status", app.subscriptionStatus)
	r.signedIn.POST("/subscription/create", app.createSubscription)
	r.signedIn.POST("/subscription/cancel", app.cancelSubscription)
	r.signedIn.POST("/subscription/billing-portal", app.billingPortal)
	r.public.POST("/stripe/webhook", app.stripeWebhook) // Stripe's own call, verified by its signature
}
