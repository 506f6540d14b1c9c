package jobs

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image/jpeg"
	"log/slog"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"

	"legacylocker/integrations/sports"
	"legacylocker/integrations/statsproviders"
	"legacylocker/media"
	"legacylocker/store"
)

// StatsReportArgs renders one 'Generate Stats Report' request.
type StatsReportArgs struct {
	ReportID int64 `json:"report_id"`
}

func (StatsReportArgs) Kind() string { return "stats_report" }

func (StatsReportArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueDefault, MaxAttempts: 5}
}

// StatsReportWorker draws the athlete's stats report as a PDF (go-pdf/fpdf: pure Go, so every
// worker can make one without a browser beside it) and files it in the media library as a PDF
// item, which then goes through media_process like an upload (its preview image).
type StatsReportWorker struct {
	river.WorkerDefaults[StatsReportArgs]
	Pool    *pgxpool.Pool
	Storage media.Storage
	Logger  *slog.Logger
}

func (w *StatsReportWorker) Timeout(*river.Job[StatsReportArgs]) time.Duration {
	return 2 * time.Minute
}

func (w *StatsReportWorker) Work(ctx context.Context, job *river.Job[StatsReportArgs]) error {
	report, err := loadRecord(ctx, w.Pool, "stats report", job.Args.ReportID, store.Q.StatsReportGetByID)
	if err != nil {
		return err
	}
	if !report.Status.Working() {
		return nil
	}
	data, err := loadReportData(ctx, w.Pool, report.AthleteID)
	if err != nil {
		return err
	}
	if data.Photo, _, err = athletePhotoSquare(ctx, w.Pool, w.Storage, report.AthleteID, false); err != nil {
		return err
	}
	var pdf bytes.Buffer
	if err := RenderStatsReport(&pdf, data); err != nil {
		return giveUpOrRetry(job.JobRow, err, true, func() error {
			return store.Q.StatsReportFinish(ctx, w.Pool, store.StatsReportFinishParams{ID: report.ID, Status: store.JobFailed, StatusReason: "The report could not be drawn."})
		})
	}
	// The key is the report's own, so a retried job overwrites its file instead of leaving one behind.
	sum := sha256.Sum256(fmt.Appendf(nil, "stats-report/%d/%d", report.ID, report.CreatedAt.UnixNano()))
	key := hex.EncodeToString(sum[:16]) + ".pdf"
	size, err := w.Storage.Put(ctx, key, bytes.NewReader(pdf.Bytes()))
	if err != nil {
		return fmt.Errorf("storing the report: %w", err)
	}
	client, err := river.ClientFromContextSafely[pgx.Tx](ctx)
	if err != nil {
		return fmt.Errorf("finding the job client: %w", err)
	}
	today := time.Now().UTC()
	return store.WithTx(ctx, w.Pool, func(tx pgx.Tx) error {
		item, err := store.Q.MediaCreate(ctx, tx, store.MediaCreateParams{
			AthleteID: report.AthleteID, UploadedBy: report.CreatedBy,
			Title:       fmt.Sprintf("Stats Report %s", today.Format("Jan 2, 2006")),
			Description: fmt.Sprintf("Season tables, game log and trends for %s.", data.Athlete.Name),
			MediaDate:   today.Truncate(24 * time.Hour), MediaType: string(media.KindPDF), MimeType: "application/pdf",
			OriginalKey: key, FileSize: size, IsPrivate: true, Tags: []string{"stats report"},
		})
		if err != nil {
			return fmt.Errorf("filing the report: %w", err)
		}
		if _, err := client.InsertTx(ctx, tx, MediaProcessArgs{MediaID: item.ID}, nil); err != nil {
			return fmt.Errorf("enqueueing media_process: %w", err)
		}
		return store.Q.StatsReportFinish(ctx, tx, store.StatsReportFinishParams{ID: report.ID, Status: store.JobReady, MediaID: &item.ID})
	})
}

