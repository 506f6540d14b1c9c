// Package cards draws achievement share cards: PNGs for social feeds (1080×1350) and stories
// (1080×1920), in four templates. Everything is Go drawing with the Go fonts compiled into the
// binary, so every worker draws the same card without system fonts or a browser.
package cards

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"
	"strings"
	"sync"

	"github.com/disintegration/imaging"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// Size is a card's format.
type Size struct {
	Name          string
	Width, Height int
}

var (
	Feed  = Size{"feed", 1080, 1350}
	Story = Size{"story", 1080, 1920}
	Sizes = []Size{Feed, Story}
)

// Template is a card's look.
type Template struct {
	Name               string
	Top, Bottom        color.RGBA // the background gradient
	Accent             color.RGBA // rule, category and stat values
	Text, Muted, Panel color.RGBA
}

// Templates are the four the family chooses from; Standard is the default.
var Templates = map[string]Template{
	"standard":  {"standard", rgb(0x13, 0x2a, 0x52), rgb(0x1c, 0x5f, 0xd1), rgb(0x8f, 0xc1, 0xff), rgb(255, 255, 255), rgb(0xc9, 0xd6, 0xea), rgba(255, 255, 255, 28)},
	"victory":   {"victory", rgb(0x5a, 0x32, 0x00), rgb(0xd9, 0x8e, 0x04), rgb(0xff, 0xe0, 0x8a), rgb(255, 255, 255), rgb(0xfb, 0xe7, 0xc0), rgba(255, 255, 255, 30)},
	"milestone": {"milestone", rgb(0x0b, 0x3d, 0x2e), rgb(0x1f, 0x9d, 0x6b), rgb(0xa7, 0xf3, 0xd0), rgb(255, 255, 255), rgb(0xcf, 0xf1, 0xe2), rgba(255, 255, 255, 28)},
	"elite":     {"elite", rgb(0x0b, 0x0b, 0x0f), rgb(0x2a, 0x2a, 0x33), rgb(0xe5, 0xc1, 0x5d), rgb(255, 255, 255), rgb(0xb8, 0xb8, 0xc4), rgba(229, 193, 93, 30)},
}

func rgb(r, g, b uint8) color.RGBA     { return color.RGBA{r, g, b, 255} }
func rgba(r, g, b, a uint8) color.RGBA { return color.RGBA{r, g, b, a} }

// Stat is one cell of the card's 3-column stats grid.
type Stat struct{ Label, Value string }

// Card is what a card shows.
type Card struct {
	Title, Description, Date, Category string
	Stats                              []Stat
	AthleteName, Sports                string
	// Photo, when the family chose one, fills the top of the card; PhotoKey names it in the
	// content hash (the pixels are not hashed).
	Photo    image.Image `json:"-"`
	PhotoKey string
	// AthletePhoto, when the athlete has one, is drawn round in the footer beside the name;
	// AthletePhotoKey names it in the content hash. Left out of the hash when empty, so the cards
	// of athletes without a photo keep the hash they were drawn under.
	AthletePhoto    image.Image `json:"-"`
	AthletePhotoKey string      `json:",omitempty"`
}

// ProductName is the card footer's brand line.
const ProductName = "LEGACY LOCKER"

// maxStats is how many stats the grid shows (two rows of three).
const maxStats = 6

// Box is where one piece of text was drawn, for the layout test: nothing may leave the card.
type Box struct {
	Text string
	Rect image.Rectangle
}

var (
	fontsOnce         sync.Once
	regular, boldFont *opentype.Font
	fontsErr          error
)

func fonts() (*opentype.Font, *opentype.Font, error) {
	fontsOnce.Do(func() {
		if regular, fontsErr = opentype.Parse(goregular.TTF); fontsErr != nil {
			return
		}
		boldFont, fontsErr = opentype.Parse(gobold.TTF)
	})
	return regular, boldFont, fontsErr
}

// faceCache holds one card's font faces by weight and size. A face is not safe for use by two
// goroutines at once, so each drawing has its own.
type faceCache map[faceKey]font.Face

