package jobs_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"legacylocker/store"
)

// jobsAboutNoAthlete are the kinds whose jobs are about no one athlete's record, so deleting an
// athlete has none of them to remove, each with why.
var jobsAboutNoAthlete = map[string]string{
	"backup":                "periodic, over the whole database and every file",
	"backup_drill":          "periodic, restores the newest backup into a scratch database",
	"billing_event":         "a Stripe event of the paying account; the account's deletion empties its payload",
	"legacy_export_cleanup": "periodic, over every family's expired archives",
	"media_delete":          "removes files already unlinked from every record: it must outlive the athlete",
	"media_upload_expire":   "periodic, over every family's abandoned uploads",
	"media_hash_backfill":   "periodic, over every family's unhashed originals",
	"prompt_reminders":      "periodic, over every account that asked for the weekly e-mail",
	"digests":               "periodic, over every member whose digest is due",
	"recruiting_briefs":     "periodic, over every owner whose weekly recruiting brief is due",
	"records_reconcile":     "periodic, over every family's records whose job has ended",
	"sessions_delete":       "ends an account's sessions: it runs because the account is going",
	"worker_rescue":         "periodic, over every worker's running jobs",
}

// TestEveryJobKindIsRemovedWithItsAthlete: a new job kind about an athlete's records must tell the
// deletion how to find its jobs (store's athleteJobs), or say here why it is about no athlete.
// Otherwise a deleted family's queued work would run against records that are gone.
func TestEveryJobKindIsRemovedWithItsAthlete(t *testing.T) {
	kinds := registeredKinds(t)
	require.Contains(t, kinds, "media_process", "the source walk finds the kinds")
	removed := store.AthleteJobKinds()
	for _, kind := range kinds {
		_, excused := jobsAboutNoAthlete[kind]
		require.True(t, slices.Contains(removed, kind) != excused,
			"job kind %s: list it in store's athleteJobs (deleting an athlete removes its jobs) or in jobsAboutNoAthlete with why, not both nor neither", kind)
	}
	for kind := range jobsAboutNoAthlete {
		require.Contains(t, kinds, kind, "jobsAboutNoAthlete names a kind that no longer exists")
	}
}

// registeredKinds reads every `func (XArgs) Kind() string { return "kind" }` of the package.
func registeredKinds(t *testing.T) []string {
	t.Helper()
	packages, err := parser.ParseDir(token.NewFileSet(), ".", nil, 0)
	require.NoError(t, err)
	var kinds []string
	for _, pkg := range packages {
		for _, file := range pkg.Files {
			for _, decl := range file.Decls {
				fn, ok := decl.(*ast.FuncDecl)
				if !ok || fn.Recv == nil || fn.Name.Name != "Kind" || len(fn.Body.List) != 1 {
					continue
				}
				ret, ok := fn.Body.List[0].(*ast.ReturnStmt)
				if !ok || len(ret.Results) != 1 {
					continue
				}
				if lit, ok := ret.Results[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
					kind, err := strconv.Unquote(lit.Value)
					require.NoError(t, err)
					kinds = append(kinds, kind)
				}
			}
		}
	}
	return kinds
}
