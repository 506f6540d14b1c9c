package cards

import (
	"image"
	"testing"
)

// TestSlideTextStaysOnTheSlide: a reel's slide with long words, at the sizes reels are made in (a
// 240-line clip's frame, 1080p, the vertical frame), keeps every line inside the picture.
func TestSlideTextStaysOnTheSlide(t *testing.T) {
	t.Parallel()
	s := Slide{Kicker: "Summer 2026 showcase tournament highlights", Name: "Maximiliana Alexandrova-Worthington", Number: "#12",
		Position: "Shortstop / Pitcher", ClassYear: "2027", School: "Saint Bartholomew's Preparatory Academy of the Northern Plains",
		Contact: "maximiliana.alexandrova-worthington@example.com · (512) 555-0100", Photo: image.NewRGBA(image.Rect(0, 0, 64, 64))}
	for _, size := range [][2]int{{320, 240}, {1920, 1080}, {1080, 1920}} {
		img, boxes, err := DrawSlide(s, size[0], size[1])
		if err != nil {
			t.Fatal(err)
		}
		if len(boxes) < 6 {
			t.Fatalf("%v: only %d lines drawn", size, len(boxes))
		}
		for _, b := range boxes {
			if !b.Rect.In(img.Bounds()) {
				t.Errorf("%v: %q at %v leaves the slide", size, b.Text, b.Rect)
			}
		}
	}
}
