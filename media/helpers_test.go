package media

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// requireTool fails the test with a hint when a program the tests need is not installed.
// The Debian packages are ffmpeg and poppler-utils.
func requireTool(t testing.TB, name, pkg string) {
	t.Helper()
	if _, err := exec.LookPath(name); err != nil {
		t.Fatalf("%s is not installed (apt-get install -y %s)", name, pkg)
	}
}

// ffmpegMake runs ffmpeg with args to make test media, writing out (a path in a temp dir).
func ffmpegMake(t testing.TB, out string, args ...string) string {
	t.Helper()
	requireTool(t, "ffmpeg", "ffmpeg")
	full := append([]string{"-nostdin", "-hide_banner", "-loglevel", "error", "-y"}, args...)
	full = append(full, out)
	cmd := exec.Command("ffmpeg", full...)
	output, err := cmd.CombinedOutput()
	require.NoError(t, err, "ffmpeg %v: %s", full, output)
	return out
}

// testVideo makes a video of seconds of testsrc (and a sine tone when withAudio) at w x h
// with the given encoder arguments, e.g. "-c:v", "libx264".
func testVideo(t testing.TB, name string, seconds float64, w, h int, withAudio bool, codecArgs ...string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), name)
	args := []string{"-f", "lavfi", "-i", fmt.Sprintf("testsrc=size=%dx%d:rate=25:duration=%g", w, h, seconds)}
	if withAudio {
		args = append(args, "-f", "lavfi", "-i", fmt.Sprintf("sine=frequency=440:sample_rate=44100:duration=%g", seconds))
	}
	args = append(args, codecArgs...)
	return ffmpegMake(t, out, args...)
}

// h264Video makes an H.264/AAC (or video-only) MP4 a browser plays as it is.
func h264Video(t testing.TB, seconds float64, w, h int, withAudio bool) string {
	t.Helper()
	args := []string{"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"}
	if withAudio {
		args = append(args, "-c:a", "aac", "-b:a", "64k")
	}
	return testVideo(t, "h264.mp4", seconds, w, h, withAudio, args...)
}

// quadrantImage is w x h with its top-left quadrant red and the rest blue.
func quadrantImage(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := color.RGBA{0, 0, 255, 255}
			if x < w/2 && y < h/2 {
				c = color.RGBA{255, 0, 0, 255}
			}
			img.SetRGBA(x, y, c)
		}
	}
	return img
}

func encodeJPEG(t testing.TB, img image.Image, quality int) []byte {
	t.Helper()
	var buf bytes.Buffer
	require.NoError(t, jpeg.Encode(&buf, img, &jpeg.Options{Quality: quality}))
	return buf.Bytes()
}

// withEXIFOrientation inserts, right after the SOI marker, an APP1 segment holding a minimal
// EXIF block: a big-endian TIFF header and IFD0 with the one tag Orientation (0x0112, SHORT).
func withEXIFOrientation(jpg []byte, orientation uint16) []byte {
	var tiff bytes.Buffer
	tiff.WriteString("MM\x00*")
	_ = binary.Write(&tiff, binary.BigEndian, uint32(8)) // IFD0 right after the header
	_ = binary.Write(&tiff, binary.BigEndian, uint16(1)) // one entry
	_ = binary.Write(&tiff, binary.BigEndian, uint16(0x0112))
	_ = binary.Write(&tiff, binary.BigEndian, uint16(3)) // SHORT
	_ = binary.Write(&tiff, binary.BigEndian, uint32(1)) // count
	_ = binary.Write(&tiff, binary.BigEndian, orientation)
	_ = binary.Write(&tiff, binary.BigEndian, uint16(0)) // value padding
	_ = binary.Write(&tiff, binary.BigEndian, uint32(0)) // no next IFD

	payload := append([]byte("Exif\x00\x00"), tiff.Bytes()...)
	var out bytes.Buffer
	out.Write(jpg[:2]) // SOI
	out.Write([]byte{0xFF, 0xE1})
	_ = binary.Write(&out, binary.BigEndian, uint16(len(payload)+2))
	out.Write(payload)
	out.Write(jpg[2:])
	return out.Bytes()
}

// withPNGSize rewrites the width and height in a PNG's IHDR chunk (and its CRC), leaving the
// pixel data as it was: a small file that claims to be a huge picture.
func withPNGSize(t testing.TB, png []byte, width, height uint32) []byte {
	t.Helper()
	require.Equal(t, "IHDR", string(png[12:16]))
	out := bytes.Clone(png)
	binary.BigEndian.PutUint32(out[16:], width)
	binary.BigEndian.PutUint32(out[20:], height)
	binary.BigEndian.PutUint32(out[29:], crc32.ChecksumIEEE(out[12:29]))
	return out
}

