// Package statsproviders is the registry of sports-statistics providers and the parsers for
// the files families bring from them (issue #12).
//
// There is no public stats API for youth and high-school baseball and softball, so the
// product's numbers arrive as files: GameChanger's CSV export (a season, or the stats view
// filtered to one game) and MaxPreps stat files (pipe-delimited TXT, one game, written by
// GameChanger, Hudl and other scoring apps). Default() lists gamechanger, maxpreps and
// manual; a provider with a real API implements Syncer and is added to the registry
// without touching the rest.
//
// MaxPreps files also come for football, basketball, soccer and volleyball (issue 29). The
// file does not name its sport: the parser takes the sport whose MaxPreps fields the header
// names most often and says so in Result.Sport, a key of the sports catalogue
// (integrations/sports), onto whose stat keys every field maps. docs/MAXPREPS_FIELDS.md lists
// the fields with their sources. Every sport's rates come from its catalogue (Stats.Line).
//
// What the api and the stats_import and stats_sync jobs do with it:
//
//   - GET /api/stats/providers answers Registry.Infos(); the logos are served from Logos
//     under LogoPathPrefix.
//   - The import job reads the stored upload and calls Registry.Parse (or Detect, then the
//     importer's Parse). Parse is pure: the same bytes give the same Result, so a retried or
//     rescued job can parse again. A *FileError (IsFileError) fails the import with its
//     message, written for the family; any other error is a read failure worth retrying.
//   - The preview shows Result.Players (Jersey, Name, Row), Result.Warnings, and for the
//     matching row Player.Stats().Line(). Result.Match(connection's Athlete ID) gives zero, one or
//     many rows; only one row is ever written, and the confirm call names it by
//     Player.Label() (the jersey, else the name).
//   - The job stores Player.Stats() (counts, innings as outs) and Player.Raw() as JSON beside
//     them; the api answers the line the catalogue computes from the counts, where innings show
//     as "6.2". Both are built only for the row asked for: a parse keeps each row's counts in
//     one array for the file (statSlots) and its cells where they are.
//   - For a Syncer, 'Sync Now' calls Sync(ctx, connection, lastSyncedAt) and upserts the
//     games and seasons by ExternalID.
//
// TeamSnap (teamsnap.go, teamsnap_oauth.go) is the one Syncer over a public API: its API v3 in
// Collection+JSON, authorized per connection with OAuth 2. It is registered (DefaultWith) only when
// TEAMSNAP_CLIENT_ID is set; docs/TEAMSNAP.md records every endpoint and field it relies on, with
// its source, and what could not be confirmed.
package statsproviders
