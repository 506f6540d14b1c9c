package jobs

import (
	"bytes"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"strconv"
	"strings"
	"time"

	"github.com/go-pdf/fpdf"

	"legacylocker/integrations/sports"
)

// The book's colours: the app's navy for headings and rules, a grey for dates and captions.
var (
	bookNavy = [3]int{34, 87, 170}
	bookGrey = [3]int{110, 110, 110}
)

// bookDraw is one book being drawn: the PDF and its text translator (fpdf's core fonts take
// Windows-1252, so every string the family wrote goes through tr).
type bookDraw struct {
	pdf    *fpdf.Fpdf
	tr     func(string) string
	images int
}

// RenderSeasonBook draws the book: a cover (photo, name, season), the season's stats line for each
// sport, the journal entries, milestones and achievement cards in date order, the clips' stills
// each with a QR code to its share page, and a closing page. Every part the book leaves out or has
// nothing for is skipped, so a book of a quiet season is short rather than full of empty headings.
func RenderSeasonBook(w *bytes.Buffer, data SeasonBookData) error {
	pdf := fpdf.New("P", "mm", "Letter", "")
	pdf.SetTitle(data.Book.Title, true)
	pdf.SetAuthor(data.Athlete.Name, true)
	pdf.SetCreator("Legacy Locker", true)
	pdf.SetMargins(20, 20, 20)
	pdf.SetAutoPageBreak(true, 20)
	d := &bookDraw{pdf: pdf, tr: pdf.UnicodeTranslatorFromDescriptor("")}
	footer := d.tr(data.Athlete.Name + " · " + data.Book.Title)
	pdf.SetFooterFunc(func() {
		if pdf.PageNo() == 1 {
			return // the cover has none
		}
		pdf.SetY(-14)
		pdf.SetFont("Helvetica", "", 8)
		d.color(bookGrey)
		pdf.CellFormat(0, 5, footer, "", 0, "L", false, 0, "")
		pdf.CellFormat(0, 5, strconv.Itoa(pdf.PageNo()), "", 0, "R", false, 0, "")
		d.color([3]int{})
	})

	d.cover(data)
	if data.Stats != nil {
		d.stats(*data.Stats)
	}
	if len(data.Moments) > 0 {
		d.section()
		d.heading("The season, day by day")
		for _, m := range data.Moments {
			d.moment(m)
		}
	}
	if len(data.Clips) > 0 {
		pdf.AddPage()
		d.heading("From the film")
		d.caption("Scan a code with a phone's camera to watch the clip.")
		pdf.Ln(4)
		for _, c := range data.Clips {
			d.clip(c)
		}
	}
	d.closing(data)
	if err := pdf.Error(); err != nil {
		return err
	}
	return pdf.Output(w)
}

// section starts a part of the book on a new page, or below the stats when they leave room for it:
// the cover stands alone, and a short season line needs no page of its own.
func (d *bookDraw) section() {
	_, pageH := d.pdf.GetPageSize()
	if d.pdf.PageNo() == 1 || d.pdf.GetY() > pageH/2 {
		d.pdf.AddPage()
		return
	}
	d.pdf.Ln(8)
}

func (d *bookDraw) color(c [3]int) { d.pdf.SetTextColor(c[0], c[1], c[2]) }

func (d *bookDraw) heading(text string) {
	d.pdf.SetFont("Helvetica", "B", 20)
	d.color(bookNavy)
	d.pdf.CellFormat(0, 12, d.tr(text), "", 1, "L", false, 0, "")
	d.color([3]int{})
	d.pdf.Ln(2)
}

func (d *bookDraw) caption(text string) {
	d.pdf.SetFont("Helvetica", "", 10)
	d.color(bookGrey)
	d.pdf.MultiCell(0, 5, d.tr(text), "", "L", false)
	d.color([3]int{})
}

