package jobs_test

import (
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	stdhtml "html"
	"math"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"legacylocker/integrations/statsproviders"
	"legacylocker/jobs"
	"legacylocker/media"
	"legacylocker/store"
)

// A GameChanger season export shaped as documented: the section row, the header with names that
// repeat across sections, players, Totals, a blank row and the Glossary.
const seasonCSV = ",,,Batting,,,,,,Pitching,,,\r\n" +
	"Number,Last,First,GP,AB,H,HR,RBI,BB,IP,ER,SO\r\n" +
	"12,Lee,Sam,10,30,11,2,9,4,6.2,3,8\r\n" +
	"7,Smith,Jo,10,28,7,0,3,1,-,-,-\r\n" +
	"Totals,,,10,58,18,2,12,5,6.2,3,8\r\n" +
	",,,,,,,,,,,\r\n" +
	"Glossary,GP: games played,,,,,,,,,,\r\n"

type statsFixture struct {
	mediaFixture
	importer *jobs.StatsImportWorker
	syncer   *jobs.StatsSyncWorker
}

func newStatsFixture(t *testing.T, providers ...statsproviders.Provider) statsFixture {
	f := newMediaFixture(t)
	registry := statsproviders.Default()
	if len(providers) > 0 {
		var err error
		registry, err = statsproviders.NewRegistry(providers...)
		require.NoError(t, err)
	}
	return statsFixture{f, &jobs.StatsImportWorker{Pool: f.pool, Storage: f.storage, Providers: registry, Logger: quiet},
		&jobs.StatsSyncWorker{Pool: f.pool, Storage: f.storage, Providers: registry, Logger: quiet}}
}

func (f statsFixture) connect(t *testing.T, provider, athleteID string) store.StatsConnection {
	t.Helper()
	conn, err := store.Q.StatsConnectionCreate(context.Background(), f.pool, store.StatsConnectionCreateParams{
		AthleteID: f.athlete, ProviderID: provider, ExternalAthleteID: athleteID})
	require.NoError(t, err)
	return conn
}

// upload stores an export and its import record, as the api does.
func (f statsFixture) upload(t *testing.T, conn store.StatsConnection, name, content string) store.StatsImport {
	t.Helper()
	key := media.NewKey(".csv")
	_, err := f.storage.Put(context.Background(), key, strings.NewReader(content))
	require.NoError(t, err)
	sum := sha256.Sum256([]byte(content))
	imp, err := store.Q.StatsImportCreate(context.Background(), f.pool, store.StatsImportCreateParams{
		ConnectionID: conn.ID, AthleteID: f.athlete, FileKey: key, FileName: name, FileSha256: hex.EncodeToString(sum[:]),
		FileSize: int64(len(content)), Season: "2026 Spring"})
	require.NoError(t, err)
	return imp
}

// importFile works the stats_import job of an import; syncConnection the stats_sync job of a
// connection whose sync was asked for.
func (f statsFixture) importFile(t *testing.T, imp store.StatsImport) *rivertest.WorkResult {
	t.Helper()
	return workMedia(t, f.mediaFixture, river.Worker[jobs.StatsImportArgs](f.importer), jobs.StatsImportArgs{ImportID: imp.ID})
}

func (f statsFixture) syncConnection(t *testing.T, conn store.StatsConnection) *rivertest.WorkResult {
	t.Helper()
	_, err := store.Q.StatsConnectionSyncAsked(context.Background(), f.pool, conn.ID)
	require.NoError(t, err)
	return workMedia(t, f.mediaFixture, river.Worker[jobs.StatsSyncArgs](f.syncer), jobs.StatsSyncArgs{ConnectionID: conn.ID})
}

func (f statsFixture) connection(t *testing.T, id int64) store.StatsConnection {
	t.Helper()
	conn, err := store.Q.StatsConnectionGetByID(context.Background(), f.pool, id)
	require.NoError(t, err)
	return conn
}

func (f statsFixture) imp(t *testing.T, id int64) store.StatsImport {
	t.Helper()
	imp, err := store.Q.StatsImportGetByID(context.Background(), f.pool, id)
	require.NoError(t, err)
	return imp
}

