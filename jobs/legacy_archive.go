package jobs

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"time"
	"unicode"

	"legacylocker/media"
	"legacylocker/store"
)

// archiveFile is one file of the legacy archive: either text made from the database (body) or a
// stored file streamed from media storage (key, size).
type archiveFile struct {
	name     string
	body     []byte
	key      string
	size     int64
	modified time.Time
}

// legacyArchive is everything one athlete's archive holds, gathered before writing so the job
// knows the total size for its progress. Text parts are small and held in memory; stored files
// are only named here and streamed one at a time when written.
type legacyArchive struct {
	files []archiveFile
}

func (a *legacyArchive) text(name string, body []byte, modified time.Time) {
	a.files = append(a.files, archiveFile{name: name, body: body, modified: modified})
}

func (a *legacyArchive) stored(name, key string, size int64, modified time.Time) {
	a.files = append(a.files, archiveFile{name: name, key: key, size: size, modified: modified})
}

// size is the bytes the archive's contents add up to (before ZIP's own headers).
func (a *legacyArchive) size() int64 {
	var n int64
	for _, f := range a.files {
		n += int64(len(f.body)) + f.size
	}
	return n
}

// write streams the archive into w: text deflated, media stored as it is (already compressed, and
// storing keeps the worker's CPU and memory flat however large the legacy). progress is called
// with the content bytes written so far.
func (a *legacyArchive) write(ctx context.Context, w io.Writer, storage media.Storage, progress func(done int64)) error {
	zw := zip.NewWriter(w)
	buf := make([]byte, 1<<20)
	var done int64
	for _, f := range a.files {
		if err := ctx.Err(); err != nil {
			return err
		}
		header := &zip.FileHeader{Name: f.name, Method: zip.Deflate, Modified: f.modified}
		if f.key != "" {
			header.Method = zip.Store
		}
		part, err := zw.CreateHeader(header)
		if err != nil {
			return fmt.Errorf("archiving %s: %w", f.name, err)
		}
		if f.key == "" {
			if _, err := part.Write(f.body); err != nil {
				return fmt.Errorf("archiving %s: %w", f.name, err)
			}
			done += int64(len(f.body))
			progress(done)
			continue
		}
		if err := copyStored(ctx, part, storage, f.key, buf, func(n int64) { progress(done + n) }); err != nil {
			return fmt.Errorf("archiving %s: %w", f.name, err)
		}
		done += f.size
		progress(done)
	}
	return zw.Close()
}

