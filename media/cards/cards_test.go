package cards

import (
	"bytes"
	"flag"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden cards in testdata")

func sampleCard() Card {
	return Card{
		Title: "Perfect game in the regional final", Description: "Twenty-one batters, twenty-one outs, and a dugout that went quiet in the sixth.",
		Date: "Apr 12, 2026", Category: "game", AthleteName: "Jordan Rivera", Sports: "Baseball, Softball",
		Stats: []Stat{{"Strikeouts", "12"}, {"Innings", "7.0"}, {"Pitches", "88"}, {"Hits", "0"}, {"ERA", "0.00"}},
	}
}

// inside checks every text box lies within the card's margins.
func inside(t *testing.T, boxes []Box, size Size) {
	t.Helper()
	frame := image.Rect(0, 0, size.Width, size.Height).Inset(40)
	for _, b := range boxes {
		assert.True(t, b.Rect.In(frame), "%q at %v leaves the card %v", b.Text, b.Rect, frame)
	}
}

func TestEveryTemplateAndSize(t *testing.T) {
	t.Parallel()
	for name := range Templates {
		for _, size := range Sizes {
			var buf bytes.Buffer
			boxes, err := Render(&buf, sampleCard(), name, size)
			require.NoError(t, err)
			img, err := png.Decode(&buf)
			require.NoError(t, err)
			assert.Equal(t, image.Pt(size.Width, size.Height), img.Bounds().Size(), "%s %s", name, size.Name)
			inside(t, boxes, size)
			text := ""
			for _, b := range boxes {
				text += b.Text + "\n"
			}
			for _, want := range []string{"GAME", "Perfect game", "Strikeouts", "12", ProductName, "Jordan Rivera"} {
				assert.Contains(t, text, want, "%s %s", name, size.Name)
			}
		}
	}
	_, err := Render(&bytes.Buffer{}, sampleCard(), "neon", Feed)
	assert.Error(t, err)
}

func TestLongTextWrapsOrShrinksAndNeverOverflows(t *testing.T) {
	t.Parallel()
	c := sampleCard()
	c.Title = strings.Repeat("Championship-winning walk-off grand slam ", 8)
	c.Description = strings.Repeat("A very long description of the day that goes on and on. ", 20)
	c.Stats = append(c.Stats, Stat{"Longest label that would never fit in a cell", "1234567890.123"}, Stat{"Seventh", "7"})
	c.AthleteName = strings.Repeat("Maximiliana ", 6)
	c.Title += "Supercalifragilisticexpialidociouslyunbreakablewordthatmustbecut"
	for _, size := range Sizes {
		_, boxes, err := Draw(c, "standard", size)
		require.NoError(t, err)
		inside(t, boxes, size)
		titleLines := 0
		for _, b := range boxes {
			if strings.Contains(b.Text, "walk-off") || strings.Contains(b.Text, "Championship") {
				titleLines++
			}
		}
		assert.LessOrEqual(t, titleLines, 3, "the title keeps to three lines")
		assert.NotContains(t, textOf(boxes), "Seventh", "the grid shows six stats")
	}
}

func textOf(boxes []Box) string {
	var b strings.Builder
	for _, box := range boxes {
		b.WriteString(box.Text + "\n")
	}
	return b.String()
}

// TestGoldenCards compares each template's feed card with the one in testdata: a change in the
// drawing shows up here (go test ./media/cards -update rewrites them after a deliberate change).
func TestGoldenCards(t *testing.T) {
	t.Parallel()
	for name := range Templates {
		img, _, err := Draw(sampleCard(), name, Feed)
		require.NoError(t, err)
		path := filepath.Join("testdata", name+"-feed.png")
		if *update {
			var buf bytes.Buffer
			require.NoError(t, png.Encode(&buf, img))
			require.NoError(t, os.WriteFile(path, buf.Bytes(), 0o644))
			continue
		}
		f, err := os.Open(path)
		require.NoError(t, err)
		golden, err := png.Decode(f)
		f.Close()
		require.NoError(t, err)
		require.Equal(t, golden.Bounds(), img.Bounds())
		// A small tolerance: font rasterising may differ by a shade between platforms.
		differing := 0
		b := img.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				r1, g1, b1, _ := img.At(x, y).RGBA()
				r2, g2, b2, _ := golden.At(x, y).RGBA()
				if absDiff(r1, r2)+absDiff(g1, g2)+absDiff(b1, b2) > 3*40*257 {
					differing++
				}
			}
		}
		assert.Less(t, float64(differing)/float64(b.Dx()*b.Dy()), 0.002, "%s: %d pixels differ from the golden card", name, differing)
	}
}

func absDiff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}

