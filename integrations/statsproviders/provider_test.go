package statsproviders

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"io/fs"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDefaultRegistry(t *testing.T) {
	t.Parallel()
	reg := Default()
	assert.Equal(t, []Info{
		{ID: "gamechanger", Name: "GameChanger", LogoURL: "/api/stats/logos/gamechanger.svg", Kind: KindFile},
		{ID: "maxpreps", Name: "MaxPreps", LogoURL: "/api/stats/logos/maxpreps.svg", Kind: KindFile},
		{ID: "manual", Name: "Manual entry", LogoURL: "/api/stats/logos/manual.svg", Kind: KindFile},
	}, reg.Infos())

	for _, info := range reg.Infos() {
		name := strings.TrimPrefix(info.LogoURL, LogoPathPrefix)
		svg, err := fs.ReadFile(Logos, name)
		require.NoError(t, err, info.ID)
		var root struct{ XMLName xml.Name }
		require.NoError(t, xml.Unmarshal(svg, &root), info.ID)
		assert.Equal(t, "svg", root.XMLName.Local, info.ID)
		assert.NotContains(t, string(svg), "href", "%s: a logo loads nothing from outside", info.ID)
	}

	gc, ok := reg.Get("gamechanger")
	require.True(t, ok)
	assert.Implements(t, (*FileImporter)(nil), gc)
	mp, _ := reg.Get("maxpreps")
	assert.Implements(t, (*FileImporter)(nil), mp)
	manual, _ := reg.Get("manual")
	_, isImporter := manual.(FileImporter)
	_, isSyncer := manual.(Syncer)
	assert.True(t, isImporter, "manual entry imports our blank sheet, filled in")
	assert.False(t, isSyncer, "manual entry fetches nothing")
	_, ok = reg.Get("teamsnap")
	assert.False(t, ok)

	_, err := NewRegistry(GameChanger{}, GameChanger{})
	assert.Error(t, err)
}

func TestRegistryParsePicksFormatByContent(t *testing.T) {
	t.Parallel()
	reg := Default()
	gc := gcFile(t, true, "Totals", gcHitter)
	mp := mpFile(true, testSupplier, mpHeader, mpLine(map[string]string{"Jersey": "7", "AtBats": "3"}))

	// The names lie on purpose: GameChanger writes MaxPreps files too, and families rename.
	res, err := reg.Parse("season.txt", bytes.NewReader(append([]byte{0xEF, 0xBB, 0xBF}, gc...)))
	require.NoError(t, err)
	assert.Equal(t, FormatGameChangerCSV, res.Format)
	res, err = reg.Parse("game.csv", bytes.NewReader(mp))
	require.NoError(t, err)
	assert.Equal(t, FormatMaxPrepsTXT, res.Format)

	// A big file whose head is read in pieces still detects.
	res, err = reg.Parse("s.csv", iotest.OneByteReader(bytes.NewReader(gc)))
	require.NoError(t, err)
	assert.Len(t, res.Players, 1)

	for name, file := range map[string]string{
		"spreadsheet of something else": "Date,Opponent,Score\n2026-04-01,North,5-3\n",
		"photo":                         "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
		"a journal note":                "We won today!",
	} {
		_, err := reg.Parse(name, strings.NewReader(file))
		assert.ErrorIs(t, err, ErrNotStatsExport, name)
		assert.True(t, IsFileError(err))
		assert.Equal(t, "This file is not a GameChanger or MaxPreps stats export. Export the stats again (GameChanger: Export Stats as CSV; MaxPreps: the stat file as TXT) and upload that file.", err.Error())
	}
	_, err = reg.Parse("empty.csv", strings.NewReader(""))
	assert.ErrorIs(t, err, ErrEmptyFile)

	// A storage read failure is not the family's fault: the job retries it.
	broken := errors.New("connection reset")
	_, err = reg.Parse("s.csv", io.MultiReader(bytes.NewReader(gc[:10]), iotest.ErrReader(broken)))
	assert.ErrorIs(t, err, broken)
	assert.False(t, IsFileError(err))
	_, err = GameChanger{}.Parse(io.MultiReader(bytes.NewReader(gc[:len(gc)-40]), iotest.ErrReader(broken)))
	assert.ErrorIs(t, err, broken)
	_, err = MaxPreps{}.Parse(io.MultiReader(bytes.NewReader(mp), iotest.ErrReader(broken)))
	assert.ErrorIs(t, err, broken)
}
