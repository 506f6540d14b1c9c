package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The one job state (docs/API.md, "Job state"): every record whose work a job does answers
// jobState's status, statusReason and progress, and nothing else says how a job is doing.
// TestOneJobState reads the source of every package whose types reach an answer (the handlers'
// response types here, store's and jobs' JSON types the handlers pass through) and holds each
// struct to these rules:
//
//  1. store.JobStatus is a field of jobState only: another struct that holds one invents a
//     second shape.
//  2. A struct that embeds jobState (or holds a store.JobStatus) has no JSON field named state,
//     error or reason beside it: those were the second, third and fourth shapes. No exceptions.
//  3. The JSON names status, statusReason and progress (and any name ending in Status or
//     StatusReason) belong to jobState; a status that is not a job's (a subscription's, a
//     college interest's) is listed in otherStatuses with why.
//  4. A JSON field named state, error or reason anywhere else is listed in otherStatuses too: a
//     record must not say how its job went under another name.
//  5. A map literal answered as JSON has none of those keys unless listed (the health checks).
//
// Exceptions are keyed "package.Type.jsonName" (a struct declared inside a function is
// "package.function.jsonName").
var otherStatuses = map[string]string{
	"main.subscriptionStatus.status":           "a Stripe subscription's status (active, past_due, …), not a job's",
	"main.collegeInterestResponse.status":      "where the family stands with a college (researching … committed)",
	"main.collegeInterestInput.status":         "the same, as the family sends it",
	"main.recruitingLinkResponse.state":        "whether a coach link still opens (active, expired, revoked), not a job's",
	"store.JobFailure.state":                   "River's own state of a failed job, for operators (ops summary)",
	"store.JobFailure.error":                   "River's own error text of a failed job, for operators",
	"main.journalEntryResponse.aiStatus":       "the entry is not its enhancement's record: the enhancement's job state is aiStatus/aiStatusReason (docs/API.md)",
	"main.journalEntryResponse.aiStatusReason": "the same",
	"main.healthz.status":                      "the process's health (ok), not a record's job",
	"main.readyz.status":                       "the process's readiness (ready), not a record's job",
}

// jobStatePackages are the directories whose types reach answers, and whether every struct there
// is an answer's (cmd/api) or only those with JSON tags (the others also hold database rows and job
// arguments).
var jobStatePackages = []struct {
	dir        string
	taggedOnly bool
}{{".", false}, {"../../store", true}, {"../../jobs", true}}

func TestOneJobState(t *testing.T) {
	t.Parallel()
	var problems []string
	used := map[string]bool{}
	for _, pkg := range jobStatePackages {
		fset := token.NewFileSet()
		files := parseSources(t, fset, pkg.dir)
		problems = append(problems, jobStateProblems(fset, files, pkg.taggedOnly, otherStatuses, used)...)
	}
	require.Empty(t, problems, "answers that say how a job is doing outside jobState")
	for key := range otherStatuses {
		require.True(t, used[key], "otherStatuses lists %s, which no longer exists: remove it", key)
	}
	// jobState itself is the contract the web app reads.
	var fields []string
	for i := range reflect.TypeFor[jobState]().NumField() {
		fields = append(fields, reflect.TypeFor[jobState]().Field(i).Tag.Get("json"))
	}
	require.Equal(t, []string{"status", "statusReason", "progress,omitempty"}, fields)
}

