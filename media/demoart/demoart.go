// Package demoart draws the demo athlete's "photos": a ball field at three times of day, drawn
// rather than stored, so /demo needs no files (migration 00022 seeds their rows).
package demoart

import (
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
)

// Scene is one drawing's light.
type Scene struct {
	SkyTop, SkyBottom, Grass, Dirt color.RGBA
}

// Scenes are the demo's photos by their key.
var Scenes = map[string]Scene{
	"demo-opening-day":    {rgb(12, 20, 48), rgb(40, 60, 110), rgb(34, 120, 60), rgb(150, 100, 60)},
	"demo-bullpen":        {rgb(250, 170, 90), rgb(255, 220, 150), rgb(70, 140, 60), rgb(180, 120, 70)},
	"demo-regional-final": {rgb(90, 160, 230), rgb(190, 225, 250), rgb(50, 150, 70), rgb(170, 115, 65)},
}

func rgb(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 255} }

// Width and Height are every drawing's size.
const Width, Height = 960, 640

// Draw paints a scene: the sky, the outfield, the infield diamond and its bases.
func Draw(s Scene) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, Width, Height))
	horizon := Height * 2 / 5
	for y := range horizon {
		c := blend(s.SkyTop, s.SkyBottom, y, horizon)
		draw.Draw(img, image.Rect(0, y, Width, y+1), image.NewUniform(c), image.Point{}, draw.Src)
	}
	draw.Draw(img, image.Rect(0, horizon, Width, Height), image.NewUniform(s.Grass), image.Point{}, draw.Src)
	// The infield: a diamond seen from behind home plate.
	cx, top, bottom := Width/2, horizon+60, Height-40
	mid := (top + bottom) / 2
	half := (bottom - top) * 3 / 4
	for y := top; y <= bottom; y++ {
		var w int
		if y < mid {
			w = half * (y - top) / (mid - top)
		} else {
			w = half * (bottom - y) / (bottom - mid)
		}
		draw.Draw(img, image.Rect(cx-w, y, cx+w, y+1), image.NewUniform(s.Dirt), image.Point{}, draw.Src)
	}
	white := image.NewUniform(color.RGBA{245, 245, 240, 255})
	for _, p := range []image.Point{{cx, top + 6}, {cx - half + 10, mid}, {cx + half - 10, mid}, {cx, bottom - 10}} {
		draw.Draw(img, image.Rect(p.X-8, p.Y-6, p.X+8, p.Y+6), white, image.Point{}, draw.Src)
	}
	return img
}

func blend(a, b color.RGBA, i, n int) color.RGBA {
	mix := func(x, y uint8) uint8 { return uint8((int(x)*(n-i) + int(y)*i) / n) }
	return color.RGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), 255}
}

// Encode writes a scene as PNG.
func Encode(w io.Writer, s Scene) error {
	return (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(w, Draw(s))
}
