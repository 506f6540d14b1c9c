package cards

import (
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"io"
	"strings"
)

// Slide is a reel's title or end slide: who the athlete is and how a coach reaches them, as the
// family wrote it (prefilled from the profile).
type Slide struct {
	// Kicker is the line above the name: the reel's title on the title slide.
	Kicker                                             string
	Name, Number, Position, ClassYear, School, Contact string
	// Photo, when the athlete has one, is drawn round above (vertical) or beside (landscape) the name.
	Photo image.Image `json:"-"`
}

// RenderSlide draws the slide at width×height and writes it as PNG.
func RenderSlide(w io.Writer, s Slide, width, height int) error {
	img, _, err := DrawSlide(s, width, height)
	if err != nil {
		return err
	}
	return (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(w, img)
}

// DrawSlide draws the slide in the Standard card's colours. Sizes are in proportion to the frame's
// shorter side, so a 240-line reel's slide is the same picture as a 1080-line one.
func DrawSlide(s Slide, width, height int) (*image.RGBA, []Box, error) {
	t := Templates["standard"]
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	gradient(img, t.Top, t.Bottom)
	unit := float64(min(width, height)) / 1080
	px := func(v float64) int { return max(1, int(v*unit+0.5)) }
	margin := px(96)
	d := &drawer{img: img, margin: margin, faces: faceCache{}}
	y := px(110)
	if height > width { // the block sits a little above the middle of a phone's screen
		y = px(520)
	}
	if s.Photo != nil {
		side := px(300)
		r := image.Rect(margin, y, margin+side, y+side)
		if width > height { // beside the text
			d.margin = margin + side + px(64)
		} else {
			y += side + px(64)
		}
		drawRound(img, s.Photo, r, t.Accent)
	}
	var err error
	size := func(v float64) float64 { return max(6, v*unit) }
	if kicker := strings.TrimSpace(s.Kicker); kicker != "" {
		if y, err = d.lines(strings.ToUpper(kicker), false, size(40), size(48), 2, t.Accent, y); err != nil {
			return nil, nil, err
		}
		y += px(16)
	}
	name := strings.TrimSpace(s.Name)
	if name == "" {
		name = "Athlete"
	}
	if y, err = d.lines(name, true, size(110), size(122), 2, t.Text, y); err != nil {
		return nil, nil, err
	}
	draw.Draw(img, image.Rect(d.margin, y+px(18), d.margin+px(160), y+px(26)), image.NewUniform(t.Accent), image.Point{}, draw.Src)
	y += px(70)
	var facts []string
	if n := strings.TrimSpace(s.Number); n != "" {
		facts = append(facts, "#"+strings.TrimPrefix(n, "#"))
	}
	for _, f := range []string{s.Position, classOf(s.ClassYear)} {
		if f = strings.TrimSpace(f); f != "" {
			facts = append(facts, f)
		}
	}
	for _, line := range []struct {
		text  string
		bold  bool
		size  float64
		lines int
	}{
		{strings.Join(facts, "  ·  "), true, 56, 2},
		{s.School, false, 48, 2},
		{s.Contact, false, 40, 3},
	} {
		if strings.TrimSpace(line.text) == "" {
			continue
		}
		if y, err = d.lines(strings.TrimSpace(line.text), line.bold, size(line.size), size(line.size*1.25), line.lines, t.Muted, y); err != nil {
			return nil, nil, err
		}
		y += px(20)
	}
	foot := &drawer{img: img, margin: margin, faces: d.faces}
	if _, err := foot.lines(ProductName, true, size(30), size(34), 1, t.Accent, height-px(80)); err != nil {
		return nil, nil, err
	}
	return img, append(d.boxes, foot.boxes...), nil
}

// classOf writes a class year as a coach reads it ("Class of 2027"); other words stay as written.
func classOf(year string) string {
	year = strings.TrimSpace(year)
	var n int
	if _, err := fmt.Sscanf(year, "%d", &n); err == nil && len(year) == 4 {
		return "Class of " + year
	}
	return year
}