func TestStatsReportIsAPDFWithTheGameLog(t *testing.T) {
	t.Parallel()
	data := jobs.ReportData{
		Athlete: store.Athlete{Name: "Jordan Lee", Sports: "Baseball", Position: "Pitcher", GraduationYear: 2028, School: "Lincoln High"},
		Seasons: []jobs.ReportSeason{{Season: "2026 Spring", Stats: statsproviders.Stats{"atBats": 30, "hits": 11}}},
	}
	for i, opp := range []string{"North", "South", "East"} {
		data.Games = append(data.Games, jobs.ReportGame{Date: time.Date(2026, 4, 2+i, 0, 0, 0, 0, time.UTC), Opponent: opp,
			Stats: statsproviders.Stats{"atBats": 4, "hits": i + 1, "outsPitched": 18, "earnedRuns": i}})
	}
	var out bytes.Buffer
	require.NoError(t, jobs.RenderStatsReport(&out, data))
	require.True(t, bytes.HasPrefix(out.Bytes(), []byte("%PDF-")))
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Fatal("pdftotext (poppler-utils, installed by scripts/deps.sh) reads the report back")
	}
	cmd := exec.Command("pdftotext", "-", "-")
	cmd.Stdin = &out
	text, err := cmd.Output()
	require.NoError(t, err)
	for _, want := range []string{"Jordan Lee", "Class of 2028", "2026 Spring", ".367", "Game log", "South", "Batting Average, rolling 5 games", "Earned Run Average by game"} {
		assert.Contains(t, string(text), want)
	}
}

// reportText renders a report and reads its text back with pdftotext.
func reportText(t *testing.T, data jobs.ReportData) string {
	t.Helper()
	var out bytes.Buffer
	require.NoError(t, jobs.RenderStatsReport(&out, data))
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Fatal("pdftotext (poppler-utils, installed by scripts/deps.sh) reads the report back")
	}
	cmd := exec.Command("pdftotext", "-", "-")
	cmd.Stdin = &out
	text, err := cmd.Output()
	require.NoError(t, err)
	return string(text)
}

func TestStatsReportDrawsABasketballGameLogFromItsCatalogue(t *testing.T) {
	t.Parallel()
	data := jobs.ReportData{Athlete: store.Athlete{Name: "Ava Park", Sports: "Basketball", Position: "Point Guard", GraduationYear: 2028}}
	for i, opp := range []string{"North", "South", "East"} {
		data.Games = append(data.Games, jobs.ReportGame{Date: time.Date(2026, 1, 9+i, 0, 0, 0, 0, time.UTC), Opponent: opp,
			Sport: "basketball", Level: "high_school",
			Stats: statsproviders.Stats{"points": 18 + i, "fieldGoalsMade": 7, "fieldGoalsAttempted": 14, "assists": 5, "gamesPlayed": 1}})
	}
	text := reportText(t, data)
	for _, want := range []string{"Game log", "PTS", "AST", "FG%", "FGA", "50.0%", "Points by game"} {
		assert.Contains(t, text, want)
	}
	for _, never := range []string{"AB", "ERA", "AVG", "Batting"} {
		assert.NotContains(t, text, never)
	}
	gameLog := text[strings.Index(text, "Game log"):]
	for _, seasonOnly := range []string{"PPG", "GP"} {
		assert.Contains(t, text[:len(text)-len(gameLog)], seasonOnly, "the season added up from the games has its per-game numbers")
		assert.NotContains(t, gameLog, seasonOnly)
	}
}

func TestStatsReportLeadsWithTheFamilysChoice(t *testing.T) {
	t.Parallel()
	data := jobs.ReportData{Athlete: store.Athlete{Name: "Ava Park", Sports: "Basketball", Position: "Point Guard",
		LeadStats: []byte(`{"basketball": ["rebounds", "points"]}`)}}
	for i := range 2 {
		data.Games = append(data.Games, jobs.ReportGame{Date: time.Date(2026, 1, 9+i, 0, 0, 0, 0, time.UTC), Opponent: "North",
			Sport: "basketball", Level: "high_school", Stats: statsproviders.Stats{"points": 10 + i, "rebounds": 8 + i, "gamesPlayed": 1}})
	}
	text := reportText(t, data)
	assert.Contains(t, text, "Rebounds by game")
	assert.Less(t, strings.Index(text, "REB"), strings.Index(text, "PTS"), "the chosen order heads the game log")
}

