package media

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"legacylocker/media/cards"
)

// benchReelClips makes n 20 s 1080p30 H.264/AAC clips encoded alike (as a phone's or a camera's
// clips of one game are), so that a stream copy may join them.
func benchReelClips(b *testing.B, n int) []ReelClip {
	b.Helper()
	patterns := []string{"testsrc2", "testsrc", "smptehdbars", "rgbtestsrc", "testsrc2"}
	clips := make([]ReelClip, n)
	for i := range clips {
		out := filepath.Join(b.TempDir(), fmt.Sprintf("clip%d.mp4", i))
		ffmpegMake(b, out, "-f", "lavfi", "-i", patterns[i%len(patterns)]+"=size=1920x1080:rate=30:duration=20",
			"-f", "lavfi", "-i", fmt.Sprintf("sine=frequency=%d:sample_rate=48000:duration=20,volume=%ddB", 300+100*i, -30+5*i),
			"-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-g", "60", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "128k")
		p, err := Probe(context.Background(), out)
		if err != nil {
			b.Fatal(err)
		}
		clips[i] = ReelClip{Path: out, Title: fmt.Sprintf("Play %d", i+1), Probe: p}
	}
	return clips
}

// BenchmarkReel is issue 32's speed check, for docs/PERFORMANCE.md (run on an idle machine:
// go test ./media -run '^$' -bench BenchmarkReel -benchtime 3x). The clips' loudness is known, as
// upload processing keeps it on each item. "render" is RenderReel of 5 × 20 s 1080p clips behind a
// title slide, landscape; "ffmpeg" is plain ffmpeg running the same filter graph and encode
// (ReelEncodeArgs): render/ffmpeg is the ratio the issue bounds at 1.2. "copy-join" is RenderReel
// of the same 5 clips with no slide, which a stream copy joins (bounded at 3 s);
// "copy-join-measuring" is that join for clips whose loudness was never kept (uploaded before
// it was), measured during the join.
func BenchmarkReel(b *testing.B) {
	requireTool(b, "ffmpeg", "ffmpeg")
	ctx := context.Background()
	unmeasured := benchReelClips(b, 5)
	clips := slices.Clone(unmeasured)
	if err := LevelClips(ctx, clips); err != nil {
		b.Fatal(err)
	}
	dir := b.TempDir()
	slide := filepath.Join(dir, "slide.png")
	f, err := os.Create(slide)
	if err != nil {
		b.Fatal(err)
	}
	w, h := ReelFrame(ReelLandscape, clips)
	if err := cards.RenderSlide(f, cards.Slide{Kicker: "2026 Highlights", Name: "Jo Lee", Number: "12", Position: "Shortstop",
		ClassYear: "2027", School: "Central High", Contact: "jo@example.com"}, w, h); err != nil {
		b.Fatal(err)
	}
	f.Close()
	out := filepath.Join(dir, "reel.mp4")

	b.Run("render", func(b *testing.B) {
		for b.Loop() {
			res, err := RenderReel(ctx, Reel{Title: "Season", TitleSlide: slide, Clips: clips}, ReelLandscape, out, nil)
			if err != nil || res.Mode != ReelEncode {
				b.Fatalf("%v %s", err, res.Mode)
			}
		}
	})
	b.Run("ffmpeg", func(b *testing.B) {
		r := Reel{Title: "Season", TitleSlide: slide, Clips: clips}
		meta, ring := filepath.Join(dir, "chapters.txt"), filepath.Join(dir, "ring.png")
		if err := os.WriteFile(meta, []byte(ReelChapters(r)), 0o600); err != nil {
			b.Fatal(err)
		}
		if err := writeSpotlightRing(ring); err != nil {
			b.Fatal(err)
		}
		args := ReelEncodeArgs(r, ReelLandscape, ring, meta, out)
		for b.Loop() {
			if output, err := exec.Command(FFmpegPath, args...).CombinedOutput(); err != nil {
				b.Fatalf("%v: %s", err, output)
			}
		}
	})
	b.Run("copy-join", func(b *testing.B) {
		for b.Loop() {
			res, err := RenderReel(ctx, Reel{Title: "Season", Clips: clips}, ReelLandscape, out, nil)
			if err != nil || res.Mode != ReelCopy {
				b.Fatalf("%v %s %s", err, res.Mode, res.Fallback)
			}
		}
	})
	b.Run("copy-join-measuring", func(b *testing.B) {
		for b.Loop() {
			res, err := RenderReel(ctx, Reel{Title: "Season", Clips: unmeasured}, ReelLandscape, out, nil)
			if err != nil || res.Mode != ReelCopy {
				b.Fatalf("%v %s %s", err, res.Mode, res.Fallback)
			}
		}
	})
}
