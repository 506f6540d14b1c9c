package main

import (
	"errors"
	"time"

	"legacylocker/store"
)

// linkMessages are what a mailed single-use link answers when it cannot be used: a token we never
// sent (404), one used already or past its time (410).
type linkMessages struct{ invalid, used, expired string }

// usableLink finds the row behind a mailed link's token, which is stored only as its hash, and
// answers it, or the 404/410 that says why it cannot be used. used reads the row's use and expiry.
func usableLink[T any](token string, msgs linkMessages, get func(hash []byte) (T, error), used func(T) (usedAt *time.Time, expiresAt time.Time)) (T, error) {
	var none T
	if len(token) < 20 || len(token) > 100 {
		return none, notFoundSaying(msgs.invalid)
	}
	row, err := get(hashToken(token))
	if err := store.Translate(err); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return none, notFoundSaying(msgs.invalid)
		}
		return none, err
	}
	usedAt, expiresAt := used(row)
	switch {
	case usedAt != nil:
		return row, gone(msgs.used)
	case time.Now().After(expiresAt):
		return row, gone(msgs.expired)
	}
	return row, nil
}