// ReportData is everything a stats report shows.
type ReportData struct {
	Athlete store.Athlete
	// Photo is the athlete's 512 px square (JPEG) for the header, nil when there is none.
	Photo []byte
	// Seasons are the season lines imported from files or platforms; the report adds the games
	// up into seasons of its own (named from the games' dates) beside them.
	Seasons []ReportSeason
	Games   []ReportGame // oldest first, as a game log reads
	// SeasonNames are the names the family gave seasons.
	SeasonNames sports.SeasonNames
}

type ReportSeason struct {
	Season, Team string
	// Start is an imported line's first day, when the file or platform gave one (a season book
	// keeps the lines its range holds).
	Start *time.Time
	// Games is how many games an added-up season holds; 0 for an imported line.
	Games int
	// Sport and Level decide the rates: the sport's catalogue at the level the season was played at.
	Sport string
	Level sports.Level
	Stats statsproviders.Stats
}

type ReportGame struct {
	Date                    time.Time
	Opponent, Result, Score string
	Sport                   string
	Level                   sports.Level
	Stats                   statsproviders.Stats
}

// era is the game's ERA at its level, for the trend chart.
func (g ReportGame) era() (float64, bool) {
	cat := sports.Get(g.Sport)
	if cat == nil {
		cat = sports.Get(statsproviders.SportBaseball)
	}
	v, ok := cat.Compute(g.Stats.CatalogueCounts(), g.Level)[statsproviders.ERA]
	return v, ok
}

func loadReportData(ctx context.Context, db store.DBTX, athleteID int64) (ReportData, error) {
	athlete, err := store.Q.AthleteGetByID(ctx, db, athleteID)
	if err != nil {
		return ReportData{}, fmt.Errorf("loading the athlete: %w", err)
	}
	names := sports.ParseSeasonNames(athlete.SeasonNames)
	data := ReportData{Athlete: athlete, SeasonNames: names}
	seasons, err := store.Q.StatsSeasonListForAthlete(ctx, db, athleteID)
	if err != nil {
		return data, fmt.Errorf("listing seasons: %w", err)
	}
	for _, s := range seasons {
		stats, err := statsproviders.DecodeCounts(s.Stats)
		if err != nil {
			return data, fmt.Errorf("reading season %d: %w", s.ID, err)
		}
		day := time.Now()
		if s.StartDate != nil {
			day = *s.StartDate
		}
		data.Seasons = append(data.Seasons, ReportSeason{Season: names.Name(s.Sport, s.Season), Team: s.TeamName, Sport: s.Sport, Start: s.StartDate,
			Level: sports.LevelAt(int(athlete.GraduationYear), day), Stats: stats})
	}
	games, err := store.Q.StatsGameListForAthlete(ctx, db, athleteID)
	if err != nil {
		return data, fmt.Errorf("listing games: %w", err)
	}
	for i := len(games) - 1; i >= 0; i-- {
		g := games[i]
		stats, err := statsproviders.DecodeCounts(g.Stats)
		if err != nil {
			return data, fmt.Errorf("reading game %d: %w", g.ID, err)
		}
		game := ReportGame{Date: g.GameDate, Opponent: g.Opponent, Result: g.Result, Score: g.Score, Sport: g.Sport,
			Level: sports.LevelAt(int(athlete.GraduationYear), g.GameDate), Stats: stats}
		data.Games = append(data.Games, game)
	}
	return data, nil
}

// reportColumn is one column of a report table: its heading and the stat it shows.
type reportColumn struct {
	heading, key string
}

// battingColumns and pitchingColumns are the stats a box score shows for baseball and softball,
// headed by the catalogue's abbreviations.
var (
	battingColumns = []string{statsproviders.AtBats, statsproviders.Hits, statsproviders.Runs, statsproviders.RBI,
		statsproviders.HomeRuns, statsproviders.Walks, statsproviders.Strikeouts,
		statsproviders.BattingAvg, statsproviders.OnBasePct, statsproviders.SluggingPct, statsproviders.OPS}
	pitchingColumns = []string{statsproviders.InningsPitched, statsproviders.EarnedRuns,
		statsproviders.PitcherStrikeouts, statsproviders.WalksAllowed, statsproviders.ERA}
)

// maxReportColumns is how many stat columns a table of a sport other than baseball or softball
// shows: what fits a Letter page's width beside the date and opponent at 8 points.
const maxReportColumns = 12

