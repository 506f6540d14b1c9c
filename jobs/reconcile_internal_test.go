package jobs

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"legacylocker/store/storetest"
)

// TestEveryKindIsReconciledOrExcused walks the job kinds this package declares (every Kind method
// returning a string literal) and holds each to the reconciler: its record is in jobRecords, or it
// is excused in reconcileExcused with the reason beside jobRecords. Every table and column the
// registry names exists, and every reconcile query runs.
func TestEveryKindIsReconciledOrExcused(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	var kinds []string
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, name, nil, 0)
		require.NoError(t, err)
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
	require.Contains(t, kinds, "media_process", "the walk finds the kinds")
	for _, kind := range kinds {
		reconciled := slices.ContainsFunc(jobRecords, func(r jobRecord) bool { return r.kind == kind })
		excused := slices.Contains(reconcileExcused, kind)
		require.True(t, reconciled != excused, "job kind %q must be in jobRecords (its record is failed when River ends its job) or in reconcileExcused, not both", kind)
	}

	pool := storetest.NewPool(t)
	ctx := context.Background()
	for _, r := range jobRecords {
		for _, column := range []string{"id", r.status, r.reason} {
			var found bool
			require.NoError(t, pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = $1 AND column_name = $2)`,
				r.table, column).Scan(&found))
			require.True(t, found, "%s: no column %s.%s", r.kind, r.table, column)
		}
	}
	n, err := ReconcileRecords(ctx, pool)
	require.NoError(t, err, "every reconcile query runs")
	require.Zero(t, n)
}