// cover draws the first page: a navy band with the book's title, the athlete's photo in a circle
// below it, their name, the season's span and their profile line.
func (d *bookDraw) cover(data SeasonBookData) {
	pdf := d.pdf
	pdf.AddPage()
	pageW, _ := pdf.GetPageSize()
	pdf.SetFillColor(bookNavy[0], bookNavy[1], bookNavy[2])
	pdf.Rect(0, 0, pageW, 95, "F")
	pdf.SetXY(20, 38)
	pdf.SetFont("Helvetica", "B", 30)
	pdf.SetTextColor(255, 255, 255)
	pdf.MultiCell(0, 13, d.tr(data.Book.Title), "", "C", false)
	pdf.SetFont("Helvetica", "", 13)
	pdf.CellFormat(0, 8, "A Season Story", "", 1, "C", false, 0, "")
	d.color([3]int{})

	const side = 70.0
	top := 110.0
	if name := d.image(data.Photo, "JPG"); name != "" {
		x := (pageW - side) / 2
		pdf.ClipCircle(x+side/2, top+side/2, side/2, false)
		pdf.ImageOptions(name, x, top, side, side, false, fpdf.ImageOptions{ImageType: "JPG"}, 0, "")
		pdf.ClipEnd()
		top += side + 10
	}
	pdf.SetXY(20, top)
	pdf.SetFont("Helvetica", "B", 26)
	pdf.MultiCell(0, 12, d.tr(data.Athlete.Name), "", "C", false)
	pdf.SetFont("Helvetica", "", 14)
	d.color(bookNavy)
	pdf.MultiCell(0, 8, d.tr(seasonSpan(data.Book.FromDate, data.Book.ToDate)), "", "C", false)
	d.color(bookGrey)
	pdf.SetFont("Helvetica", "", 11)
	pdf.MultiCell(0, 6, d.tr(profileLine(data.Athlete)), "", "C", false)
	d.color([3]int{})
}

// stats draws, for each sport with numbers in the range, its season line: the range's games added
// up, and any season line a file or platform gave for a season starting in the range.
func (d *bookDraw) stats(data ReportData) {
	if len(data.Games) == 0 && len(data.Seasons) == 0 {
		return
	}
	pdf := d.pdf
	pdf.AddPage()
	d.heading("The season in numbers")
	for _, sec := range reportSections(data) {
		if len(sec.seasons) == 0 {
			continue
		}
		pdf.SetFont("Helvetica", "B", 14)
		pdf.CellFormat(0, 9, d.tr(sec.cat.Label), "", 1, "L", false, 0, "")
		lead := sec.cat.LeadFor(data.Athlete.LeadStats, data.Athlete.Position)
		// The table takes the stats report's width, so a box score's sixteen columns keep "1.000" whole.
		pdf.SetMargins(10, 20, 10)
		pdf.SetX(10)
		drawSeasonTable(pdf, d.tr, sec, lead)
		pdf.SetMargins(20, 20, 20)
		pdf.SetX(20)
		pdf.Ln(6)
	}
}

