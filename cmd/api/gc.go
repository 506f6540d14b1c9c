package main

import "runtime/debug"

// gcPercentDefault is the api's GOGC when the environment names none. The api keeps 2–5 MB live and a
// page of the library makes a few hundred kilobytes of garbage (pgx's rows, the items, their JSON), so
// at Go's default of 100 it collected every 15–20 ms under a steady stream of pages, and the requests
// caught in a collection's pauses and marking made the slowest percent: a page's p99 was 3–5 times its
// p50 (docs/PERFORMANCE.md, "The collector"). At 400 the heap grows to five times what is live before
// the next collection (about 20 MB at rest), a quarter as many collections.
const gcPercentDefault = 400

// tuneGC applies gcPercentDefault unless the operator chose a GOGC (which the runtime has read already).
// GOMEMLIMIT, when set, still caps the heap whatever GOGC says.
func tuneGC(getenv func(string) string) {
	if getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercentDefault)
	}
}
