package media

import (
	"archive/zip"
	"bytes"
	"image"
	"image/gif"
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/image/bmp"
	"golang.org/x/image/tiff"
)

func TestSniffRecognisesRealFiles(t *testing.T) {
	t.Parallel()
	small := image.NewRGBA(image.Rect(0, 0, 16, 16))
	encoded := func(enc func(*bytes.Buffer) error) []byte {
		var b bytes.Buffer
		require.NoError(t, enc(&b))
		return b.Bytes()
	}
	// fromFFmpeg makes a one-second file with ffmpeg's test sources; video brings a 64x48
	// test pattern, audio a sine tone.
	fromFFmpeg := func(name string, video, audio bool, args ...string) func(t *testing.T) []byte {
		return func(t *testing.T) []byte {
			var in []string
			if video {
				in = append(in, "-f", "lavfi", "-i", "testsrc=size=64x48:rate=10:duration=1")
			}
			if audio {
				in = append(in, "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100:duration=1")
			}
			out := ffmpegMake(t, filepath.Join(t.TempDir(), name), append(in, args...)...)
			data, err := os.ReadFile(out)
			require.NoError(t, err)
			return data
		}
	}
	literal := func(b []byte) func(*testing.T) []byte { return func(*testing.T) []byte { return b } }

	cases := []struct {
		name string
		data func(t *testing.T) []byte
		kind Kind
		mime string
		ext  string
	}{
		{"jpeg", literal(encodeJPEG(t, small, 80)), KindImage, "image/jpeg", ".jpg"},
		{"png", literal(encoded(func(b *bytes.Buffer) error { return png.Encode(b, small) })), KindImage, "image/png", ".png"},
		{"gif", literal(encoded(func(b *bytes.Buffer) error { return gif.Encode(b, small, nil) })), KindImage, "image/gif", ".gif"},
		{"bmp", literal(encoded(func(b *bytes.Buffer) error { return bmp.Encode(b, small) })), KindImage, "image/bmp", ".bmp"},
		{"tiff", literal(encoded(func(b *bytes.Buffer) error { return tiff.Encode(b, small, nil) })), KindImage, "image/tiff", ".tiff"},
		{"webp", fromFFmpeg("x.webp", true, false, "-frames:v", "1", "-c:v", "libwebp"), KindImage, "image/webp", ".webp"},
		// An iPhone photo's first box (no encoder here; the ftyp box is what Sniff reads).
		{"heic", literal([]byte("\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic\x00\x00\x00\x00meta")), KindImage, "image/heic", ".heic"},
		{"heif mif1", literal([]byte("\x00\x00\x00\x14ftypmif1\x00\x00\x00\x00mif1\x00\x00\x00\x00meta")), KindImage, "image/heif", ".heif"},
		{"heif sequence", literal([]byte("\x00\x00\x00\x18ftypmsf1\x00\x00\x00\x00msf1hevc\x00\x00\x00\x00moov")), KindImage, "image/heic-sequence", ".heic"},
		{"mp4", fromFFmpeg("x.mp4", true, true, "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac"), KindVideo, "video/mp4", ".mp4"},
		{"mov", fromFFmpeg("x.mov", true, true, "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac"), KindVideo, "video/quicktime", ".mov"},
		{"m4v", fromFFmpeg("x.m4v", true, false, "-c:v", "libx264", "-preset", "ultrafast", "-f", "mp4", "-brand", "M4V "), KindVideo, "video/x-m4v", ".m4v"},
		{"3gp", fromFFmpeg("x.3gp", true, true, "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-ar", "16000"), KindVideo, "video/3gpp", ".3gp"},
		{"webm", fromFFmpeg("x.webm", true, true, "-c:v", "libvpx", "-deadline", "realtime", "-c:a", "libopus"), KindVideo, "video/webm", ".webm"},
		{"mkv", fromFFmpeg("x.mkv", true, true, "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac"), KindVideo, "video/x-matroska", ".mkv"},
		{"avi", fromFFmpeg("x.avi", true, false, "-c:v", "mjpeg"), KindVideo, "video/x-msvideo", ".avi"},
		{"mpeg-ts", fromFFmpeg("x.ts", true, true, "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac"), KindVideo, "video/mp2t", ".ts"},
		{"mp3 with ID3", fromFFmpeg("x.mp3", false, true, "-c:a", "libmp3lame"), KindAudio, "audio/mpeg", ".mp3"},
		{"mp3 bare", fromFFmpeg("y.mp3", false, true, "-c:a", "libmp3lame", "-id3v2_version", "0", "-write_xing", "0"), KindAudio, "audio/mpeg", ".mp3"},
		{"wav", fromFFmpeg("x.wav", false, true), KindAudio, "audio/wav", ".wav"},
		{"ogg vorbis", fromFFmpeg("x.ogg", false, true, "-c:a", "libvorbis"), KindAudio, "audio/ogg", ".ogg"},
		{"opus", fromFFmpeg("x.opus", false, true, "-c:a", "libopus"), KindAudio, "audio/ogg", ".opus"},
		{"m4a", fromFFmpeg("x.m4a", false, true, "-c:a", "aac", "-f", "ipod"), KindAudio, "audio/mp4", ".m4a"},
		{"flac", fromFFmpeg("x.flac", false, true), KindAudio, "audio/flac", ".flac"},
		{"aac adts", fromFFmpeg("x.aac", false, true, "-c:a", "aac", "-f", "adts"), KindAudio, "audio/aac", ".aac"},
		{"pdf", literal(minimalPDF()), KindPDF, "application/pdf", ".pdf"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			data := tc.data(t)
			head := data[:min(len(data), 512)]
			kind, mime, ext, ok := Sniff(head)
			require.True(t, ok, "not recognised: % x", head[:min(len(head), 32)])
			require.Equal(t, tc.kind, kind)
			require.Equal(t, tc.mime, mime)
			require.Equal(t, tc.ext, ext)
		})
	}
}