// BenchmarkRender times each template's feed card against encoding a blank PNG of the same size
// alone (the floor of any card). Run: go test ./media/cards -run '^$' -bench . -benchtime 20x
func BenchmarkRender(b *testing.B) {
	b.Run("blank-png", func(b *testing.B) {
		img := image.NewRGBA(image.Rect(0, 0, Feed.Width, Feed.Height))
		enc := png.Encoder{CompressionLevel: png.BestSpeed}
		for b.Loop() {
			require.NoError(b, enc.Encode(&bytes.Buffer{}, img))
		}
	})
	for _, name := range []string{"standard", "victory", "milestone", "elite"} {
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				_, err := Render(&bytes.Buffer{}, sampleCard(), name, Feed)
				require.NoError(b, err)
			}
		})
	}
}

func TestAPhotoFillsTheTopAndTheTextStillFits(t *testing.T) {
	t.Parallel()
	photo := image.NewRGBA(image.Rect(0, 0, 300, 500)) // portrait: cropped to cover the band
	for i := range photo.Pix {
		photo.Pix[i] = 200 // light grey
	}
	c := sampleCard()
	c.Photo, c.PhotoKey = photo, "photo.jpg"
	c.Title = strings.Repeat("A very long title about a very long day ", 5)
	c.Description = strings.Repeat("More words than fit. ", 30)
	for _, size := range Sizes {
		img, boxes, err := Draw(c, "elite", size)
		require.NoError(t, err)
		inside(t, boxes, size)
		r, g, b, _ := img.At(size.Width/2, 50).RGBA()
		assert.Equal(t, [3]uint32{200 * 257, 200 * 257, 200 * 257}, [3]uint32{r, g, b}, "the photo fills the top")
		for _, box := range boxes {
			assert.GreaterOrEqual(t, box.Rect.Min.Y, 400, "no text over the photo: %q", box.Text)
		}
	}
}

// TestTheAthletesPhotoIsDrawnRoundInTheFooter: with a photo, the footer shows it in a circle at the
// left margin (its colour at the centre, the card's own beyond the circle's corners) and the footer
// text moves right of it; everything above the footer is the card without a photo, pixel for pixel.
func TestTheAthletesPhotoIsDrawnRoundInTheFooter(t *testing.T) {
	t.Parallel()
	red := color.RGBA{220, 30, 40, 255}
	photo := image.NewRGBA(image.Rect(0, 0, 300, 200)) // landscape: cropped square
	draw.Draw(photo, photo.Bounds(), image.NewUniform(red), image.Point{}, draw.Src)
	for _, size := range Sizes {
		plain, plainBoxes, err := Draw(sampleCard(), "standard", size)
		require.NoError(t, err)
		c := sampleCard()
		c.AthletePhoto, c.AthletePhotoKey = photo, "photo-128.jpg"
		withPhoto, boxes, err := Draw(c, "standard", size)
		require.NoError(t, err)
		inside(t, boxes, size)

		avatar := AvatarRect(size)
		centre := image.Pt((avatar.Min.X+avatar.Max.X)/2, (avatar.Min.Y+avatar.Max.Y)/2)
		assert.Equal(t, red, withPhoto.RGBAAt(centre.X, centre.Y), "%s: the photo fills the circle", size.Name)
		assert.NotEqual(t, red, plain.RGBAAt(centre.X, centre.Y), "%s: no photo, no red", size.Name)
		corner := avatar.Min.Add(image.Pt(2, 2)) // inside the square, outside the circle
		assert.Equal(t, plain.RGBAAt(corner.X, corner.Y), withPhoto.RGBAAt(corner.X, corner.Y), "%s: the photo is round", size.Name)

		footerTop := size.Height - footerHeight
		assert.Zero(t, differing(plain, withPhoto, image.Rect(0, 0, size.Width, footerTop)), "%s: only the footer changes", size.Name)
		assert.Greater(t, differing(plain, withPhoto, image.Rect(0, footerTop, size.Width, size.Height)), avatar.Dx()*avatar.Dy()/2, size.Name)

		for _, b := range boxes {
			if b.Rect.Min.Y >= footerTop {
				assert.Greater(t, b.Rect.Min.X, avatar.Max.X, "%s: %q clears the photo", size.Name, b.Text)
			}
		}
		assert.Contains(t, textOf(boxes), "Jordan Rivera")
		assert.Equal(t, len(plainBoxes), len(boxes), "the same text is drawn")
	}
}

// differing counts the pixels of r that differ between a and b.
func differing(a, b *image.RGBA, r image.Rectangle) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if a.RGBAAt(x, y) != b.RGBAAt(x, y) {
				n++
			}
		}
	}
	return n
}