// reportSection is one sport's part of the report: its seasons and games, drawn with the columns
// of its catalogue.
type reportSection struct {
	cat     *sports.Catalogue
	seasons []ReportSeason
	games   []ReportGame
}

// diamond answers whether a sport is baseball or softball, whose tables keep the batting and
// pitching columns a scout reads in a box score.
func (s reportSection) diamond() bool {
	return s.cat.Sport == statsproviders.SportBaseball || s.cat.Sport == statsproviders.SportSoftball
}

// reportCatalogue is the catalogue a row is drawn with: an unknown sport is baseball, as in
// statsproviders.Stats.Line.
func reportCatalogue(sport string) *sports.Catalogue {
	if cat := sports.Get(sport); cat != nil {
		return cat
	}
	return sports.Get(statsproviders.SportBaseball)
}

// reportSections splits the seasons and games by sport: the athlete's sports in the order their
// profile names them, then any other sport in the order its rows come.
func reportSections(data ReportData) []reportSection {
	seasons := reportSeasons(data)
	var out []*reportSection
	bySport := map[string]*reportSection{}
	section := func(cat *sports.Catalogue) *reportSection {
		if s := bySport[cat.Sport]; s != nil {
			return s
		}
		s := &reportSection{cat: cat}
		bySport[cat.Sport] = s
		out = append(out, s)
		return s
	}
	var played []*sports.Catalogue
	for _, s := range seasons {
		played = append(played, reportCatalogue(s.Sport))
	}
	for _, g := range data.Games {
		played = append(played, reportCatalogue(g.Sport))
	}
	for _, cat := range sports.ForSports(data.Athlete.Sports) {
		if slices.Contains(played, cat) {
			section(cat)
		}
	}
	for _, s := range seasons {
		sec := section(reportCatalogue(s.Sport))
		sec.seasons = append(sec.seasons, s)
	}
	for _, g := range data.Games {
		sec := section(reportCatalogue(g.Sport))
		sec.games = append(sec.games, g)
	}
	sections := make([]reportSection, len(out))
	for i, s := range out {
		sections[i] = *s
	}
	return sections
}

// reportSeasons answers the season table's rows: the games added up into seasons, newest first,
// each named from its games' own dates and the sport's school season (spring games are "2026
// Spring" whenever the report is made), then the imported season lines.
func reportSeasons(data ReportData) []ReportSeason {
	played := make([]sports.PlayedGame, 0, len(data.Games))
	for i := len(data.Games) - 1; i >= 0; i-- {
		g := data.Games[i]
		played = append(played, sports.PlayedGame{Sport: reportCatalogue(g.Sport).Sport, Day: g.Date, Counts: g.Stats.CatalogueCounts()})
	}
	var out []ReportSeason
	for _, s := range sports.RollSeasons(played) {
		out = append(out, ReportSeason{Season: data.SeasonNames.Name(s.Sport, s.Season), Games: s.Games, Sport: s.Sport,
			Level: sports.LevelAt(int(data.Athlete.GraduationYear), s.First), Stats: statsproviders.Stats(s.Counts)})
	}
	return append(out, data.Seasons...)
}

// columns answers a table's stat columns. Baseball and softball keep their batting and pitching
// columns. Another sport's are its catalogue's table columns (the athlete's lead stats, then the
// stats its rows carry), headed by their abbreviations.
func (s reportSection) columns(lines []sports.Line, lead []string, gameLog bool) []reportColumn {
	var stats []sports.Stat
	if s.diamond() {
		for _, key := range slices.Concat(battingColumns, pitchingColumns) {
			if st, ok := s.cat.Stat(key); ok {
				stats = append(stats, st)
			}
		}
	} else {
		stats = s.cat.TableColumns(lines, lead, maxReportColumns, gameLog)
	}
	out := make([]reportColumn, len(stats))
	for i, st := range stats {
		out[i] = reportColumn{heading: st.Abbr, key: st.Key}
	}
	return out
}