type faceKey struct {
	bold bool
	size float64
}

func (fc faceCache) face(bold bool, size float64) (font.Face, error) {
	key := faceKey{bold, size}
	if f, ok := fc[key]; ok {
		return f, nil
	}
	reg, b, err := fonts()
	if err != nil {
		return nil, err
	}
	f := reg
	if bold {
		f = b
	}
	created, err := opentype.NewFace(f, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return nil, err
	}
	fc[key] = created
	return created, nil
}

// Render draws the card in the template at the size and writes it as PNG. It answers the boxes
// of the text it drew.
func Render(w io.Writer, c Card, templateName string, size Size) ([]Box, error) {
	img, boxes, err := Draw(c, templateName, size)
	if err != nil {
		return nil, err
	}
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	return boxes, enc.Encode(w, img)
}

// Draw draws the card into an image.
func Draw(c Card, templateName string, size Size) (*image.RGBA, []Box, error) {
	t, ok := Templates[templateName]
	if !ok {
		return nil, nil, fmt.Errorf("unknown card template %q", templateName)
	}
	img := image.NewRGBA(image.Rect(0, 0, size.Width, size.Height))
	gradient(img, t.Top, t.Bottom)
	d := &drawer{img: img, margin: cardMargin, faces: faceCache{}}
	story := size.Height > size.Width*3/2
	y := 150
	if story {
		y = 330
	}
	titleLines, descLines := 3, 4
	if story {
		descLines = 7
	}
	if c.Photo != nil {
		photoH := 400
		if story {
			photoH = 640
		}
		drawCover(img, c.Photo, image.Rect(0, 0, size.Width, photoH))
		y, titleLines, descLines = photoH+64, 2, 2
		if story {
			descLines = 4
		}
	}

	// Category and date, then the accent rule.
	var err error
	label := strings.ToUpper(c.Category)
	if c.Date != "" {
		label += "  ·  " + c.Date
	}
	if y, err = d.lines(label, false, 34, 34, 1, t.Accent, y); err != nil {
		return nil, nil, err
	}
	draw.Draw(img, image.Rect(d.margin, y+18, d.margin+160, y+26), image.NewUniform(t.Accent), image.Point{}, draw.Src)
	y += 90

	// The title: as large as fits in three lines, never smaller than 56 px.
	title := strings.TrimSpace(c.Title)
	if title == "" {
		title = "Achievement"
	}
	titleSize := 104.0
	for titleSize > 56 && d.lineCount(title, true, titleSize) > titleLines {
		titleSize -= 8
	}
	if y, err = d.lines(title, true, titleSize, titleSize*1.12, titleLines, t.Text, y); err != nil {
		return nil, nil, err
	}
	y += 36
	if desc := strings.TrimSpace(c.Description); desc != "" {
		if y, err = d.lines(desc, false, 40, 54, descLines, t.Muted, y); err != nil {
			return nil, nil, err
		}
	}

	// The stats grid: three columns, value over label, in panels.
	footerTop := size.Height - footerHeight
	stats := c.Stats
	if len(stats) > maxStats {
		stats = stats[:maxStats]
	}
	if len(stats) > 0 {
		rows := (len(stats) + 2) / 3
		const cellH, gap = 190, 24
		gridTop := max(y+60, footerTop-60-rows*cellH-(rows-1)*gap)
		cellW := (size.Width - 2*d.margin - 2*gap) / 3
		for i, s := range stats {
			x0 := d.margin + (i%3)*(cellW+gap)
			y0 := gridTop + (i/3)*(cellH+gap)
			draw.Draw(img, image.Rect(x0, y0, x0+cellW, y0+cellH), image.NewUniform(t.Panel), image.Point{}, draw.Over)
			cell := &drawer{img: img, margin: x0 + 24, right: x0 + cellW - 24, faces: d.faces}
			valueSize := 72.0
			for valueSize > 36 && cell.width(s.Value, true, valueSize) > cellW-48 {
				valueSize -= 6
			}
			if _, err := cell.lines(s.Value, true, valueSize, valueSize, 1, t.Accent, y0+30); err != nil {
				return nil, nil, err
			}
			if _, err := cell.lines(s.Label, false, 30, 34, 1, t.Muted, y0+cellH-66); err != nil {
				return nil, nil, err
			}
			d.boxes = append(d.boxes, cell.boxes...)
		}
	}

	// Footer: the athlete's photo, then product, athlete, sports beside it.
	draw.Draw(img, image.Rect(d.margin, footerTop, size.Width-d.margin, footerTop+2), image.NewUniform(t.Muted), image.Point{}, draw.Over)
	footer := &drawer{img: img, margin: d.margin, right: size.Width - d.margin, faces: d.faces}
	if c.AthletePhoto != nil {
		avatar := AvatarRect(size)
		drawRound(img, c.AthletePhoto, avatar, t.Accent)
		footer.margin = avatar.Max.X + 28
	}
	if _, err := footer.lines(ProductName, true, 30, 34, 1, t.Accent, footerTop+34); err != nil {
		return nil, nil, err
	}
	name := strings.TrimSpace(c.AthleteName)
	if name == "" {
		name = "Athlete"
	}
	sports := strings.TrimSpace(c.Sports)
	if sports == "" {
		sports = "Sports"
	}
	if _, err := footer.lines(name+"  ·  "+sports, false, 36, 40, 1, t.Text, footerTop+84); err != nil {
		return nil, nil, err
	}
	return img, append(d.boxes, footer.boxes...), nil
}