// moment draws one entry, milestone or achievement: its date and kind, its title, the family's
// words, the AI version when the book asks for it, and an achievement's card.
func (d *bookDraw) moment(m BookMoment) {
	pdf := d.pdf
	_, pageH := pdf.GetPageSize()
	const cardW = 80.0
	card := d.image(m.Card, "PNG")
	// A title never sits alone at the foot of a page, nor apart from its card.
	need := 40.0
	if card != "" {
		need = 25 + cardW*imageAspect(m.Card)
	}
	if pdf.GetY()+need > pageH-20 {
		pdf.AddPage()
	}
	kind := map[MomentKind]string{MomentEntry: "Journal", MomentMilestone: "Milestone", MomentAchievement: "Achievement"}[m.Kind]
	if m.Label != "" {
		kind += " · " + titleCase(m.Label)
	}
	pdf.SetFont("Helvetica", "B", 9)
	d.color(bookNavy)
	pdf.CellFormat(0, 5, d.tr(strings.ToUpper(m.Day.Format("January 2, 2006"))+"   "+kind), "", 1, "L", false, 0, "")
	d.color([3]int{})
	pdf.SetFont("Helvetica", "B", 15)
	pdf.MultiCell(0, 7.5, d.tr(m.Title), "", "L", false)
	pdf.Ln(1)
	if m.Text != "" {
		pdf.SetFont("Times", "", 12)
		pdf.MultiCell(0, 6, d.tr(m.Text), "", "L", false)
	}
	if m.AIText != "" {
		pdf.Ln(2)
		pdf.SetFont("Helvetica", "B", 8)
		d.color(bookGrey)
		pdf.CellFormat(0, 5, "AS POLISHED BY AI", "", 1, "L", false, 0, "")
		pdf.SetFont("Times", "I", 11)
		pdf.MultiCell(0, 5.5, d.tr(m.AIText), "", "L", false)
		d.color([3]int{})
	}
	if card != "" {
		h := cardW * imageAspect(m.Card)
		if pdf.GetY()+h+4 > pageH-20 { // a family's long description pushed it over
			pdf.AddPage()
		}
		pdf.ImageOptions(card, 20, pdf.GetY()+3, cardW, h, false, fpdf.ImageOptions{ImageType: "PNG"}, 0, "")
		pdf.SetY(pdf.GetY() + h + 4)
	}
	pdf.Ln(3)
	pageW, _ := pdf.GetPageSize()
	pdf.SetDrawColor(215, 220, 230)
	pdf.Line(20, pdf.GetY(), pageW-20, pdf.GetY())
	pdf.SetDrawColor(0, 0, 0)
	pdf.Ln(5)
}

// clip draws one clip: its still on the left, its title, date and QR code on the right.
func (d *bookDraw) clip(c BookClip) {
	pdf := d.pdf
	_, pageH := pdf.GetPageSize()
	const stillW, qrSide = 95.0, 38.0
	stillH := min(stillW*imageAspect(c.Still), 72)
	rowH := max(stillH, qrSide+16)
	if pdf.GetY()+rowH > pageH-20 {
		pdf.AddPage()
	}
	y := pdf.GetY()
	if name := d.image(c.Still, "JPG"); name != "" {
		pdf.ImageOptions(name, 20, y, stillW, stillH, false, fpdf.ImageOptions{ImageType: "JPG"}, 0, "")
	}
	x := 20 + stillW + 8
	pdf.SetXY(x, y)
	pdf.SetFont("Helvetica", "B", 12)
	pdf.MultiCell(0, 6, d.tr(c.Title), "", "L", false)
	pdf.SetX(x)
	pdf.SetFont("Helvetica", "", 9)
	d.color(bookGrey)
	pdf.CellFormat(0, 5, c.Day.Format("January 2, 2006"), "", 1, "L", false, 0, "")
	d.color([3]int{})
	if name := d.image(c.QR, "PNG"); name != "" {
		pdf.ImageOptions(name, x, pdf.GetY()+2, qrSide, qrSide, false, fpdf.ImageOptions{ImageType: "PNG"}, 0, "")
		// The link in words too, for a reader whose phone does not scan.
		pdf.SetXY(x, pdf.GetY()+qrSide+3)
		pdf.SetFont("Helvetica", "", 7)
		d.color(bookGrey)
		pdf.CellFormat(0, 4, d.tr(strings.TrimPrefix(strings.TrimPrefix(c.ShareURL, "https://"), "http://")), "", 1, "L", false, 0, "")
		d.color([3]int{})
	}
	pdf.SetY(y + rowH + 8)
}