// RenderStatsReport draws the report: the profile line, then for each sport the athlete has
// numbers in its season table, its game log and a trend chart over its games (rolling batting
// average and ERA for baseball and softball, the first lead stat for another sport). Each
// sport's tables take their columns from its catalogue.
func RenderStatsReport(w *bytes.Buffer, data ReportData) error {
	pdf := fpdf.New("P", "mm", "Letter", "")
	pdf.SetTitle("Stats Report: "+data.Athlete.Name, true)
	pdf.SetCreator("Legacy Locker", true)
	pdf.SetAutoPageBreak(true, 15)
	tr := pdf.UnicodeTranslatorFromDescriptor("")
	pdf.AddPage()

	// The header: the athlete's photo, round, with the three lines beside it (the left margin moved
	// past it while they are written, so each line starts there).
	left, top, _, _ := pdf.GetMargins()
	photo := drawReportPhoto(pdf, data.Photo, left, top)
	if photo {
		pdf.SetLeftMargin(left + reportPhotoSide + 5)
		pdf.SetX(left + reportPhotoSide + 5)
	}
	pdf.SetFont("Helvetica", "B", 20)
	pdf.CellFormat(0, 10, tr(data.Athlete.Name), "", 1, "L", false, 0, "")
	pdf.SetFont("Helvetica", "", 11)
	pdf.SetTextColor(90, 90, 90)
	pdf.CellFormat(0, 6, tr(profileLine(data.Athlete)), "", 1, "L", false, 0, "")
	pdf.CellFormat(0, 6, "Stats report, "+time.Now().UTC().Format("January 2, 2006"), "", 1, "L", false, 0, "")
	pdf.SetTextColor(0, 0, 0)
	if photo {
		pdf.SetLeftMargin(left)
		pdf.SetXY(left, max(pdf.GetY(), top+reportPhotoSide))
	}
	pdf.Ln(4)

	if len(data.Seasons) == 0 && len(data.Games) == 0 {
		pdf.SetFont("Helvetica", "", 11)
		pdf.MultiCell(0, 6, "No stats yet. Connect a stats platform or add games by hand, then generate the report again.", "", "L", false)
	}
	sections := reportSections(data)
	for _, sec := range sections {
		if len(sections) > 1 {
			pdf.SetFont("Helvetica", "B", 16)
			pdf.CellFormat(0, 10, tr(sec.cat.Label), "", 1, "L", false, 0, "")
		}
		drawSection(pdf, tr, sec, sec.cat.LeadFor(data.Athlete.LeadStats, data.Athlete.Position))
	}
	if err := pdf.Error(); err != nil {
		return err
	}
	return pdf.Output(w)
}

// drawSection draws one sport's season table, game log and trend chart.
func drawSection(pdf *fpdf.Fpdf, tr func(string) string, sec reportSection, lead []string) {
	heading := func(text string) {
		pdf.SetFont("Helvetica", "B", 14)
		pdf.CellFormat(0, 9, text, "", 1, "L", false, 0, "")
	}
	if len(sec.seasons) > 0 {
		heading("Seasons")
		lines := make([]sports.Line, len(sec.seasons))
		for i, s := range sec.seasons {
			lines[i] = s.Stats.Line(sec.cat.Sport, s.Level)
		}
		cols := sec.columns(lines, lead, false)
		rows := make([][]string, len(sec.seasons))
		for i, s := range sec.seasons {
			from := s.Team
			if s.Games > 0 {
				from = gamesCount(s.Games)
			}
			rows[i] = append([]string{tr(s.Season), tr(from)}, cells(lines[i], cols)...)
		}
		drawTable(pdf, tr, append([]string{"Season", "Team"}, headings(cols)...), rows, []float64{24, 30})
		pdf.Ln(4)
	}
	if len(sec.games) == 0 {
		return
	}
	heading("Game log")
	lines := make([]sports.Line, len(sec.games))
	for i, g := range sec.games {
		lines[i] = g.Stats.Line(sec.cat.Sport, g.Level)
	}
	cols := sec.columns(lines, lead, true)
	rows := make([][]string, len(sec.games))
	for i, g := range sec.games {
		opp := g.Opponent
		if opp == "" {
			opp = "Game"
		}
		rows[i] = append([]string{g.Date.Format("01/02/06"), tr(opp)}, cells(lines[i], cols)...)
	}
	drawTable(pdf, tr, append([]string{"Date", "Opponent"}, headings(cols)...), rows, []float64{14, 40})
	pdf.Ln(4)
	if sec.diamond() {
		drawTrends(pdf, tr, sec.cat, sec.games)
		return
	}
	drawLeadTrend(pdf, tr, sec, lead)
}

