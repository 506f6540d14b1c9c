package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v5"

	"legacylocker/store"
)

// idempotencyKeyHeader names a request so that sending it again does not do its work twice (issue
// 34: a journal entry written without signal is sent when the signal is back, and again if the
// answer is lost). Honoured for 24 hours (migration 00055).
const idempotencyKeyHeader = "Idempotency-Key"

// replayedHeader tells the client the answer is that of an earlier request with the same key.
const replayedHeader = "Idempotent-Replayed"

// requestKey is a request's Idempotency-Key and the fingerprint of what it asks: the same key with
// another request is refused rather than answered with the first one's result.
type requestKey struct {
	key  string
	hash []byte
}

// errRequestRecorded: another request with the key was recorded first (they raced); this one's work
// is rolled back and the first one's answered.
var errRequestRecorded = errors.New("a request with this Idempotency-Key is already recorded")

// requestKeyOf reads the request's Idempotency-Key, if it has one, with the fingerprint of its route
// and of what it asks (the parts given, as JSON).
func requestKeyOf(c *echo.Context, asks ...any) (requestKey, error) {
	key := c.Request().Header.Get(idempotencyKeyHeader)
	if key == "" {
		return requestKey{}, nil
	}
	if len(key) > 255 || !visibleASCII(key) {
		return requestKey{}, badRequest("Idempotency-Key must be 1 to 255 visible characters, such as a UUID")
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s %s\n", c.Request().Method, c.Path())
	for _, part := range asks {
		b, err := json.Marshal(part)
		if err != nil {
			return requestKey{}, fmt.Errorf("fingerprinting the request: %w", err)
		}
		h.Write(append(b, '\n'))
	}
	return requestKey{key: key, hash: h.Sum(nil)}, nil
}

func visibleASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '!' || s[i] > '~' {
			return false
		}
	}
	return true
}

// earlier answers the caller's earlier request with this key in the last 24 hours, if there is one;
// the same key with a different request is refused (422).
func (app *application) earlier(ctx context.Context, userID int64, rk requestKey) (store.IdempotencyKeyFindRow, bool, error) {
	row, err := store.Q.IdempotencyKeyFind(ctx, app.pool, store.IdempotencyKeyFindParams{UserID: userID, Key: rk.key})
	if err := store.Translate(err); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			return row, false, nil
		}
		return row, false, fmt.Errorf("finding the request's key: %w", err)
	}
	if !bytes.Equal(row.RequestHash, rk.hash) {
		return row, false, &apiError{status: http.StatusUnprocessableEntity, message: "This Idempotency-Key was already sent with a different request. Use a new key for a new request."}
	}
	return row, true, nil
}

// record writes the request's key in the transaction that did its work (what it made in made), and
// forgets the caller's keys past their 24 hours.
func record(ctx context.Context, tx store.DBTX, userID int64, rk requestKey, made store.IdempotencyKeyRecordParams) error {
	if err := store.Q.IdempotencyKeysForget(ctx, tx, userID); err != nil {
		return fmt.Errorf("forgetting old request keys: %w", err)
	}
	made.UserID, made.Key, made.RequestHash = userID, rk.key, rk.hash
	n, err := store.Q.IdempotencyKeyRecord(ctx, tx, made)
	if err != nil {
		return fmt.Errorf("recording the request's key: %w", err)
	}
	if n == 0 {
		return errRequestRecorded
	}
	return nil
}
