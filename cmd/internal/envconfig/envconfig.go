// Package envconfig reads configuration from environment variables for the api and the worker,
// collecting every malformed value so a bad deployment fails once with the full list.
package envconfig

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"time"
)

// Reader reads variables, remembering the first problem with each.
type Reader struct {
	errs []error
}

// String answers the variable, or def when it is unset or empty.
func (r *Reader) String(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// Int answers the variable as an integer of at least min.
func (r *Reader) Int(name string, def, min int) int {
	raw := os.Getenv(name)
	if raw == "" {
		return def
	}
	v, err := strconv.Atoi(raw)
	if err != nil || v < min {
		r.errs = append(r.errs, fmt.Errorf("%s must be an integer ≥ %d, got %q", name, min, raw))
		return def
	}
	return v
}

// Bool answers the variable as a boolean (true/false/1/0).
func (r *Reader) Bool(name string, def bool) bool {
	raw := os.Getenv(name)
	if raw == "" {
		return def
	}
	v, err := strconv.ParseBool(raw)
	if err != nil {
		r.errs = append(r.errs, fmt.Errorf("%s must be true or false, got %q", name, raw))
		return def
	}
	return v
}

// Duration answers the variable as a Go duration ("90s", "5m").
func (r *Reader) Duration(name string, def time.Duration) time.Duration {
	raw := os.Getenv(name)
	if raw == "" {
		return def
	}
	v, err := time.ParseDuration(raw)
	if err != nil || v <= 0 {
		r.errs = append(r.errs, fmt.Errorf("%s must be a positive duration like 5m, got %q", name, raw))
		return def
	}
	return v
}

// Err reports every malformed variable at once.
func (r *Reader) Err() error { return errors.Join(r.errs...) }

// DefaultDatabaseURL is the database used when DATABASE_URL is unset.
const DefaultDatabaseURL = "postgres://postgres@127.0.0.1:5432/legacylocker?sslmode=disable"
