package main

import (
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/labstack/echo/v5"

	"legacylocker/store"
)

// rateLimited counts one attempt of the action for the client's IP and for the e-mail address,
// and, when either is over its limit, answers the 429 (with Retry-After) to return. Counters live
// in Postgres so the limits hold across every api process.
func (app *application) checkRateLimit(c *echo.Context, action, email string, perIP, perEmail int) error {
	checks := []struct {
		key    string
		limit  int
		window time.Duration
	}{
		{action + ":ip:" + c.RealIP(), perIP, app.cfg.limits.ipWindow},
		{action + ":email:" + email, perEmail, app.cfg.limits.emailWindow},
	}
	ctx := c.Request().Context()
	now := time.Now()
	var retryAfter time.Duration
	for _, check := range checks {
		windowStart := now.Truncate(check.window)
		hits, err := store.Q.RateLimitHit(ctx, app.pool, store.RateLimitHitParams{Key: check.key, WindowStart: windowStart})
		if err != nil {
			return fmt.Errorf("counting %s attempt: %w", action, err)
		}
		if int(hits) > check.limit {
			retryAfter = max(retryAfter, windowStart.Add(check.window).Sub(now))
		}
	}
	// Old windows are swept now and then by whichever request happens by, instead of a timer.
	if rand.IntN(100) == 0 {
		if err := store.Q.RateLimitPrune(ctx, app.pool, now.Add(-2*time.Hour)); err != nil {
			app.logger.Warn("pruning rate limit counters", "error", err)
		}
	}
	if retryAfter == 0 {
		return nil
	}
	minutes := int(math.Ceil(retryAfter.Minutes()))
	unit := "minutes"
	if minutes == 1 {
		unit = "minute"
	}
	return rateLimited(
		fmt.Sprintf("Too many attempts. Please wait %d %s and try again.", minutes, unit), retryAfter)
}