func gamesCount(n int) string {
	if n == 1 {
		return "1 game"
	}
	return strconv.Itoa(n) + " games"
}

// reportPhotoSide is the header photo's diameter in mm: as tall as the header's three lines.
const reportPhotoSide = 22.0

// drawReportPhoto draws the athlete's photo as a circle with its top left at x, y, and answers
// whether it did. A photo that is not a JPEG fpdf can embed leaves the header without one rather
// than failing the report (fpdf's errors are sticky: the file is checked before it is given).
func drawReportPhoto(pdf *fpdf.Fpdf, photo []byte, x, y float64) bool {
	if len(photo) == 0 {
		return false
	}
	if cfg, err := jpeg.DecodeConfig(bytes.NewReader(photo)); err != nil || cfg.Width == 0 || cfg.Height == 0 {
		return false
	}
	opts := fpdf.ImageOptions{ImageType: "JPG"}
	pdf.RegisterImageOptionsReader("athlete-photo", opts, bytes.NewReader(photo))
	r := reportPhotoSide / 2
	pdf.ClipCircle(x+r, y+r, r, false)
	pdf.ImageOptions("athlete-photo", x, y, reportPhotoSide, reportPhotoSide, false, opts, 0, "")
	pdf.ClipEnd()
	return true
}

func profileLine(a store.Athlete) string {
	line := a.Sports
	add := func(part string) {
		if part == "" {
			return
		}
		if line != "" {
			line += " · "
		}
		line += part
	}
	add(a.Position)
	if a.GraduationYear > 0 {
		add("Class of " + strconv.Itoa(int(a.GraduationYear)))
	}
	add(a.School)
	return line
}

// fitText answers text (already in the PDF's encoding) as it fits a cell width mm wide in the
// current font, measured with the font's own widths: whole when it fits, else cut short with an
// ellipsis, so a long name never runs into the next column.
func fitText(pdf *fpdf.Fpdf, tr func(string) string, text string, width float64) string {
	room := width - 2*pdf.GetCellMargin()
	if pdf.GetStringWidth(text) <= room {
		return text
	}
	ellipsis := tr("…")
	for cut := len(text) - 1; cut > 0; cut-- {
		short := strings.TrimRight(text[:cut], " ") + ellipsis
		if pdf.GetStringWidth(short) <= room {
			return short
		}
	}
	return ""
}

func headings(cols []reportColumn) []string {
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = c.heading
	}
	return out
}

func cells(line sports.Line, cols []reportColumn) []string {
	out := make([]string, len(cols))
	for i, c := range cols {
		if v, ok := line.Get(c.key); ok {
			out[i] = fmt.Sprint(v)
		} else {
			out[i] = "-"
		}
	}
	return out
}

// drawTable draws a header row and the rows: the lead columns (names, dates) are as wide as
// leadWidths says, left-aligned, and the stat columns share what is left. Every cell is fitted to
// its column.
func drawTable(pdf *fpdf.Fpdf, tr func(string) string, header []string, rows [][]string, leadWidths []float64) {
	pageW, _ := pdf.GetPageSize()
	left, _, right, _ := pdf.GetMargins()
	lead := len(leadWidths)
	leadWidths = widenToFit(pdf, rows, leadWidths, pageW-left-right, len(header)-lead)
	rest := pageW - left - right
	for _, w := range leadWidths {
		rest -= w
	}
	rest /= float64(len(header) - lead)
	colW := func(i int) float64 {
		if i < lead {
			return leadWidths[i]
		}
		return rest
	}
	// A narrow cell margin leaves a stat column room for "1.000" beside sixteen others.
	margin := pdf.GetCellMargin()
	pdf.SetCellMargin(cellPadding)
	defer pdf.SetCellMargin(margin)
	pdf.SetFont("Helvetica", "B", 8)
	pdf.SetFillColor(230, 236, 245)
	for i, h := range header {
		pdf.CellFormat(colW(i), 6, fitText(pdf, tr, h, colW(i)), "1", 0, "C", true, 0, "")
	}
	pdf.Ln(-1)
	pdf.SetFont("Helvetica", "", 8)
	for _, row := range rows {
		for i, cell := range row {
			align := "C"
			if i < lead {
				align = "L"
			}
			pdf.CellFormat(colW(i), 5.5, fitText(pdf, tr, cell, colW(i)), "1", 0, align, false, 0, "")
		}
		pdf.Ln(-1)
	}
}

