package main

// accountRoutes registers signing in and out, the caller's own account, and the public forms.
func (app *application) accountRoutes(r routeGroups) {
	r.public.GET("/login", app.loginPage)
	r.public.POST("/login", app.login)
	r.public.POST("/register", app.register)
	r.public.POST("/logout", app.logout)
	r.public.GET("/session", app.showSession) // answers who is signed in, if anyone
	r.public.POST("/waitlist", app.joinWaitlist)
	r.public.POST("/contact", app.sendContactMessage)
	r.public.POST("/password-resets", app.requestPasswordReset)
	r.public.GET("/password-resets/:token", app.showPasswordReset)
	r.public.POST("/password-resets/:token", app.resetPassword)
	r.public.POST("/email-verifications/:token", app.verifyEmail) // opened from a mail app, maybe signed out

	r.signedIn.GET("/user", app.showUser)
	r.signedIn.PUT("/user", app.updateUser)
	r.signedIn.PUT("/user/password", app.changePassword)
	r.signedIn.PUT("/user/email", app.changeEmail)
	r.signedIn.GET("/user/photo", app.serveUserPhoto)
	r.signedIn.PUT("/user/photo", app.putUserPhoto)
	r.signedIn.DELETE("/user/photo", app.deleteUserPhoto)
	r.signedIn.POST("/email-verifications", app.resendEmailVerification)
}
