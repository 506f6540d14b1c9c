package media

import "time"

// SweepTemps removes the temporary files in the storage's directory that nobody will finish: those
// of a process of this machine that no longer runs, those of a process dead says is gone (a worker
// of another machine sharing the directory whose heartbeat stopped; nil for none), and any older
// than staleTempAge. It answers how many it removed. The api and the worker call it periodically
// and a worker taking over a dead attempt's job calls it first, so a killed process's half-written
// upload or archive does not wait for the next start.
func (s *LocalStorage) SweepTemps(dead func(host string, pid int) bool) int {
	return sweepStaleTemps(s.dir, time.Now(), dead)
}

// Host is this machine's name as temporary files carry it (a worker's heartbeat records it, so
// other machines can tell its files apart).
func Host() string { return hostname }