// withJPEGSize rewrites the height and width in a baseline JPEG's start-of-frame segment.
func withJPEGSize(t testing.TB, jpg []byte, width, height uint16) []byte {
	t.Helper()
	sof := bytes.Index(jpg, []byte{0xFF, 0xC0})
	require.Positive(t, sof, "a baseline JPEG")
	out := bytes.Clone(jpg)
	binary.BigEndian.PutUint16(out[sof+5:], height)
	binary.BigEndian.PutUint16(out[sof+7:], width)
	return out
}

// swappedPrimariesICC is a minimal ICC v2 RGB display profile (matrix and linear curves) whose
// red and blue colorants are swapped: a pixel stored as pure red is, through this profile, blue.
// A decoder that honours embedded profiles shows such a picture blue; one that ignores them, red.
func swappedPrimariesICC() []byte {
	s15 := func(v float64) uint32 { return uint32(int32(v * 65536)) }
	xyz := func(x, y, z float64) []byte {
		b := binary.BigEndian.AppendUint32([]byte("XYZ \x00\x00\x00\x00"), s15(x))
		b = binary.BigEndian.AppendUint32(b, s15(y))
		return binary.BigEndian.AppendUint32(b, s15(z))
	}
	linear := []byte("curv\x00\x00\x00\x00\x00\x00\x00\x00") // no entries: identity
	tags := []struct {
		sig  string
		data []byte
	}{
		{"wtpt", xyz(0.9642, 1.0, 0.8249)},
		{"rXYZ", xyz(0.1431, 0.0606, 0.7141)}, // sRGB's blue, adapted to D50
		{"gXYZ", xyz(0.3851, 0.7169, 0.0971)},
		{"bXYZ", xyz(0.4361, 0.2225, 0.0139)}, // sRGB's red
		{"rTRC", linear}, {"gTRC", linear}, {"bTRC", linear},
	}
	offset := 128 + 4 + 12*len(tags)
	var table, data []byte
	table = binary.BigEndian.AppendUint32(table, uint32(len(tags)))
	for _, tag := range tags {
		table = append(table, tag.sig...)
		table = binary.BigEndian.AppendUint32(table, uint32(offset+len(data)))
		table = binary.BigEndian.AppendUint32(table, uint32(len(tag.data)))
		data = append(data, tag.data...)
	}
	header := make([]byte, 128)
	binary.BigEndian.PutUint32(header[0:], uint32(offset+len(data)))
	binary.BigEndian.PutUint32(header[8:], 0x02100000) // version 2.1
	copy(header[12:], "mntrRGB XYZ ")
	copy(header[36:], "acsp")
	binary.BigEndian.PutUint32(header[68:], s15(0.9642)) // the PCS illuminant, D50
	binary.BigEndian.PutUint32(header[72:], s15(1.0))
	binary.BigEndian.PutUint32(header[76:], s15(0.8249))
	return append(append(header, table...), data...)
}

// withICCProfile inserts, right after the SOI marker, an APP2 segment holding an ICC profile.
func withICCProfile(jpg, profile []byte) []byte {
	payload := append([]byte("ICC_PROFILE\x00\x01\x01"), profile...)
	var out bytes.Buffer
	out.Write(jpg[:2])
	out.Write([]byte{0xFF, 0xE2})
	_ = binary.Write(&out, binary.BigEndian, uint16(len(payload)+2))
	out.Write(payload)
	out.Write(jpg[2:])
	return out.Bytes()
}

// minimalPDF is a valid one-page PDF (US Letter) with a filled rectangle, its cross-reference
// table computed so that no reader needs to repair it.
func minimalPDF() []byte {
	content := "0 0 1 rg 72 72 200 300 re f"
	objects := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << >> >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content), content),
	}
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
	offsets := make([]int, len(objects))
	for i, o := range objects {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objects)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objects)+1, xref)
	return b.Bytes()
}

func writeFile(t testing.TB, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(path, data, 0o600))
	return path
}

// decodeJPEGFile decodes a file that must be a JPEG.
func decodeJPEGFile(t testing.TB, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	img, err := jpeg.Decode(f)
	require.NoError(t, err)
	return img
}