// AvatarRect is where the footer draws the athlete's photo: a 96 px circle at the left margin,
// level with the two footer lines.
func AvatarRect(size Size) image.Rectangle {
	const side = 96
	top := size.Height - footerHeight + 30
	return image.Rect(cardMargin, top, cardMargin+side, top+side)
}

const (
	// cardMargin is the space left and right of everything drawn.
	cardMargin = 96
	// footerHeight is the band under the rule at the foot of every card.
	footerHeight = 190
)

// drawRound draws the photo cropped square to fill r, inside a circle ringed with ring.
func drawRound(dst *image.RGBA, photo image.Image, r image.Rectangle, ring color.RGBA) {
	const ringWidth = 4
	outer := r.Inset(-ringWidth)
	draw.DrawMask(dst, outer, image.NewUniform(ring), image.Point{}, circleMask(outer.Dx()), image.Point{}, draw.Over)
	square := imaging.Fill(photo, r.Dx(), r.Dy(), imaging.Center, imaging.Lanczos)
	draw.DrawMask(dst, r, square, image.Point{}, circleMask(r.Dx()), image.Point{}, draw.Over)
}

// circleMask is a disc of the given diameter with a one-pixel soft edge, so the circle's rim is
// smooth rather than stepped.
func circleMask(diameter int) *image.Alpha {
	mask := image.NewAlpha(image.Rect(0, 0, diameter, diameter))
	radius := float64(diameter) / 2
	for y := range diameter {
		for x := range diameter {
			dist := math.Hypot(float64(x)+0.5-radius, float64(y)+0.5-radius)
			cover := min(max(radius-dist+0.5, 0), 1)
			mask.Pix[y*mask.Stride+x] = uint8(cover*255 + 0.5)
		}
	}
	return mask
}

// drawCover fills r with the photo scaled to cover it and centred (the way a CSS background
// "cover" crops), so any photo shape fills the band.
func drawCover(dst *image.RGBA, photo image.Image, r image.Rectangle) {
	pb := photo.Bounds()
	scale := max(float64(r.Dx())/float64(pb.Dx()), float64(r.Dy())/float64(pb.Dy()))
	w, h := int(float64(pb.Dx())*scale+0.5), int(float64(pb.Dy())*scale+0.5)
	scaled := imaging.Resize(photo, w, h, imaging.Lanczos)
	offset := image.Pt((w-r.Dx())/2, (h-r.Dy())/2)
	draw.Draw(dst, r, scaled, offset, draw.Src)
}

