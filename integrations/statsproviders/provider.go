package statsproviders

import (
	"bufio"
	"context"
	"embed"
	"fmt"
	"io"
	"io/fs"
	"time"
)

// Kind says where a provider's numbers come from, so the api knows what 'Sync Now' means for
// it: a file provider re-applies the newest upload, a sync provider fetches over the network.
type Kind string

const (
	KindFile Kind = "file"
	KindSync Kind = "sync"
)

// Info is what GET /api/stats/providers lists for one provider.
type Info struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	LogoURL string `json:"logoUrl"`
	Kind    Kind   `json:"kind"`
}

// Provider is the registry's entry. A provider also implements FileImporter, Syncer, or
// neither (manual: the family types the numbers in); the api asks with a type assertion.
type Provider interface {
	Info() Info
}

// FileImporter turns an uploaded export into rows. Parse is pure (no database, no network)
// so the job can run it again with today's parser and get the same preview.
type FileImporter interface {
	Provider
	// Detect reports whether the file looks like this provider's export, from its name and
	// its first bytes (HeadSize or fewer).
	Detect(name string, head []byte) bool
	// Parse reads the whole export. An error is a *FileError when the file itself is at fault
	// (show its message to the family, do not retry); any other error came from reading r.
	Parse(r io.Reader) (*Result, error)
}

// Connection is what a syncer needs of a stored athlete-platform connection.
type Connection struct {
	ID                int64
	ExternalAthleteID string
	ExternalTeamID    string
	Username          string
}

// Syncer fetches stats over the network (a platform with a real API, such as TeamSnap).
// Sync returns what changed since the given time (zero: everything); the job upserts games
// and seasons by their ExternalID, so a retried sync writes each row once.
type Syncer interface {
	Provider
	Sync(ctx context.Context, conn Connection, since time.Time) (*SyncResult, error)
}

// SyncResult is what one network sync brought back for the connection's athlete.
type SyncResult struct {
	Games   []Game
	Seasons []Season
}

// Game is one game's line for the athlete, as a syncer reports it.
type Game struct {
	ExternalID string
	Date       string // YYYY-MM-DD
	Opponent   string
	Location   string
	Result     string
	Score      string
	Stats      Stats
}

// Season is one season's line for the athlete, as a syncer reports it.
type Season struct {
	ExternalID string
	Season     string
	TeamName   string
	SportType  string
	StartDate  string // YYYY-MM-DD
	EndDate    string // YYYY-MM-DD
	Stats      Stats
}

// HeadSize is how many leading bytes Detect needs to recognise a file.
const HeadSize = 4096

// LogoPathPrefix is where the api serves Logos; Info.LogoURL points there so the page never
// loads an outside image.
const LogoPathPrefix = "/api/stats/logos/"

//go:embed logos/*.svg
var logoFiles embed.FS

// Logos holds each provider's SVG logo as "<id>.svg", for the api to serve under
// LogoPathPrefix.
var Logos fs.FS = mustSub(logoFiles, "logos")

func mustSub(fsys fs.FS, dir string) fs.FS {
	sub, err := fs.Sub(fsys, dir)
	if err != nil {
		panic(err)
	}
	return sub
}

func logoURL(id string) string { return LogoPathPrefix + id + ".svg" }

// Manual is the provider for numbers the family writes down themselves: typed into the game form,
// or filled into our blank sheet in any spreadsheet and imported (sheet.go), the universal import
// for a team whose platform we do not read. Its kind is file: nothing is fetched over the network.
type Manual struct{}

func (Manual) Info() Info {
	return Info{ID: "manual", Name: "Manual entry", LogoURL: logoURL("manual"), Kind: KindFile}
}

// Registry is the set of providers the product offers, in the order the platform dropdown
// lists them.
type Registry struct {
	providers []Provider
	byID      map[string]Provider
}

// NewRegistry builds a registry; ids must be unique.
func NewRegistry(providers ...Provider) (*Registry, error) {
	r := &Registry{byID: make(map[string]Provider, len(providers))}
	for _, p := range providers {
		id := p.Info().ID
		if _, dup := r.byID[id]; dup {
			return nil, fmt.Errorf("stats provider %q registered twice", id)
		}
		r.byID[id] = p
		r.providers = append(r.providers, p)
	}
	return r, nil
}

// Default is the product's registry: GameChanger, MaxPreps and manual entry.
func Default() *Registry {
	r, err := NewRegistry(GameChanger{}, MaxPreps{}, Manual{})
	if err != nil {
		panic(err)
	}
	return r
}

// All lists the providers in registry order.
func (r *Registry) All() []Provider { return append([]Provider(nil), r.providers...) }

// Infos lists what GET /api/stats/providers answers.
func (r *Registry) Infos() []Info {
	infos := make([]Info, len(r.providers))
	for i, p := range r.providers {
		infos[i] = p.Info()
	}
	return infos
}

// Get finds a provider by id.
func (r *Registry) Get(id string) (Provider, bool) {
	p, ok := r.byID[id]
	return p, ok
}

// Detect picks the importer for a file by its content, whatever provider the connection
// names: GameChanger also writes MaxPreps TXT files, so the upload decides the format.
// It returns ErrNotStatsExport when no importer recognises the file.
func (r *Registry) Detect(name string, head []byte) (FileImporter, error) {
	for _, p := range r.providers {
		if fi, ok := p.(FileImporter); ok && fi.Detect(name, head) {
			return fi, nil
		}
	}
	return nil, ErrNotStatsExport
}

// Parse detects the file's format from its first bytes and parses it.
func (r *Registry) Parse(name string, rd io.Reader) (*Result, error) {
	br := bufio.NewReaderSize(rd, HeadSize)
	head, err := br.Peek(HeadSize)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return nil, fmt.Errorf("reading the stats file: %w", err)
	}
	if len(head) == 0 {
		return nil, ErrEmptyFile
	}
	fi, err := r.Detect(name, head)
	if err != nil {
		return nil, err
	}
	return fi.Parse(br)
}