// cellPadding is the table cells' margin on each side (mm).
const cellPadding = 0.6

// widenToFit gives the leading (text) columns the room their longest cell needs, up to twice their
// width, so a season the family named ("Varsity, junior year") prints whole; the ellipsis is for
// longer text. The stat columns keep at least minStatColumn each, or the widths stay as they were.
func widenToFit(pdf *fpdf.Fpdf, rows [][]string, widths []float64, tableW float64, stats int) []float64 {
	const minStatColumn = 9.0
	pdf.SetFont("Helvetica", "", 8)
	out := slices.Clone(widths)
	used := 0.0
	for i, w := range widths {
		for _, row := range rows {
			need := pdf.GetStringWidth(row[i]) + 2*cellPadding // the cells are in the font's encoding already
			out[i] = max(out[i], min(need, 2*w))
		}
		used += out[i]
	}
	if stats > 0 && (tableW-used)/float64(stats) < minStatColumn {
		return widths
	}
	return out
}

// rollingGames is the window of the rolling batting average chart.
const rollingGames = 5

// chartPoint is one game's value on a trend chart, at its date.
type chartPoint struct {
	day   time.Time
	value float64
}

// drawTrends charts the rolling batting average and, for a pitcher, ERA game by game, titled
// with the catalogue's labels.
func drawTrends(pdf *fpdf.Fpdf, tr func(string) string, cat *sports.Catalogue, games []ReportGame) {
	var avg, era []chartPoint
	var ab, h []int
	for _, g := range games {
		ab, h = append(ab, g.Stats[statsproviders.AtBats]), append(h, g.Stats[statsproviders.Hits])
		sumAB, sumH := 0, 0
		for i := max(0, len(ab)-rollingGames); i < len(ab); i++ {
			sumAB, sumH = sumAB+ab[i], sumH+h[i]
		}
		if sumAB > 0 {
			avg = append(avg, chartPoint{g.Date, float64(sumH) / float64(sumAB)})
		}
		if v, ok := g.era(); ok {
			era = append(era, chartPoint{g.Date, v})
		}
	}
	label := func(key string) string {
		st, _ := cat.Stat(key)
		return st.Label
	}
	if len(avg) > 1 {
		drawLineChart(pdf, tr(fmt.Sprintf("%s, rolling %d games", label(statsproviders.BattingAvg), rollingGames)), avg, 3)
	}
	if len(era) > 1 {
		drawLineChart(pdf, tr(label(statsproviders.ERA)+" by game (lower is better)"), era, 2)
	}
}

// drawLeadTrend charts, game by game, the first of the athlete's lead stats that at least two
// games carry, else the first such stat in the catalogue's order (a runner of the 800 whose sport
// leads with the 100); a time or another lower-is-better stat says so in the title.
func drawLeadTrend(pdf *fpdf.Fpdf, tr func(string) string, sec reportSection, lead []string) {
	candidates := slices.Clone(lead)
	for _, st := range sec.cat.Stats {
		candidates = append(candidates, st.Key)
	}
	for _, key := range candidates {
		st, ok := sec.cat.Stat(key)
		if !ok {
			continue
		}
		var values []chartPoint
		for _, g := range sec.games {
			if v, ok := statNumber(sec.cat, st, g.Stats.CatalogueCounts(), g.Level); ok {
				values = append(values, chartPoint{g.Date, v})
			}
		}
		if len(values) < 2 {
			continue
		}
		title := st.Label + " by game"
		if st.LowerIsBetter {
			title += " (lower is better)"
		}
		drawLineChart(pdf, tr(title), values, statDecimals(st))
		return
	}
}