// closing draws the last page: what the book holds, and what it left out and why.
func (d *bookDraw) closing(data SeasonBookData) {
	pdf := d.pdf
	pdf.AddPage()
	pdf.SetY(90)
	pdf.SetFont("Helvetica", "B", 24)
	d.color(bookNavy)
	pdf.MultiCell(0, 12, d.tr("That was the season."), "", "C", false)
	d.color([3]int{})
	pdf.Ln(4)
	counts := map[MomentKind]int{}
	for _, m := range data.Moments {
		counts[m.Kind]++
	}
	var held []string
	for _, part := range []struct {
		n    int
		what string
	}{{counts[MomentEntry], "journal entry"}, {counts[MomentMilestone], "milestone"}, {counts[MomentAchievement], "achievement"}, {len(data.Clips), "clip"}} {
		if part.n > 0 {
			held = append(held, plural(part.n, part.what))
		}
	}
	pdf.SetFont("Helvetica", "", 12)
	summary := "A quiet season in these pages."
	if len(held) > 0 {
		summary = "This book holds " + joinWords(held) + "."
	}
	pdf.MultiCell(0, 7, d.tr(summary), "", "C", false)
	if data.ClipsLeftOut > 0 {
		pdf.Ln(2)
		d.color(bookGrey)
		pdf.SetFont("Helvetica", "", 10)
		pdf.MultiCell(0, 5, d.tr(plural(data.ClipsLeftOut, "private clip")+" left out: only clips the family shares get a link in the book."), "", "C", false)
		d.color([3]int{})
	}
	pdf.Ln(10)
	pdf.SetFont("Helvetica", "I", 10)
	d.color(bookGrey)
	pdf.MultiCell(0, 5, d.tr("Made with Legacy Locker on "+time.Now().UTC().Format("January 2, 2006")+"."), "", "C", false)
	d.color([3]int{})
}

// image registers a picture for the PDF and answers its name, or "" when the bytes are not an image
// of the type fpdf is told (fpdf's errors are sticky: a bad picture is left out, not the book).
func (d *bookDraw) image(b []byte, kind string) string {
	if len(b) == 0 {
		return ""
	}
	var cfg image.Config
	var err error
	if kind == "JPG" {
		cfg, err = jpeg.DecodeConfig(bytes.NewReader(b))
	} else {
		cfg, err = png.DecodeConfig(bytes.NewReader(b))
	}
	if err != nil || cfg.Width == 0 || cfg.Height == 0 {
		return ""
	}
	d.images++
	name := fmt.Sprintf("image-%d", d.images)
	d.pdf.RegisterImageOptionsReader(name, fpdf.ImageOptions{ImageType: kind}, bytes.NewReader(b))
	return name
}

// imageAspect is a picture's height over its width; 9:16 when it cannot be read.
func imageAspect(b []byte) float64 {
	cfg, _, err := image.DecodeConfig(bytes.NewReader(b))
	if err != nil || cfg.Width == 0 {
		return 9.0 / 16
	}
	return float64(cfg.Height) / float64(cfg.Width)
}

// drawSeasonTable draws a sport's season lines, with the stats report's columns.
func drawSeasonTable(pdf *fpdf.Fpdf, tr func(string) string, sec reportSection, lead []string) {
	lines := make([][]string, len(sec.seasons))
	stats := make([]sports.Line, len(sec.seasons))
	for i, s := range sec.seasons {
		stats[i] = s.Stats.Line(sec.cat.Sport, s.Level)
	}
	cols := sec.columns(stats, lead, false)
	for i, s := range sec.seasons {
		from := s.Team
		if s.Games > 0 {
			from = gamesCount(s.Games)
		}
		lines[i] = append([]string{tr(s.Season), tr(from)}, cells(stats[i], cols)...)
	}
	drawTable(pdf, tr, append([]string{"Season", "Team"}, headings(cols)...), lines, []float64{24, 30})
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	if strings.HasSuffix(what, "y") {
		return strconv.Itoa(n) + " " + strings.TrimSuffix(what, "y") + "ies"
	}
	return strconv.Itoa(n) + " " + what + "s"
}

// joinWords joins "a", "b" and "c" as a sentence does.
func joinWords(parts []string) string {
	if len(parts) < 2 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// titleCase turns a stored type ("personal_best") into words for a label ("Personal best").
func titleCase(s string) string {
	s = strings.ReplaceAll(s, "_", " ")
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
