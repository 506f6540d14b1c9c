package main

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/labstack/echo/v5"

	"legacylocker/store"
)

// rateCheck is one counter: attempts under key may number limit per window.
type rateCheck struct {
	key    string
	limit  int
	window time.Duration
}

// checkRateLimit counts one attempt of the action for the client's IP and for the e-mail address,
// and, when either is over its limit, answers the 429 (with Retry-After) to return.
func (app *application) checkRateLimit(c *echo.Context, action, email string, perIP, perEmail int) error {
	retryAfter, err := app.countAttempt(c.Request().Context(),
		rateCheck{action + ":ip:" + c.RealIP(), perIP, app.cfg.limits.ipWindow},
		rateCheck{action + ":email:" + email, perEmail, app.cfg.limits.emailWindow})
	if err != nil || retryAfter == 0 {
		return err
	}
	return rateLimited(fmt.Sprintf("Too many attempts. Please wait %s and try again.", minutes(retryAfter)), retryAfter)
}

// Expensive work a family can ask for over and over (AI calls cost money and queue time for everyone).
const (
	enhancementsPerAthletePerHour = 30
	promptRunsPerAthletePerHour   = 6
)

// limitAthleteWork counts one request for the athlete's expensive work of one kind, answering a
// 429 that names the wait when the athlete has asked for too much of it this hour.
func (app *application) limitAthleteWork(c *echo.Context, kind string, athleteID int64, perHour int, message string) error {
	retryAfter, err := app.countAttempt(c.Request().Context(), rateCheck{fmt.Sprintf("%s:athlete:%d", kind, athleteID), perHour, time.Hour})
	if err != nil || retryAfter == 0 {
		return err
	}
	return rateLimited(fmt.Sprintf(message, minutes(retryAfter)), retryAfter)
}

// countAttempt counts one attempt against every check and answers how long until all of them
// allow another (zero: allowed now). Counters live in Postgres so the limits hold across every api
// process.
func (app *application) countAttempt(ctx context.Context, checks ...rateCheck) (time.Duration, error) {
	return app.countAttemptIn(ctx, app.pool, checks...)
}

// countAttemptIn is countAttempt inside the caller's transaction.
func (app *application) countAttemptIn(ctx context.Context, db store.DBTX, checks ...rateCheck) (time.Duration, error) {
	now := app.cfg.limits.time()
	var retryAfter time.Duration
	for _, check := range checks {
		windowStart := now.Truncate(check.window)
		hits, err := store.Q.RateLimitHit(ctx, db, store.RateLimitHitParams{Key: check.key, WindowStart: windowStart})
		if err != nil {
			return 0, fmt.Errorf("counting %s: %w", check.key, err)
		}
		if int(hits) > check.limit {
			retryAfter = max(retryAfter, windowStart.Add(check.window).Sub(now))
		}
	}
	// Old windows are swept now and then by whichever request happens by, instead of a timer, off
	// the request's path.
	if rand.IntN(100) == 0 {
		go app.pruneRateLimits(now)
	}
	return retryAfter, nil
}

// countAttemptUnsynced is countAttempt for one check in one round trip whose commit does not wait
// for the disk (store.RateLimitHitUnsynced): public lookups that must stay fast.
func (app *application) countAttemptUnsynced(ctx context.Context, check rateCheck) (time.Duration, error) {
	return app.countAttemptUnsyncedWith(ctx, check, nil)
}

// countAttemptUnsyncedWith is countAttemptUnsynced with the lookup's one statement (read's QueryRow
// on the DBTX it is given) in the same round trip, after the count (store.RateLimitHitUnsyncedWith).
// A nil read counts only.
func (app *application) countAttemptUnsyncedWith(ctx context.Context, check rateCheck, read func(store.DBTX)) (time.Duration, error) {
	now := app.cfg.limits.time()
	windowStart := now.Truncate(check.window)
	var hits int32
	var err error
	if read == nil {
		hits, err = store.RateLimitHitUnsynced(ctx, app.pool, check.key, windowStart)
	} else {
		hits, err = store.RateLimitHitUnsyncedWith(ctx, app.pool, check.key, windowStart, read)
	}
	if err != nil {
		return 0, fmt.Errorf("counting %s: %w", check.key, err)
	}
	if rand.IntN(100) == 0 {
		// Off the lookup's path, as countAttemptIn's: on it, the sweep was one request in a
		// hundred, the 99th percentile's own request.
		go app.pruneRateLimits(now)
	}
	if int(hits) > check.limit {
		return windowStart.Add(check.window).Sub(now), nil
	}
	return 0, nil
}

// pruneRateLimits sweeps the windows that ended long before now. A sweep that fails is only logged:
// the next one takes what it left.
func (app *application) pruneRateLimits(now time.Time) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := store.Q.RateLimitPrune(ctx, app.pool, now.Add(-2*time.Hour)); err != nil {
		app.logger.Warn("pruning rate limit counters", "error", err)
	}
}

// minutes writes a wait as "1 minute" or "N minutes", rounded up.
func minutes(d time.Duration) string {
	n := int(math.Ceil(d.Minutes()))
	if n == 1 {
		return "1 minute"
	}
	return fmt.Sprintf("%d minutes", n)
}