func TestSniffRejectsWhatIsNotMedia(t *testing.T) {
	t.Parallel()
	var zipped bytes.Buffer
	zw := zip.NewWriter(&zipped)
	w, err := zw.Create("photo.jpg")
	require.NoError(t, err)
	_, _ = w.Write(encodeJPEG(t, image.NewRGBA(image.Rect(0, 0, 8, 8)), 80)) // a JPEG inside a ZIP is still a ZIP
	require.NoError(t, zw.Close())

	noise := make([]byte, 4096)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range noise {
		noise[i] = byte(rng.UintN(256))
	}

	cases := map[string][]byte{
		"empty":        {},
		"one byte":     {0xFF},
		"plain text":   []byte("Dear diary, today we won the regional final 3-2 after extra time.\n"),
		"html":         []byte("<!DOCTYPE html><html><head><script>alert(1)</script></head><body></body></html>"),
		"svg":          []byte(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>`),
		"zip":          zipped.Bytes(),
		"elf":          append([]byte("\x7fELF\x02\x01\x01\x00"), make([]byte, 56)...),
		"windows exe":  append([]byte("MZ\x90\x00\x03\x00\x00\x00"), make([]byte, 56)...),
		"json":         []byte(`{"title":"not a video"}`),
		"bm text":      []byte("BMX wheels and more text that is not a bitmap at all"),
		"random bytes": noise,
		"avif":         []byte("\x00\x00\x00\x1cftypavif\x00\x00\x00\x00avifmif1miaf\x00\x00\x00\x00"),
		"pdf later":    []byte("hello %PDF-1.4"),
	}
	for name, data := range cases {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			kind, mime, ext, ok := Sniff(data)
			require.False(t, ok, "recognised as %s %s %s", kind, mime, ext)
			require.Empty(t, kind)
		})
	}
}

func TestSniffIgnoresTheNameItWasNeverGiven(t *testing.T) {
	t.Parallel()
	// A JPEG uploaded as "clip.mp4" is a JPEG: Sniff only ever sees bytes.
	path := writeFile(t, "clip.mp4", encodeJPEG(t, quadrantImage(20, 10), 80))
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	kind, mime, _, ok := Sniff(data)
	require.True(t, ok)
	require.Equal(t, KindImage, kind)
	require.Equal(t, "image/jpeg", mime)
}

func TestSniffID3BeforeOtherAudio(t *testing.T) {
	t.Parallel()
	id3 := []byte("ID3\x04\x00\x00\x00\x00\x00\x05hello")
	kind, mime, _, ok := Sniff(append(id3, []byte("fLaC\x00\x00\x00\x22")...))
	require.True(t, ok)
	require.Equal(t, KindAudio, kind)
	require.Equal(t, "audio/flac", mime)
}

func TestSniffShortHeads(t *testing.T) {
	t.Parallel()
	// Heads shorter than a header must not panic, whatever they start with.
	prefixes := []string{"\xff\xd8", "RIFF", "ID3", "OggS", "\x00\x00\x00\x18ftyp", "BM", "\xff\xfb", "\xff\xf1", "\x1a\x45\xdf\xa3", "\x47"}
	for _, p := range prefixes {
		for n := 0; n <= len(p)+12; n++ {
			data := append([]byte(p), make([]byte, 12)...)[:n]
			require.NotPanics(t, func() { Sniff(data) })
		}
	}
}

func FuzzSniff(f *testing.F) {
	f.Add([]byte("\xff\xd8\xff\xe0"))
	f.Add([]byte("ID3\x04\x00\x00\x00\x00\x00\x05hello\xff\xfb\x90\x00"))
	f.Add([]byte("\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic"))
	f.Add([]byte("OggS\x00\x02\x00\x00\x00\x00\x00\x00\x00\x00\x01\x02\x03\x04\x00\x00\x00\x00\x00\x00\x00\x00\x01\x13OpusHead"))
	f.Fuzz(func(t *testing.T, head []byte) {
		kind, mime, ext, ok := Sniff(head)
		if ok != (kind != "") || ok != (mime != "") || ok != (ext != "") {
			t.Fatalf("inconsistent answer %q %q %q %v", kind, mime, ext, ok)
		}
	})
}