func copyStored(ctx context.Context, w io.Writer, storage media.Storage, key string, buf []byte, progress func(int64)) error {
	file, err := storage.Open(ctx, key)
	if err != nil {
		return err
	}
	defer file.Close()
	var n int64
	for {
		read, err := file.Read(buf)
		if read > 0 {
			if _, werr := w.Write(buf[:read]); werr != nil {
				return werr
			}
			n += int64(read)
			progress(n)
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// gatherLegacy reads everything of the athlete that the archive holds, area by area (legacyAreas).
func gatherLegacy(ctx context.Context, db store.DBTX, storage media.Storage, athlete store.Athlete, now time.Time) (*legacyArchive, error) {
	a := &legacyArchive{}
	a.text("README.txt", legacyReadme(athlete, now), now)
	src := legacySource{db: db, storage: storage, athlete: athlete, now: now}
	for _, area := range legacyAreas {
		if area.gather == nil {
			continue
		}
		if err := area.gather(ctx, src, a); err != nil {
			return nil, fmt.Errorf("%s: %w", area.name, err)
		}
	}
	return a, nil
}

// legacySource is what an area reads its part of the archive from.
type legacySource struct {
	db      store.DBTX
	storage media.Storage
	athlete store.Athlete
	// now dates the files made from the database.
	now time.Time
}

// archiveQuery answers one JSON document of the athlete's rows (the Archive… queries).
type archiveQuery func(ctx context.Context, db store.DBTX, athleteID int64) ([]byte, error)

// json adds the file name with what query answers, indented for a person to read.
func (src legacySource) json(ctx context.Context, a *legacyArchive, name string, query archiveQuery) ([]byte, error) {
	raw, err := query(ctx, src.db, src.athlete.ID)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	body, err := indentJSON(raw)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	a.text(name, body, src.now)
	return body, nil
}

func indentJSON(raw []byte) ([]byte, error) {
	var out bytes.Buffer
	if err := json.Indent(&out, raw, "", "  "); err != nil {
		return nil, err
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// storedSize answers a stored file's size, or -1 when it is not there.
func (src legacySource) storedSize(ctx context.Context, key string) (int64, error) {
	f, err := src.storage.Open(ctx, key)
	if errors.Is(err, media.ErrNotFound) {
		return -1, nil
	}
	if err != nil {
		return 0, err
	}
	defer f.Close()
	return f.Size(), nil
}

func legacyReadme(athlete store.Athlete, now time.Time) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "%s — Legacy Locker archive\nMade on %s.\n\n", athlete.Name, now.UTC().Format("January 2, 2006 at 15:04 UTC"))
	b.WriteString(`What is inside:
  athlete.json                 the profile and the showcase settings
  journal/                     every entry: entries.json with every field, and one .md file per entry
                               with the family's own words and the polished version beside them (by AI or offline)
  media/                       every photo, video and document as uploaded, named by date and title;
                               index.json describes each one (highlights included)
  clips/                       the clips cut in the video editor
  milestones.json              the timeline's milestones
  events.json                  games, tournaments, camps and visits
  stats/                       seasons and games (JSON and CSV); imported files/ holds each file you
                               imported exactly as uploaded, saved as .txt so nothing in it runs
  achievements/                achievements.json and each share card
  recruiting/                  college interests, the recruiting checklist, the coach links with what
                               coaches opened, each college's contacts and outreach log, and the
                               athlete's measurables and academics (measurables.json)
  reels.json                   what each highlight reel and season film is made of (its videos are in media/;
                               Season Story books are PDFs in media/ too)
  responses/                   the family circle's comments and reactions
  family-circle.json           who was in the family circle (names and roles, no e-mail addresses)
  qr-codes.json                the showcase QR codes and how often they were scanned

Dates are the family's own (YYYY-MM-DD); times are UTC. The JSON and CSV files open in any text
editor or spreadsheet; a CSV cell that starts with = + - or @ carries a leading ' so a spreadsheet
shows it instead of running it.
`)
	return []byte(b.String())
}

// windowsReserved are the names Windows refuses for a file whatever its extension.
var windowsReserved = regexp.MustCompile(`(?i)^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\.|$)`)

// safeFileName makes text a family typed safe as a file name inside the archive on every system: no
// path separators, no "..", nothing Windows refuses (reserved characters and names, trailing dots and
// spaces), no control or invisible formatting characters (a right-to-left override could disguise
// an extension), at most 80 characters; fallback when nothing is left.
func safeFileName(s, fallback string) string {
	var b strings.Builder
	for _, r := range strings.TrimSpace(s) {
		switch {
		case strings.ContainsRune(`/\:*?"<>|`, r), unicode.IsControl(r), unicode.Is(unicode.Cf, r):
			b.WriteRune('-')
		default:
			b.WriteRune(r)
		}
	}
	name := b.String()
	for strings.Contains(name, "..") {
		name = strings.ReplaceAll(name, "..", ".")
	}
	out := []rune(strings.Trim(name, ". "))
	if len(out) > 80 {
		out = []rune(strings.TrimRight(string(out[:80]), ". "))
	}
	name = strings.TrimSpace(string(out))
	if name == "" {
		return fallback
	}
	if windowsReserved.MatchString(name) {
		name = "_" + name
	}
	return name
}