func TestStatsReportChartsARunnersTimesLowerIsBetter(t *testing.T) {
	t.Parallel()
	data := jobs.ReportData{Athlete: store.Athlete{Name: "Rae Lin", Sports: "Track & Field"}}
	for i, hundredths := range []int{11832, 11710} {
		data.Games = append(data.Games, jobs.ReportGame{Date: time.Date(2026, 4, 9+i, 0, 0, 0, 0, time.UTC), Opponent: "Invitational",
			Sport: "track_and_field", Level: "high_school", Stats: statsproviders.Stats{"run800": hundredths}})
	}
	text := reportText(t, data)
	for _, want := range []string{"800", "1:58.32", "800 m by game (lower is better)"} {
		assert.Contains(t, text, want)
	}
}

func TestStatsReportHasASectionPerSport(t *testing.T) {
	t.Parallel()
	data := jobs.ReportData{Athlete: store.Athlete{Name: "Sam Cruz", Sports: "Baseball, Basketball", GraduationYear: 2028}}
	day := time.Date(2026, 1, 9, 0, 0, 0, 0, time.UTC)
	data.Games = []jobs.ReportGame{
		{Date: day, Opponent: "Hoops High", Sport: "basketball", Level: "high_school", Stats: statsproviders.Stats{"points": 12, "gamesPlayed": 1}},
		{Date: day.AddDate(0, 3, 0), Opponent: "Diamond Prep", Sport: "baseball", Level: "high_school", Stats: statsproviders.Stats{"atBats": 4, "hits": 2}},
	}
	text := reportText(t, data)
	baseball, basketball := strings.Index(text, "Baseball\n"), strings.Index(text, "Basketball\n")
	require.True(t, baseball >= 0 && basketball > baseball, "a section per sport, in the profile's order:\n%s", text)
	assert.Contains(t, text[baseball:basketball], "AVG")
	assert.Contains(t, text[basketball:], "PTS")
	assert.NotContains(t, text[basketball:], "AVG")
}

func TestAchievementCardNamesStatsFromTheAthletesSport(t *testing.T) {
	t.Parallel()
	athlete := store.Athlete{Name: "Ava Park", Sports: "Basketball, Soccer", Position: "Point Guard"}
	a := store.Achievement{Title: "Career high", Stats: []byte(`{"Dunks": 2, "3P%": "50%", "assists": 11, "pts": 31}`)}
	card, err := jobs.AchievementCard(a, athlete)
	require.NoError(t, err)
	var labels []string
	for _, s := range card.Stats {
		labels = append(labels, s.Label)
	}
	assert.Equal(t, []string{"Points", "Assists", "3-Point Percentage", "Dunks"}, labels, "the point guard's lead stats first, then a name the sport does not keep")
}

// reportWords renders a report and reads back its words with their boxes (pdftotext -bbox).
func reportWords(t *testing.T, data jobs.ReportData) []pdfWord {
	t.Helper()
	var out bytes.Buffer
	require.NoError(t, jobs.RenderStatsReport(&out, data))
	cmd := exec.Command("pdftotext", "-bbox", "-", "-")
	cmd.Stdin = &out
	html, err := cmd.Output()
	require.NoError(t, err, "pdftotext (poppler-utils, installed by scripts/deps.sh) reads the report back")
	var words []pdfWord
	page := 0
	for _, line := range strings.Split(string(html), "\n") {
		if strings.Contains(line, "<page ") {
			page++
		}
		m := bboxWord.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		w := pdfWord{page: page, text: stdhtml.UnescapeString(m[5])}
		w.xMin, _ = strconv.ParseFloat(m[1], 64)
		w.yMin, _ = strconv.ParseFloat(m[2], 64)
		w.xMax, _ = strconv.ParseFloat(m[3], 64)
		w.yMax, _ = strconv.ParseFloat(m[4], 64)
		words = append(words, w)
	}
	return words
}

type pdfWord struct {
	page                   int
	xMin, yMin, xMax, yMax float64
	text                   string
}

var bboxWord = regexp.MustCompile(`<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)</word>`)

// rowOf answers the words on the same line as the first word reading text, left to right.
func rowOf(t *testing.T, words []pdfWord, text string) []pdfWord {
	t.Helper()
	for _, w := range words {
		if w.text != text {
			continue
		}
		var row []pdfWord
		for _, o := range words {
			if o.page == w.page && math.Abs((o.yMin+o.yMax)/2-(w.yMin+w.yMax)/2) < 1 {
				row = append(row, o)
			}
		}
		slices.SortFunc(row, func(a, b pdfWord) int { return cmp.Compare(a.xMin, b.xMin) })
		return row
	}
	t.Fatalf("no word %q in the report", text)
	return nil
}

