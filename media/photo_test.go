package media

import (
	"bytes"
	"context"
	"encoding/binary"
	"image"
	"image/color"
	"image/jpeg"
	"testing"

	"github.com/stretchr/testify/require"
)

// withEXIFGPS inserts an APP1 EXIF block whose IFD0 points to a GPS IFD holding a latitude
// reference and the text "GPSSECRET" in an ImageDescription: what a phone writes about where
// the picture was taken, which a profile photo must not carry.
func withEXIFGPS(jpg []byte) []byte {
	var tiff bytes.Buffer
	be := binary.BigEndian
	tiff.WriteString("MM\x00*")
	_ = binary.Write(&tiff, be, uint32(8)) // IFD0 at 8
	_ = binary.Write(&tiff, be, uint16(2)) // two entries: 8+2+24+4 = 38
	_ = binary.Write(&tiff, be, uint16(0x010E))
	_ = binary.Write(&tiff, be, uint16(2)) // ASCII
	_ = binary.Write(&tiff, be, uint32(10))
	_ = binary.Write(&tiff, be, uint32(56)) // the text after the GPS IFD
	_ = binary.Write(&tiff, be, uint16(0x8825))
	_ = binary.Write(&tiff, be, uint16(4)) // LONG
	_ = binary.Write(&tiff, be, uint32(1))
	_ = binary.Write(&tiff, be, uint32(38)) // GPS IFD at 38
	_ = binary.Write(&tiff, be, uint32(0))
	_ = binary.Write(&tiff, be, uint16(1)) // GPS IFD: one entry, 38+2+12+4 = 56
	_ = binary.Write(&tiff, be, uint16(0x0001))
	_ = binary.Write(&tiff, be, uint16(2)) // ASCII "N\0"
	_ = binary.Write(&tiff, be, uint32(2))
	tiff.Write([]byte{'N', 0, 0, 0})
	_ = binary.Write(&tiff, be, uint32(0))
	tiff.WriteString("GPSSECRET\x00")

	payload := append([]byte("Exif\x00\x00"), tiff.Bytes()...)
	var out bytes.Buffer
	out.Write(jpg[:2])
	out.Write([]byte{0xFF, 0xE1})
	_ = binary.Write(&out, be, uint16(len(payload)+2))
	out.Write(payload)
	out.Write(jpg[2:])
	return out.Bytes()
}

// subjectAtRight is a wide, flat grey picture with a busy, saturated subject in its right
// quarter: the attention crop must keep the subject, a centre crop would lose it.
func subjectAtRight(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := color.RGBA{128, 128, 128, 255}
			if x >= w*3/4 {
				c = color.RGBA{230, 30, 30, 255}
				if (x/8+y/8)%2 == 0 {
					c = color.RGBA{250, 200, 40, 255}
				}
			}
			img.Set(x, y, c)
		}
	}
	return img
}

func TestSquarePhotoCropsAroundTheSubjectAndStripsMetadata(t *testing.T) {
	t.Parallel()
	src := withEXIFGPS(encodeJPEG(t, subjectAtRight(1600, 400), 92))
	require.Contains(t, string(src), "GPSSECRET", "precondition: the source carries the EXIF block")
	path := writeFile(t, "wide.jpg", src)

	for _, side := range []int{512, 128} {
		var out bytes.Buffer
		w, h, err := SquarePhoto(context.Background(), path, side, &out)
		require.NoError(t, err)
		require.Equal(t, 1600, w)
		require.Equal(t, 400, h)
		require.NotContains(t, out.String(), "GPSSECRET", "metadata is stripped")
		require.NotContains(t, out.String(), "Exif\x00\x00", "no EXIF block at all")
		img, err := jpeg.Decode(bytes.NewReader(out.Bytes()))
		require.NoError(t, err)
		require.Equal(t, image.Pt(side, side), img.Bounds().Size(), "square")
		r, g, b, _ := img.At(side/2, side/2).RGBA()
		require.Greater(t, r, uint32(0xa000), "the subject is in the middle, not the grey background")
		require.False(t, r < 0x9000 && g > 0x7000 && b > 0x7000)
	}
}

func TestSquarePhotoEnlargesASmallImage(t *testing.T) {
	t.Parallel()
	path := writeFile(t, "small.jpg", encodeJPEG(t, quadrantImage(90, 60), 90))
	var out bytes.Buffer
	_, _, err := SquarePhoto(context.Background(), path, 128, &out)
	require.NoError(t, err)
	img, err := jpeg.Decode(&out)
	require.NoError(t, err)
	require.Equal(t, image.Pt(128, 128), img.Bounds().Size())
}

func TestSquarePhotoCorrupt(t *testing.T) {
	t.Parallel()
	path := writeFile(t, "bad.jpg", []byte("\xFF\xD8\xFF\xE0 this is not really a jpeg"))
	_, _, err := SquarePhoto(context.Background(), path, 128, &bytes.Buffer{})
	require.ErrorIs(t, err, ErrCorrupt)
}
