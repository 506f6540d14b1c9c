package main

import (
	"context"
	"crypto/sha256"
	"encoding"
	"errors"
	"fmt"
	"hash"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"legacylocker/store"
)

// Duplicate uploads (issue 33): every upload is hashed (SHA-256) while its bytes arrive, and an upload
// whose bytes match an item the athlete already has is refused with 409 {message, existingId} unless
// the client asked to keep both (allowDuplicate=true). Items from before the hashes were kept get
// theirs from media_hash_backfill (jobs); until then they match nothing.

// allowDuplicateField is the form field, query parameter or Upload-Metadata key that keeps a copy.
const allowDuplicateField = "allowDuplicate"

// refuseDuplicate answers the duplicate's 409 when the athlete already has an item with these bytes.
// It runs in the transaction that creates the item, after the owner's lock (reserveQuota), so two
// uploads of one file at the same moment cannot both slip past it. A nil sum (bytes not hashed) is no
// duplicate.
func (app *application) refuseDuplicate(ctx context.Context, tx pgx.Tx, athleteID int64, sum []byte) error {
	if sum == nil {
		return nil
	}
	same, err := store.Q.MediaFindSameContent(ctx, tx, store.MediaFindSameContentParams{AthleteID: athleteID, ContentSha256: sum})
	switch err := store.Translate(err); {
	case errors.Is(err, store.ErrNotFound):
		return nil
	case err != nil:
		return fmt.Errorf("looking for the same file: %w", err)
	}
	zone, err := loadZone(same.TimeZone)
	if err != nil {
		zone = time.UTC
	}
	return duplicateUpload(duplicateMessage(same.CreatedAt.In(zone), time.Now().In(zone)), same.ID)
}

// duplicateMessage is the question the upload dialog shows: "You uploaded this on Nov 26: keep both?",
// with the year when it is not this year's.
func duplicateMessage(uploaded, now time.Time) string {
	day := uploaded.Format("Jan 2")
	if uploaded.Year() != now.Year() {
		day = uploaded.Format("Jan 2, 2006")
	}
	return "You uploaded this on " + day + ": keep both?"
}

// allowsDuplicate reads allowDuplicate: true keeps a second copy; absent or anything else does not.
func allowsDuplicate(raw string) bool {
	keep, err := strconv.ParseBool(strings.TrimSpace(raw))
	return err == nil && keep
}

// resumeHash goes on with the SHA-256 of a resumable upload's recorded bytes from the state its row
// keeps (hashState), so each PATCH hashes only the bytes it brings.
func resumeHash(state []byte) (hash.Hash, error) {
	h := sha256.New()
	if len(state) == 0 {
		return h, nil
	}
	if err := h.(encoding.BinaryUnmarshaler).UnmarshalBinary(state); err != nil {
		return nil, fmt.Errorf("reading an upload's hash state: %w", err)
	}
	return h, nil
}

// hashState is what resumeHash goes on from.
func hashState(h hash.Hash) ([]byte, error) {
	state, err := h.(encoding.BinaryMarshaler).MarshalBinary()
	if err != nil {
		return nil, fmt.Errorf("keeping an upload's hash state: %w", err)
	}
	return state, nil
}
