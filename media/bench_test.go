package media

import (
	"context"
	"image"
	"image/color"
	"io"
	"math/rand/v2"
	"os"
	"testing"
)

// photoLike is a w x h picture with smooth gradients and sensor-like noise, so that it
// compresses (and decodes) roughly like a phone photo rather than like a flat test card.
func photoLike(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	rng := rand.New(rand.NewPCG(7, 11))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			n := int(rng.UintN(24)) - 12
			clamp := func(v int) uint8 { return uint8(max(0, min(255, v))) }
			img.SetRGBA(x, y, color.RGBA{
				R: clamp(x*255/w + n),
				G: clamp(y*255/h + n),
				B: clamp((x+y)*255/(w+h) + n/2 + 40*((x/200+y/200)%2)),
				A: 255,
			})
		}
	}
	return img
}

// BenchmarkImageThumbnail makes a 480-pixel thumbnail of a 12 MP (4000x3000) JPEG encoded at
// quality 90. "libvips" is libvips in this process; "child" is ImageThumbnail as shipped, the same
// in a long-lived decoder child (child.go), so the difference is what the child costs per photo
// (a round trip over its pipes; its CPU is not in this process's profile: bench/thumbcpu.sh counts
// it); "go-decode" is the pure Go path (image/jpeg, then imaging's Lanczos resize) that BMP still
// takes. Measured numbers are in docs/PERFORMANCE.md ("Thumbnails per second", and "Workers that
// survive any file").
func BenchmarkImageThumbnail(b *testing.B) {
	path := writeFile(b, "12mp.jpg", withEXIFOrientation(encodeJPEG(b, photoLike(4000, 3000), 90), 6))
	if info, err := os.Stat(path); err == nil {
		b.Logf("source: 4000x3000 JPEG, %.1f MB", float64(info.Size())/1e6)
	}
	ctx := context.Background()
	for _, bc := range []struct {
		name string
		opts thumbnailOptions
		want decoder
	}{{"libvips", thumbnailOptions{}, decoderVips}, {"child", thumbnailOptions{}, decoderVips}, {"go-decode", thumbnailOptions{goOnly: true}, decoderGo}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			thumbnail := func() (int, int, decoder, error) { return imageThumbnail(ctx, path, 480, io.Discard, bc.opts) }
			if bc.name == "child" {
				d := NewDecoders(DecoderLimits{Processes: 1})
				b.Cleanup(d.Close)
				thumbnail = func() (int, int, decoder, error) {
					return d.thumbnail(ctx, decodeRequest{Path: path, MaxSide: 480}, io.Discard)
				}
			}
			for b.Loop() {
				w, h, used, err := thumbnail()
				if err != nil {
					b.Fatal(err)
				}
				if w != 3000 || h != 4000 || used != bc.want {
					b.Fatalf("got %dx%d from %s", w, h, used)
				}
			}
		})
	}
}
