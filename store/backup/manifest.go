package backup

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
)

// Manifest describes one backup and is stored beside its dump as db/<id>.json, written last: a
// dump without its manifest is an unfinished backup and is never restored. The newest manifest is
// also the state of the incremental file copy (which keys the target holds, with their checksums,
// and since when each deleted one has been gone), so the target describes itself and a restore on a
// new machine needs nothing else.
type Manifest struct {
	Version int    `json:"version"`
	ID      string `json:"id"`
	// TakenAt is the dump's snapshot: the database as it was at that instant.
	TakenAt    time.Time `json:"takenAt"`
	FinishedAt time.Time `json:"finishedAt"`
	Database   Database  `json:"database"`
	// Files are every file the dump's rows name, as the target holds it.
	Files []File `json:"files"`
	// Pending are keys named by rows whose job had still to write them; the restored job does.
	Pending []string `json:"pending"`
	// Missing are keys named by finished rows but absent from the primary storage: lost before
	// this backup, so not in it either. Reported on the Operations page.
	Missing []string `json:"missing"`
	// Deleted are files the target still holds that the app no longer names, kept until
	// KeepDeleted has passed since Since.
	Deleted []DeletedFile `json:"deleted"`
	// Copied and Purged are what this backup added to and removed from the target.
	CopiedFiles int64 `json:"copiedFiles"`
	CopiedBytes int64 `json:"copiedBytes"`
	PurgedFiles int64 `json:"purgedFiles"`
	// How long the dump and the file copy took (docs/PERFORMANCE.md).
	DumpSeconds  float64 `json:"dumpSeconds"`
	FilesSeconds float64 `json:"filesSeconds"`
}

// Database is the dump: where it is, its checksum, and the rows of every table at the snapshot.
type Database struct {
	Name          string           `json:"name"`
	ServerVersion string           `json:"serverVersion"`
	SizeBytes     int64            `json:"sizeBytes"`
	Dump          string           `json:"dump"`
	DumpBytes     int64            `json:"dumpBytes"`
	DumpSHA256    string           `json:"dumpSha256"`
	Rows          map[string]int64 `json:"rows"`
}

// File is one stored file in the target.
type File struct {
	Key    string `json:"key"`
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
}

// DeletedFile is a file the app has deleted, kept in the target since Since.
type DeletedFile struct {
	File
	Since time.Time `json:"since"`
}

// FileBytes is the size of every file the backup covers.
func (m Manifest) FileBytes() int64 {
	var n int64
	for _, f := range m.Files {
		n += f.Size
	}
	return n
}

const manifestVersion = 1

func dumpName(id string) string     { return "db/" + id + ".dump" }
func manifestName(id string) string { return "db/" + id + ".json" }
func fileName(key string) string    { return "files/" + key }

// newID names a backup by its snapshot time (UTC), so names sort by age.
func newID(t time.Time) string { return t.UTC().Format("20060102T150405.000Z") }

// List answers the finished backups in the target, newest first.
func List(ctx context.Context, t Target) ([]string, error) {
	names, err := t.List(ctx, "db/")
	if err != nil {
		return nil, err
	}
	var ids []string
	for name := range names {
		if id, ok := strings.CutSuffix(strings.TrimPrefix(name, "db/"), ".json"); ok {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	slices.Reverse(ids)
	return ids, nil
}

// ErrNoBackup answers a restore or drill when the target holds no finished backup.
var ErrNoBackup = errors.New("the backup target holds no finished backup")

// LoadManifest reads one backup's manifest; id "" is the newest.
func LoadManifest(ctx context.Context, t Target, id string) (Manifest, error) {
	if id == "" {
		ids, err := List(ctx, t)
		if err != nil {
			return Manifest{}, err
		}
		if len(ids) == 0 {
			return Manifest{}, fmt.Errorf("%w (%s)", ErrNoBackup, t)
		}
		id = ids[0]
	}
	r, err := t.Open(ctx, manifestName(id))
	if errors.Is(err, errNotFound) {
		return Manifest{}, fmt.Errorf("no backup %q in %s (`api backup list` lists them)", id, t)
	}
	if err != nil {
		return Manifest{}, err
	}
	defer r.Close()
	var m Manifest
	if err := json.NewDecoder(r).Decode(&m); err != nil {
		return Manifest{}, fmt.Errorf("reading the manifest of %s: %w", id, err)
	}
	if m.Version != manifestVersion {
		return Manifest{}, fmt.Errorf("the manifest of %s has version %d; this program reads %d", id, m.Version, manifestVersion)
	}
	return m, nil
}

func writeManifest(ctx context.Context, t Target, m Manifest) error {
	pr, pw := io.Pipe()
	go func() {
		enc := json.NewEncoder(pw)
		enc.SetIndent("", " ")
		pw.CloseWithError(enc.Encode(m))
	}()
	if err := t.Put(ctx, manifestName(m.ID), pr, -1); err != nil {
		pr.CloseWithError(err)
		return err
	}
	return nil
}