// TestOneJobStateCatchesEachRule feeds the rules structs that break them, one rule each, so the
// test above can fail.
func TestOneJobStateCatchesEachRule(t *testing.T) {
	t.Parallel()
	cases := map[string]struct{ src, want string }{
		"a job status outside jobState": {`type thing struct { State store.JobStatus ` + "`json:\"phase\"`" + ` }`, "main.thing.State holds a store.JobStatus"},
		"through a pointer and a local type": {`type phase store.JobStatus
			type thing struct { P *phase ` + "`json:\"p\"`" + ` }`, "main.thing.P holds a store.JobStatus"},
		"state beside jobState":              {`type report struct { jobState; State string ` + "`json:\"state\"`" + ` }`, "main.report has state beside its job state"},
		"error beside an embedded *jobState": {`type card struct { *jobState; E *string ` + "`json:\"error\"`" + ` }`, "main.card has error beside its job state"},
		"a status of its own":                {`type sync struct { Status string ` + "`json:\"status\"`" + ` }`, "main.sync.status is a job state's name"},
		"a prefixed status":                  {`type entry struct { CardStatus string ` + "`json:\"cardStatus\"`" + ` }`, "main.entry.cardStatus is a job state's name"},
		"progress of its own":                {`type export struct { jobState; Percent int ` + "`json:\"progress\"`" + ` }`, "main.export.progress is a job state's name"},
		"state anywhere":                     {`type sync struct { State string ` + "`json:\"state\"`" + ` }`, "main.sync.state is not a job state's name"},
		"in a handler's own struct":          {`func h() { var out struct { Error *string ` + "`json:\"error\"`" + ` }; _ = out }`, "main.h.error is not a job state's name"},
		"a map answer":                       {`func h(c *echo.Context) error { return c.JSON(200, map[string]any{"state": "done"}) }`, `main.h answers a map with "state"`},
		"an echo.Map answer":                 {`func h(c *echo.Context) error { return c.JSON(200, echo.Map{"error": "boom"}) }`, `main.h answers a map with "error"`},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			fset := token.NewFileSet()
			file, err := parser.ParseFile(fset, "snippet.go", "package main\n"+tc.src, parser.SkipObjectResolution)
			require.NoError(t, err)
			problems := jobStateProblems(fset, []*ast.File{file}, false, nil, map[string]bool{})
			require.Len(t, problems, 1, "%v", problems)
			require.Contains(t, problems[0], tc.want)
		})
	}
	// An exception lets a listed field through, and only that one.
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "snippet.go", "package main\ntype plan struct { Status string `json:\"status\"`; State string `json:\"state\"` }", parser.SkipObjectResolution)
	require.NoError(t, err)
	problems := jobStateProblems(fset, []*ast.File{file}, false, map[string]string{"main.plan.status": "a plan's"}, map[string]bool{})
	require.Len(t, problems, 1)
	require.Contains(t, problems[0], "main.plan.state")
}

// parseSources parses a directory's non-test Go files.
func parseSources(t *testing.T, fset *token.FileSet, dir string) []*ast.File {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	require.NoError(t, err)
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		require.NoError(t, err)
		file, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
		require.NoError(t, err)
		files = append(files, file)
	}
	require.NotEmpty(t, files, dir)
	return files
}

var (
	// jobStateNames are jobState's JSON names: nobody else's.
	jobStateNames = []string{"status", "statusReason", "progress"}
	// oldJobStateNames are the names the re-forked answers used for how their job went.
	oldJobStateNames = []string{"state", "error", "reason"}
)

// jobStateProblems applies the rules to the structs and map literals of one package's files,
// marking in used the exceptions it needed.
func jobStateProblems(fset *token.FileSet, files []*ast.File, taggedOnly bool, exceptions map[string]string, used map[string]bool) []string {
	if len(files) == 0 {
		return nil
	}
	pkg := files[0].Name.Name
	// Local types, so a field of a type declared as store.JobStatus is seen as one.
	local := map[string]ast.Expr{}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			if spec, ok := n.(*ast.TypeSpec); ok {
				local[spec.Name.Name] = spec.Type
			}
			return true
		})
	}
	var problems []string
	report := func(pos token.Pos, format string, args ...any) {
		problems = append(problems, fmt.Sprintf("%s: %s", fset.Position(pos), fmt.Sprintf(format, args...)))
	}
	excused := func(key string) bool {
		if _, ok := exceptions[key]; ok {
			used[key] = true
			return true
		}
		return false
	}
	for _, f := range files {
		var owner []string // the enclosing type or function names
		var visit func(n ast.Node) bool
		visit = func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncDecl:
				owner = append(owner, n.Name.Name)
				if n.Body != nil {
					ast.Inspect(n.Body, visit)
				}
				owner = owner[:len(owner)-1]
				return false
			case *ast.TypeSpec:
				owner = append(owner, n.Name.Name)
				ast.Inspect(n.Type, visit)
				owner = owner[:len(owner)-1]
				return false
			case *ast.StructType:
				name := pkg + "." + strings.Join(owner, ".")
				if len(owner) == 0 {
					name = pkg + ".<anonymous>"
				}
				if name == "main.jobState" {
					return true
				}
				checkStruct(n, name, pkg, taggedOnly, local, excused, report)
			case *ast.CompositeLit:
				if answerMap(n.Type) {
					for _, elt := range n.Elts {
						kv, ok := elt.(*ast.KeyValueExpr)
						if !ok {
							continue
						}
						lit, ok := kv.Key.(*ast.BasicLit)
						if !ok || lit.Kind != token.STRING {
							continue
						}
						key, _ := strconv.Unquote(lit.Value)
						if jobStateName(key) || slices.Contains(oldJobStateNames, key) {
							where := pkg + "." + strings.Join(owner, ".")
							if !excused(where + "." + key) {
								report(lit.Pos(), "%s answers a map with %q: use jobState", where, key)
							}
						}
					}
				}
			}
			return true
		}
		for _, decl := range f.Decls {
			ast.Inspect(decl, visit)
		}
	}
	return problems
}

