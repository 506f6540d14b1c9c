package media

import (
	"bytes"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"legacylocker/media/capturetest"
)

func readCaptureFile(t *testing.T, path string) Capture {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	c, err := ReadCapture(bytes.NewReader(b), int64(len(b)))
	require.NoError(t, err)
	return c
}

func requireDate(t *testing.T, c Capture, zone *time.Location, want string) {
	t.Helper()
	d, ok := c.Date(zone)
	require.True(t, ok, "the file's date")
	require.Equal(t, want, d.Format(time.DateOnly))
}

var losAngeles = func() *time.Location {
	z, err := time.LoadLocation("America/Los_Angeles")
	if err != nil {
		panic(err)
	}
	return z
}()

func TestReadCaptureJPEG(t *testing.T) {
	t.Parallel()
	plain := encodeJPEG(t, quadrantImage(64, 32), 90)
	cases := []struct {
		name    string
		exif    capturetest.EXIF
		date    string
		hasDate bool
	}{
		// The local date where it was taken, whatever the offset: 00:30 in Tokyo is the 5th there.
		{"offset kept as the local clock", capturetest.EXIF{DateTimeOriginal: "2024:05:05 00:30:00", OffsetTimeOriginal: "+09:00"}, "2024-05-05", true},
		{"no offset: the camera's clock as it is", capturetest.EXIF{DateTimeOriginal: "2024:05:04 23:50:00"}, "2024-05-04", true},
		{"an unset date is none", capturetest.EXIF{DateTimeOriginal: "0000:00:00 00:00:00"}, "", false},
		{"GPS but no date", capturetest.EXIF{HasGPS: true, Latitude: 1, Longitude: 2}, "", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := writeFile(t, "photo.jpg", capturetest.WithEXIF(plain, tc.exif))
			c := readCaptureFile(t, path)
			require.Equal(t, tc.hasDate, c.HasTaken)
			if tc.hasDate {
				requireDate(t, c, losAngeles, tc.date) // the zone is not used when the file says the local clock
				requireDate(t, c, time.UTC, tc.date)
			}
		})
	}

	t.Run("GPS in the southern and western hemispheres", func(t *testing.T) {
		path := writeFile(t, "photo.jpg", capturetest.WithEXIF(plain, capturetest.EXIF{
			DateTimeOriginal: "2024:05:04 18:30:00", OffsetTimeOriginal: "-03:00", HasGPS: true, Latitude: -34.6037, Longitude: -58.3816,
		}))
		c := readCaptureFile(t, path)
		require.True(t, c.HasPlace)
		require.InDelta(t, -34.6037, c.Latitude, 1e-4)
		require.InDelta(t, -58.3816, c.Longitude, 1e-4)
		requireDate(t, c, time.UTC, "2024-05-04")
	})

	t.Run("a photo without EXIF", func(t *testing.T) {
		c := readCaptureFile(t, writeFile(t, "plain.jpg", plain))
		require.Equal(t, Capture{}, c)
	})
}

// TestReadCaptureVideo writes the tags with ffmpeg: mvhd's creation_time (UTC), ©xyz, and the keys
// an iPhone writes (its creation date carries the offset), with the moov at the end as a phone
// records it and at the start as a web-optimised file has it.
func TestReadCaptureVideo(t *testing.T) {
	t.Parallel()
	requireTool(t, "ffmpeg", "ffmpeg")
	dir := t.TempDir()
	source := []string{"-f", "lavfi", "-i", "testsrc=size=64x64:rate=10", "-t", "0.5", "-c:v", "libx264"}

	t.Run("mvhd in UTC, read in the athlete's zone", func(t *testing.T) {
		for _, faststart := range []bool{false, true} {
			args := append(append([]string{}, source...), "-metadata", "creation_time=2024-05-05T01:30:00Z", "-metadata", "location=+37.7749-122.4194/")
			if faststart {
				args = append(args, "-movflags", "+faststart")
			}
			path := ffmpegMake(t, filepath.Join(dir, "android.mp4"), args...)
			c := readCaptureFile(t, path)
			require.True(t, c.TakenInUTC)
			requireDate(t, c, time.UTC, "2024-05-05")
			requireDate(t, c, losAngeles, "2024-05-04") // 18:30 the evening before in California
			require.True(t, c.HasPlace)
			require.InDelta(t, 37.7749, c.Latitude, 1e-4) // 16.16 fixed point in loci
			require.InDelta(t, -122.4194, c.Longitude, 1e-4)
		}
	})

	t.Run("an iPhone's creation date with its offset wins over mvhd", func(t *testing.T) {
		path := ffmpegMake(t, filepath.Join(dir, "iphone.mov"), append(append([]string{}, source...),
			"-movflags", "use_metadata_tags",
			"-metadata", "creation_time=2024-05-05T01:30:00Z",
			"-metadata", "com.apple.quicktime.creationdate=2024-05-04T18:30:00-0700",
			"-metadata", "com.apple.quicktime.location.ISO6709=+51.5074-000.1278+010.000/")...)
		c := readCaptureFile(t, path)
		require.False(t, c.TakenInUTC)
		requireDate(t, c, time.UTC, "2024-05-04")
		require.True(t, c.HasPlace)
		require.InDelta(t, 51.5074, c.Latitude, 1e-6)
		require.InDelta(t, -0.1278, c.Longitude, 1e-6)
	})

	t.Run("no creation time", func(t *testing.T) {
		path := ffmpegMake(t, filepath.Join(dir, "bare.mp4"), append(append([]string{}, source...), "-fflags", "+bitexact")...)
		c := readCaptureFile(t, path)
		require.False(t, c.HasTaken)
		require.False(t, c.HasPlace)
	})
}

