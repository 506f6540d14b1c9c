package jobs

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image/jpeg"
	"log/slog"
	"slices"
	"strconv"
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
	Photo   []byte
	Seasons []ReportSeason
	Games   []ReportGame // oldest first, as a game log reads
}

type ReportSeason struct {
	Season, Team string
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
	data := ReportData{Athlete: athlete}
	names := sports.ParseSeasonNames(athlete.SeasonNames)
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
		data.Seasons = append(data.Seasons, ReportSeason{Season: names.Name(s.Sport, s.Season), Team: s.TeamName, Sport: s.Sport,
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

var (
	battingColumns = []reportColumn{{"AB", statsproviders.AtBats}, {"H", statsproviders.Hits}, {"R", statsproviders.Runs},
		{"RBI", statsproviders.RBI}, {"HR", statsproviders.HomeRuns}, {"BB", statsproviders.Walks}, {"K", statsproviders.Strikeouts},
		{"AVG", statsproviders.BattingAvg}, {"OBP", statsproviders.OnBasePct}, {"SLG", statsproviders.SluggingPct}}
	pitchingColumns = []reportColumn{{"IP", statsproviders.InningsPitched}, {"ER", statsproviders.EarnedRuns},
		{"K", statsproviders.PitcherStrikeouts}, {"BB", statsproviders.WalksAllowed}, {"ERA", statsproviders.ERA}}
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
	for _, s := range data.Seasons {
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
	for _, s := range data.Seasons {
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

// columns answers a table's stat columns. Baseball and softball keep their batting and pitching
// columns. Another sport's are its catalogue's table columns (the athlete's lead stats, then the
// stats its rows carry), headed by their abbreviations.
func (s reportSection) columns(lines []sports.Line, lead []string, gameLog bool) []reportColumn {
	if s.diamond() {
		return slices.Concat(battingColumns, pitchingColumns)
	}
	stats := s.cat.TableColumns(lines, lead, maxReportColumns, gameLog)
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
			rows[i] = append([]string{tr(s.Season)}, cells(lines[i], cols)...)
		}
		drawTable(pdf, append([]string{"Season"}, headings(cols)...), rows, 1, 24)
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
		rows[i] = append([]string{g.Date.Format("01/02"), tr(truncate(opp, 14))}, cells(lines[i], cols)...)
	}
	drawTable(pdf, append([]string{"Date", "Opponent"}, headings(cols)...), rows, 2, 13)
	pdf.Ln(4)
	if sec.diamond() {
		drawTrends(pdf, sec.games)
		return
	}
	drawLeadTrend(pdf, tr, sec, lead)
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

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
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

// drawTable draws a header row and the rows: the lead columns (names, dates) are leadWidth mm
// wide, left-aligned, and the stat columns share what is left.
func drawTable(pdf *fpdf.Fpdf, header []string, rows [][]string, lead int, leadWidth float64) {
	pageW, _ := pdf.GetPageSize()
	left, _, right, _ := pdf.GetMargins()
	rest := (pageW - left - right - leadWidth*float64(lead)) / float64(len(header)-lead)
	colW := func(i int) float64 {
		if i < lead {
			return leadWidth
		}
		return rest
	}
	pdf.SetFont("Helvetica", "B", 8)
	pdf.SetFillColor(230, 236, 245)
	for i, h := range header {
		pdf.CellFormat(colW(i), 6, h, "1", 0, "C", true, 0, "")
	}
	pdf.Ln(-1)
	pdf.SetFont("Helvetica", "", 8)
	for _, row := range rows {
		for i, cell := range row {
			align := "C"
			if i < lead {
				align = "L"
			}
			pdf.CellFormat(colW(i), 5.5, cell, "1", 0, align, false, 0, "")
		}
		pdf.Ln(-1)
	}
}

// rollingGames is the window of the rolling batting average chart.
const rollingGames = 5

// drawTrends charts the rolling batting average and, for a pitcher, ERA game by game.
func drawTrends(pdf *fpdf.Fpdf, games []ReportGame) {
	var avg, era []float64
	var ab, h []int
	for _, g := range games {
		ab, h = append(ab, g.Stats[statsproviders.AtBats]), append(h, g.Stats[statsproviders.Hits])
		sumAB, sumH := 0, 0
		for i := max(0, len(ab)-rollingGames); i < len(ab); i++ {
			sumAB, sumH = sumAB+ab[i], sumH+h[i]
		}
		if sumAB > 0 {
			avg = append(avg, float64(sumH)/float64(sumAB))
		}
		if v, ok := g.era(); ok {
			era = append(era, v)
		}
	}
	if len(avg) > 1 {
		drawLineChart(pdf, fmt.Sprintf("Batting average, rolling %d games", rollingGames), avg, 3)
	}
	if len(era) > 1 {
		drawLineChart(pdf, "ERA by game", era, 2)
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
		var values []float64
		for _, g := range sec.games {
			if v, ok := statNumber(sec.cat, st, g.Stats.CatalogueCounts(), g.Level); ok {
				values = append(values, v)
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

func drawLineChart(pdf *fpdf.Fpdf, title string, values []float64, decimals int) {
	const height = 45.0
	pageW, pageH := pdf.GetPageSize()
	left, _, right, bottom := pdf.GetMargins()
	if pdf.GetY()+height+16 > pageH-bottom {
		pdf.AddPage()
	}
	pdf.SetFont("Helvetica", "B", 11)
	pdf.CellFormat(0, 8, title, "", 1, "L", false, 0, "")
	x0, y0 := left+12, pdf.GetY()
	width := pageW - left - right - 12
	top := 0.0
	for _, v := range values {
		top = max(top, v)
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
	pdf.SetDrawColor(34, 87, 170)
	pdf.SetLineWidth(0.6)
	step := width / float64(len(values)-1)
	for i := 1; i < len(values); i++ {
		pdf.Line(x0+step*float64(i-1), y0+height-values[i-1]/top*height, x0+step*float64(i), y0+height-values[i]/top*height)
	}
	pdf.SetY(y0 + height + 4)
}