func TestStatsReportPrintsCleanlyForAFamilyOfSeveralSports(t *testing.T) {
	t.Parallel()
	data := jobs.ReportData{Athlete: store.Athlete{Name: "Jordan Lee", Sports: "Baseball, Basketball", Position: "Pitcher", GraduationYear: 2028}}
	// A spring of baseball, whatever month the report is made in, and a winter of basketball.
	for i, opp := range []string{"Central Eagles", "Central Eagles Christian Academy of the Valley", "North"} {
		data.Games = append(data.Games, jobs.ReportGame{Date: time.Date(2026, 4, 10+7*i, 0, 0, 0, 0, time.UTC), Opponent: opp,
			Sport: "baseball", Level: "high_school",
			Stats: statsproviders.Stats{"atBats": 4, "hits": 4 - i, "rbi": 4, "walks": 1, "outsPitched": 18, "earnedRuns": i}})
	}
	data.Seasons = []jobs.ReportSeason{{Season: "2026 Summer", Team: "Central Eagles Travel Ball Academy 16U Gold", Sport: "baseball",
		Level: "high_school", Stats: statsproviders.Stats{"atBats": 40, "hits": 14, "rbi": 12}}}
	for i := range 2 {
		data.Games = append(data.Games, jobs.ReportGame{Date: time.Date(2026, 1, 9+i, 0, 0, 0, 0, time.UTC), Opponent: "Hoops High",
			Sport: "basketball", Level: "high_school", Stats: statsproviders.Stats{"points": 12 + i, "rebounds": 4, "gamesPlayed": 1}})
	}
	text := reportText(t, data)

	// Headings and titles are the catalogue's abbreviations and labels, never a key in words.
	for _, want := range []string{"RBI", "OPS", "SO", "ERA", "PTS", "REB", "Batting Average, rolling 5 games", "Earned Run Average by game", "Points by game"} {
		assert.Contains(t, text, want)
	}
	for _, never := range []string{"Rbi", "Ops", "Era"} {
		assert.NotContains(t, text, never)
	}
	// Seasons are named from the games' own dates and the sport's school season.
	assert.Contains(t, text, "2026 Spring")
	assert.Contains(t, text, "2025–26 Winter")
	assert.NotContains(t, text, "Fall")

	words := reportWords(t, data)
	// Every cell of a game log row stays in its column: the words of a row never overlap, and a
	// name never runs into the number beside it ("Central Eagle4").
	for _, date := range []string{"04/10/26", "04/17/26", "04/24/26"} {
		row := rowOf(t, words, date)
		require.Greater(t, len(row), 10, "the row of %s:\n%s", date, text)
		for i := 1; i < len(row); i++ {
			assert.LessOrEqual(t, row[i-1].xMax, row[i].xMin+0.01, "%q runs into %q", row[i-1].text, row[i].text)
			assert.NotRegexp(t, `[A-Za-z…][0-9.]`, row[i-1].text, "a name runs into a number")
		}
	}
	// The imported season's long team name too, in the season table.
	summer := rowOf(t, words, "Summer")
	for i := 1; i < len(summer); i++ {
		assert.LessOrEqual(t, summer[i-1].xMax, summer[i].xMin+0.01, "%q runs into %q", summer[i-1].text, summer[i].text)
	}
	assert.Contains(t, summer[len(summer)-17].text, "…", "the team name is cut to its column: %v", summer)
	eagles := rowOf(t, words, "04/10/26")
	assert.Equal(t, "Central Eagles", eagles[1].text+" "+eagles[2].text, "a name that fits is written whole")
	long := rowOf(t, words, "04/17/26")
	opponent := long[1 : len(long)-16] // the date, the opponent's words, the sixteen stat cells
	assert.True(t, strings.HasSuffix(opponent[len(opponent)-1].text, "…"), "a name too long for its column ends with an ellipsis: %v", opponent)

	// The charts carry the games' dates on their x axis.
	chart := strings.Index(text, "Batting Average, rolling")
	require.GreaterOrEqual(t, chart, 0)
	for _, day := range []string{"Apr 10", "Apr 24"} {
		assert.Contains(t, text[chart:], day)
	}
	assert.Contains(t, text[strings.Index(text, "Points by game"):], "Jan 9")
}