// statNumber answers a stat of a line of counts as a number to chart: a rate as computed, innings
// as innings, a time in seconds, a distance in its unit (inches, metres).
func statNumber(cat *sports.Catalogue, st sports.Stat, counts map[string]int, level sports.Level) (float64, bool) {
	if st.Kind == sports.Rate {
		v, ok := cat.Compute(counts, level)[st.Key]
		return v, ok
	}
	v, ok := counts[st.Key]
	if !ok {
		return 0, false
	}
	switch st.Kind {
	case sports.Innings:
		return float64(v) / 3, true
	case sports.Time, sports.Distance:
		return float64(v) / 100, true
	}
	return float64(v), true
}

// statDecimals is how many decimals a chart's axis prints for a stat.
func statDecimals(st sports.Stat) int {
	switch st.Kind {
	case sports.Count:
		return 0
	case sports.Innings:
		return 1
	case sports.Time, sports.Distance:
		return 2
	}
	switch st.Formula.Style {
	case sports.Average:
		return 3
	case sports.Decimal2:
		return 2
	}
	return 1
}

// drawLineChart draws a titled line chart of points in date order: the value axis on the left,
// and the x axis labelled with the games' dates (as many as fit side by side, the first and the
// last always).
func drawLineChart(pdf *fpdf.Fpdf, title string, points []chartPoint, decimals int) {
	const height = 45.0
	pageW, pageH := pdf.GetPageSize()
	left, _, right, bottom := pdf.GetMargins()
	if pdf.GetY()+height+20 > pageH-bottom {
		pdf.AddPage()
	}
	pdf.SetFont("Helvetica", "B", 11)
	pdf.CellFormat(0, 8, title, "", 1, "L", false, 0, "")
	x0, y0 := left+12, pdf.GetY()
	width := pageW - left - right - 12
	top := 0.0
	for _, p := range points {
		top = max(top, p.value)
	}
	if top == 0 {
		top = 1
	}
	pdf.SetDrawColor(180, 180, 180)
	pdf.SetLineWidth(0.2)
	pdf.Rect(x0, y0, width, height, "D")
	pdf.SetFont("Helvetica", "", 7)
	for _, frac := range []float64{0, 0.5, 1} {
		y := y0 + height - frac*height
		pdf.Line(x0, y, x0+width, y)
		pdf.Text(left, y+1, strconv.FormatFloat(top*frac, 'f', decimals, 64))
	}
	step := width / float64(len(points)-1)
	x := func(i int) float64 { return x0 + step*float64(i) }
	drawDateAxis(pdf, points, x, y0+height)
	pdf.SetDrawColor(34, 87, 170)
	pdf.SetLineWidth(0.6)
	for i := 1; i < len(points); i++ {
		pdf.Line(x(i-1), y0+height-points[i-1].value/top*height, x(i), y0+height-points[i].value/top*height)
	}
	pdf.SetDrawColor(0, 0, 0)
	pdf.SetLineWidth(0.2) // the tables after it keep their thin rules
	pdf.SetY(y0 + height + 9)
}

// drawDateAxis writes the games' dates under a chart's x axis at base, centred on their points:
// the first and the last always, and between them every date that keeps a gap from its
// neighbours, so no two run together. A date has its year where the games span more than one.
func drawDateAxis(pdf *fpdf.Fpdf, points []chartPoint, x func(int) float64, base float64) {
	layout := "Jan 2"
	if points[0].day.Year() != points[len(points)-1].day.Year() {
		layout = "Jan 2, 2006"
	}
	const gap = 2.0
	label := func(i int) (string, float64, float64) {
		text := points[i].day.Format(layout)
		w := pdf.GetStringWidth(text)
		return text, x(i) - w/2, x(i) + w/2
	}
	last := len(points) - 1
	lastText, lastFrom, _ := label(last)
	end := math.Inf(-1) // where the previous label ends
	for i := range points {
		text, from, to := label(i)
		if i != last && (from < end+gap || to > lastFrom-gap) {
			continue
		}
		if i == last {
			text = lastText
		}
		pdf.Line(x(i), base, x(i), base+1)
		pdf.Text(from, base+4, text)
		end = to
	}
}
