package media

import (
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
)

// ringSide is the spotlight ring's drawn size; ffmpeg scales it to each clip (spotlightShare).
const ringSide = 512

// SpotlightRing draws the spotlight: a bright ring with a dark halo either side, so it reads on
// a sunlit field as on a dark gym floor, anti-aliased at its edges. Everything else is clear.
func SpotlightRing(side int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, side, side))
	r := float64(side) / 2
	ring, halo := r*0.08, r*0.14 // half-widths of the ring and of its halo
	centre := r - halo
	for y := range side {
		for x := range side {
			d := math.Abs(math.Hypot(float64(x)+0.5-r, float64(y)+0.5-r) - centre)
			if d >= halo {
				continue
			}
			cover := min(1, halo-d) // soft outer edge of the halo
			c := color.NRGBA{0, 0, 0, uint8(140 * cover)}
			if d < ring {
				in := min(1, ring-d)
				c = color.NRGBA{255, 214, 10, uint8(255*in + 140*(1-in))}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	return img
}

func writeSpotlightRing(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, SpotlightRing(ringSide)); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