// TestReadCaptureHEIC: heif-enc carries the JPEG's EXIF into the HEIF file as an Exif item, as an
// iPhone stores it.
func TestReadCaptureHEIC(t *testing.T) {
	t.Parallel()
	requireHEIFTools(t)
	jpg := writeFile(t, "photo.jpg", capturetest.WithEXIF(encodeJPEG(t, quadrantImage(128, 64), 90), capturetest.EXIF{
		DateTimeOriginal: "2023:10:14 09:05:00", OffsetTimeOriginal: "+02:00", HasGPS: true, Latitude: 48.8566, Longitude: 2.3522,
	}))
	heic := filepath.Join(t.TempDir(), "photo.heic")
	out, err := exec.Command("heif-enc", "-q", "60", "-o", heic, jpg).CombinedOutput()
	require.NoError(t, err, "%s", out)
	c := readCaptureFile(t, heic)
	requireDate(t, c, time.UTC, "2023-10-14")
	require.True(t, c.HasPlace)
	require.InDelta(t, 48.8566, c.Latitude, 1e-4)
	require.InDelta(t, 2.3522, c.Longitude, 1e-4)
}

// TestReadCaptureDamaged cuts files with metadata at every length and flips their bytes: the
// reader answers what it can and never panics or reads out of bounds.
func TestReadCaptureDamaged(t *testing.T) {
	t.Parallel()
	requireTool(t, "ffmpeg", "ffmpeg")
	jpg := capturetest.WithEXIF(encodeJPEG(t, quadrantImage(16, 16), 50), capturetest.EXIF{
		DateTimeOriginal: "2024:05:04 18:30:00", OffsetTimeOriginal: "-07:00", HasGPS: true, Latitude: 10, Longitude: 20,
	})
	mov, err := os.ReadFile(ffmpegMake(t, filepath.Join(t.TempDir(), "a.mov"), "-f", "lavfi", "-i", "testsrc=size=16x16:rate=5", "-t", "0.4",
		"-c:v", "libx264", "-movflags", "+faststart+use_metadata_tags", "-metadata", "com.apple.quicktime.creationdate=2024-05-04T18:30:00-0700"))
	require.NoError(t, err)
	for _, file := range [][]byte{jpg, mov} {
		for n := range len(file) {
			_, err := ReadCapture(bytes.NewReader(file[:n]), int64(n))
			require.NoError(t, err)
		}
		for i := range min(len(file), 4096) {
			flipped := bytes.Clone(file)
			flipped[i] ^= 0xFF
			_, err := ReadCapture(bytes.NewReader(flipped), int64(len(flipped)))
			require.NoError(t, err)
		}
	}
}

// FuzzReadCapture: whatever the bytes, the reader answers without panicking (it runs in the api,
// on every upload). The seeds are the kinds of file it reads; `go test -fuzz FuzzReadCapture`
// explores from them.
func FuzzReadCapture(f *testing.F) {
	f.Add(capturetest.WithEXIF([]byte("\xff\xd8\xff\xd9"), gpsEXIF))
	f.Add(capturetest.TIFF(gpsEXIF))
	f.Add([]byte(brokenHEIC))
	f.Add([]byte("\x00\x00\x00\x10ftypqt  \x00\x00\x00\x00\x00\x00\x00\x10moov\x00\x00\x00\x08mvhd"))
	f.Fuzz(func(t *testing.T, b []byte) {
		c, err := ReadCapture(bytes.NewReader(b), int64(len(b)))
		require.NoError(t, err)
		if c.HasPlace {
			require.LessOrEqual(t, math.Abs(c.Latitude), 90.0)
			require.LessOrEqual(t, math.Abs(c.Longitude), 180.0)
		}
	})
}