// gradient fills img from top to bottom.
func gradient(img *image.RGBA, top, bottom color.RGBA) {
	b := img.Bounds()
	h := b.Dy()
	for y := range h {
		c := color.RGBA{
			R: uint8((int(top.R)*(h-y) + int(bottom.R)*y) / h),
			G: uint8((int(top.G)*(h-y) + int(bottom.G)*y) / h),
			B: uint8((int(top.B)*(h-y) + int(bottom.B)*y) / h),
			A: 255,
		}
		row := img.Pix[y*img.Stride : y*img.Stride+b.Dx()*4]
		for x := 0; x < len(row); x += 4 {
			row[x], row[x+1], row[x+2], row[x+3] = c.R, c.G, c.B, c.A
		}
	}
}

// drawer writes wrapped text between margin and right (the image's width less the margin when
// right is zero), recording where every line went.
type drawer struct {
	img           *image.RGBA
	margin, right int
	faces         faceCache
	boxes         []Box
}

func (d *drawer) maxWidth() int {
	right := d.right
	if right == 0 {
		right = d.img.Bounds().Dx() - d.margin
	}
	return right - d.margin
}

func (d *drawer) width(s string, bold bool, size float64) int {
	f, err := d.faces.face(bold, size)
	if err != nil {
		return 0
	}
	return font.MeasureString(f, s).Ceil()
}

// wrap breaks s into lines no wider than the drawer's width; a word wider than a line is cut.
func (d *drawer) wrap(s string, f font.Face) []string {
	limit := fixed.I(d.maxWidth())
	var lines []string
	for _, paragraph := range strings.Split(s, "\n") {
		line := ""
		for _, word := range strings.Fields(paragraph) {
			for font.MeasureString(f, word) > limit {
				cut := len(word) - 1
				for cut > 1 && font.MeasureString(f, word[:cut]) > limit {
					cut--
				}
				if line != "" {
					lines, line = append(lines, line), ""
				}
				lines, word = append(lines, word[:cut]), word[cut:]
			}
			candidate := strings.TrimSpace(line + " " + word)
			if line != "" && font.MeasureString(f, candidate) > limit {
				lines, line = append(lines, line), word
				continue
			}
			line = candidate
		}
		if line != "" {
			lines = append(lines, line)
		}
	}
	return lines
}

func (d *drawer) lineCount(s string, bold bool, size float64) int {
	f, err := d.faces.face(bold, size)
	if err != nil {
		return 0
	}
	return len(d.wrap(s, f))
}

// lines draws s wrapped, at most maxLines (the last one ends in "…" when text is left over),
// from top y; it answers the y below the text.
func (d *drawer) lines(s string, bold bool, size, lineHeight float64, maxLines int, c color.Color, y int) (int, error) {
	f, err := d.faces.face(bold, size)
	if err != nil {
		return y, err
	}
	wrapped := d.wrap(s, f)
	if len(wrapped) > maxLines {
		wrapped = wrapped[:maxLines]
		last := wrapped[maxLines-1] + "…"
		for font.MeasureString(f, last) > fixed.I(d.maxWidth()) && len(last) > 1 {
			runes := []rune(strings.TrimSuffix(last, "…"))
			last = strings.TrimSpace(string(runes[:len(runes)-1])) + "…"
		}
		wrapped[maxLines-1] = last
	}
	ascent := f.Metrics().Ascent.Ceil()
	for _, line := range wrapped {
		dot := fixed.P(d.margin, y+ascent)
		fd := font.Drawer{Dst: d.img, Src: image.NewUniform(c), Face: f, Dot: dot}
		bounds, _ := fd.BoundString(line)
		fd.DrawString(line)
		d.boxes = append(d.boxes, Box{Text: line, Rect: image.Rect(bounds.Min.X.Floor(), bounds.Min.Y.Floor(), bounds.Max.X.Ceil(), bounds.Max.Y.Ceil())})
		y += int(lineHeight)
	}
	return y, nil
}