// checkStruct applies rules 1 to 4 to one struct.
func checkStruct(st *ast.StructType, name, pkg string, taggedOnly bool, local map[string]ast.Expr, excused func(string) bool, report func(token.Pos, string, ...any)) {
	if taggedOnly && !slices.ContainsFunc(st.Fields.List, func(f *ast.Field) bool {
		return f.Tag != nil && strings.Contains(f.Tag.Value, "json:")
	}) {
		return
	}
	hasJobState := false
	for _, field := range st.Fields.List {
		if len(field.Names) == 0 && isIdent(deref(field.Type), "jobState") {
			hasJobState = true
		}
		if holdsJobStatus(field.Type, pkg, local, 0) {
			hasJobState = true
			fieldName := "embedded"
			if len(field.Names) > 0 {
				fieldName = field.Names[0].Name
			}
			if !excused(name + "." + jsonName(field)) {
				report(field.Pos(), "%s.%s holds a store.JobStatus: embed jobState instead", name, fieldName)
			}
		}
	}
	for _, field := range st.Fields.List {
		key := jsonName(field)
		switch {
		case key == "":
		case hasJobState && slices.Contains(oldJobStateNames, key):
			report(field.Pos(), "%s has %s beside its job state: that is statusReason", name, key)
		case jobStateName(key):
			if !excused(name+"."+key) && !holdsJobStatus(field.Type, pkg, local, 0) {
				report(field.Pos(), "%s.%s is a job state's name: embed jobState, or list it in otherStatuses with why", name, key)
			}
		case slices.Contains(oldJobStateNames, key):
			if !excused(name + "." + key) {
				report(field.Pos(), "%s.%s is not a job state's name: embed jobState, or list it in otherStatuses with why", name, key)
			}
		}
	}
}

// jobStateName reports whether a JSON name says how a job is doing: jobState's own names, and
// prefixed statuses (cardStatus, aiStatusReason).
func jobStateName(key string) bool {
	return slices.Contains(jobStateNames, key) || strings.HasSuffix(key, "Status") || strings.HasSuffix(key, "StatusReason")
}

// holdsJobStatus reports whether a field's type is store.JobStatus, through pointers, slices, maps
// and the package's own named types.
func holdsJobStatus(expr ast.Expr, pkg string, local map[string]ast.Expr, depth int) bool {
	if depth > 8 {
		return false
	}
	switch e := expr.(type) {
	case *ast.StarExpr:
		return holdsJobStatus(e.X, pkg, local, depth+1)
	case *ast.ArrayType:
		return holdsJobStatus(e.Elt, pkg, local, depth+1)
	case *ast.MapType:
		return holdsJobStatus(e.Value, pkg, local, depth+1)
	case *ast.SelectorExpr:
		return isIdent(e.X, "store") && e.Sel.Name == "JobStatus"
	case *ast.Ident:
		if pkg == "store" && e.Name == "JobStatus" {
			return true
		}
		if under, ok := local[e.Name]; ok && !isStruct(under) {
			return holdsJobStatus(under, pkg, local, depth+1)
		}
	}
	return false
}

// jsonName is a field's name in JSON: its tag's, else the Go name of an exported, non-embedded
// field; "" for fields JSON leaves out.
func jsonName(field *ast.Field) string {
	if field.Tag != nil {
		tag, _ := strconv.Unquote(field.Tag.Value)
		if name, ok := reflect.StructTag(tag).Lookup("json"); ok {
			name, _, _ = strings.Cut(name, ",")
			if name == "-" {
				return ""
			}
			if name != "" {
				return name
			}
		}
	}
	if len(field.Names) == 0 || !field.Names[0].IsExported() {
		return ""
	}
	return field.Names[0].Name
}

func deref(e ast.Expr) ast.Expr {
	if star, ok := e.(*ast.StarExpr); ok {
		return star.X
	}
	return e
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

// answerMap reports whether a composite literal's type is a map with string keys: a literal
// map[string]T, or echo.Map.
func answerMap(e ast.Expr) bool {
	if m, ok := e.(*ast.MapType); ok {
		return isIdent(m.Key, "string")
	}
	sel, ok := e.(*ast.SelectorExpr)
	return ok && isIdent(sel.X, "echo") && sel.Sel.Name == "Map"
}

func isStruct(e ast.Expr) bool {
	_, ok := e.(*ast.StructType)
	return ok
}
