package spreadsheet

import (
	"bytes"
	"encoding/csv"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestNeutralise(t *testing.T) {
	t.Parallel()
	for cell, want := range map[string]string{
		`=HYPERLINK("http://evil.example","x")`: `'=HYPERLINK("http://evil.example","x")`,
		"+1+cmd|' /C calc'!A0":                  "'+1+cmd|' /C calc'!A0",
		"-2+3":                                  "'-2+3",
		"@SUM(A1:A2)":                           "'@SUM(A1:A2)",
		"\t=1+1":                                "'\t=1+1",
		"\r=1+1":                                "'\r=1+1",
		"-":                                     "'-",
		"-1e5x":                                 "'-1e5x",
		"-Inf":                                  "'-Inf",
		// Plain numbers stay numbers a spreadsheet can add up.
		"-3":     "-3",
		"-0.5":   "-0.5",
		"+4":     "+4",
		"-.25":   "-.25",
		"-1.5E3": "-1.5E3",
		".367":   ".367",
		"12":     "12",
		// Text that only contains a trigger later is left alone.
		"Hawks":        "Hawks",
		"Team =Eagles": "Team =Eagles",
		"":             "",
		"2026-04-11":   "2026-04-11",
	} {
		require.Equal(t, want, Neutralise(cell), "cell %q", cell)
	}
}

func TestWriterNeutralisesEveryCell(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	w := NewWriter(&out)
	require.NoError(t, w.Write([]string{"Date", "Opponent", "Runs"}))
	require.NoError(t, w.Write([]string{"2026-04-11", `=HYPERLINK("http://evil.example","x")`, "-3"}))
	require.NoError(t, w.Flush())
	rows, err := csv.NewReader(&out).ReadAll()
	require.NoError(t, err)
	require.Equal(t, [][]string{{"Date", "Opponent", "Runs"}, {"2026-04-11", `'=HYPERLINK("http://evil.example","x")`, "-3"}}, rows)
}

// TestEveryCSVGoesThroughWriter walks the module's Go code: a file that writes CSV with
// encoding/csv directly would skip the neutralising, so only this package may (readers may import it).
func TestEveryCSVGoesThroughWriter(t *testing.T) {
	t.Parallel()
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	require.FileExists(t, filepath.Join(root, "go.mod"))
	here, err := filepath.Abs(".")
	require.NoError(t, err)
	var offenders []string
	checked := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || filepath.Dir(path) == here {
			return nil
		}
		checked++
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		file, err := parser.ParseFile(token.NewFileSet(), path, src, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, imp := range file.Imports {
			if p, _ := strconv.Unquote(imp.Path.Value); p == "encoding/csv" && bytes.Contains(src, []byte("csv.NewWriter")) {
				offenders = append(offenders, path)
			}
		}
		return nil
	})
	require.NoError(t, err)
	require.Greater(t, checked, 100, "the walk found the module's code")
	require.Empty(t, offenders, "write CSV with spreadsheet.NewWriter, which neutralises formulas")
}
