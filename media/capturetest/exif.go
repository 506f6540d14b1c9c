// Package capturetest writes the metadata a phone puts into a photo, for tests that need a JPEG
// that knows when and where it was taken: a minimal EXIF encoder (no tool writes EXIF dates and
// GPS without exiftool, which we do not install).
package capturetest

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"sort"
)

// EXIF is what WithEXIF writes. Empty fields are left out.
type EXIF struct {
	// DateTimeOriginal as EXIF writes it, "2024:05:04 18:30:00"; OffsetTimeOriginal "-07:00".
	DateTimeOriginal, OffsetTimeOriginal string
	// HasGPS writes Latitude and Longitude (decimal degrees, south and west negative).
	HasGPS              bool
	Latitude, Longitude float64
}

type entry struct {
	tag, typ uint16
	count    uint32
	data     []byte // big-endian value bytes
}

func ascii(tag uint16, s string) entry {
	return entry{tag: tag, typ: 2, count: uint32(len(s) + 1), data: append([]byte(s), 0)}
}

func long(tag uint16, v uint32) entry {
	return entry{tag: tag, typ: 4, count: 1, data: binary.BigEndian.AppendUint32(nil, v)}
}

// dms writes decimal degrees as three RATIONALs: degrees, minutes, and seconds in 1/10000.
func dms(tag uint16, deg float64) entry {
	deg = math.Abs(deg)
	d := math.Floor(deg)
	m := math.Floor((deg - d) * 60)
	s := math.Round(((deg-d)*60 - m) * 60 * 10000)
	var b []byte
	for _, r := range [][2]uint32{{uint32(d), 1}, {uint32(m), 1}, {uint32(s), 10000}} {
		b = binary.BigEndian.AppendUint32(b, r[0])
		b = binary.BigEndian.AppendUint32(b, r[1])
	}
	return entry{tag: tag, typ: 5, count: 3, data: b}
}

// TIFF answers a big-endian EXIF block (TIFF header, IFD0, Exif IFD, GPS IFD) with e's fields.
func TIFF(e EXIF) []byte {
	var exif, gps []entry
	if e.DateTimeOriginal != "" {
		exif = append(exif, ascii(0x9003, e.DateTimeOriginal))
	}
	if e.OffsetTimeOriginal != "" {
		exif = append(exif, ascii(0x9011, e.OffsetTimeOriginal))
	}
	if e.HasGPS {
		latRef, lonRef := "N", "E"
		if e.Latitude < 0 {
			latRef = "S"
		}
		if e.Longitude < 0 {
			lonRef = "W"
		}
		gps = []entry{ascii(1, latRef), dms(2, e.Latitude), ascii(3, lonRef), dms(4, e.Longitude)}
	}
	// Layout: header (8), IFD0, Exif IFD, GPS IFD, then every value too long to sit inline.
	ifd0Len := ifdLen(2)
	exifAt := uint32(8 + ifd0Len)
	gpsAt := exifAt + uint32(ifdLen(len(exif)))
	valuesAt := gpsAt + uint32(ifdLen(len(gps)))
	ifd0 := []entry{long(0x8769, exifAt), long(0x8825, gpsAt)}

	var out, values bytes.Buffer
	out.WriteString("MM\x00*")
	_ = binary.Write(&out, binary.BigEndian, uint32(8))
	for _, dir := range [][]entry{ifd0, exif, gps} {
		writeIFD(&out, &values, dir, valuesAt)
	}
	out.Write(values.Bytes())
	return out.Bytes()
}

func ifdLen(n int) int { return 2 + 12*n + 4 }

func writeIFD(out, values *bytes.Buffer, dir []entry, valuesAt uint32) {
	sort.Slice(dir, func(i, j int) bool { return dir[i].tag < dir[j].tag })
	_ = binary.Write(out, binary.BigEndian, uint16(len(dir)))
	for _, e := range dir {
		_ = binary.Write(out, binary.BigEndian, e.tag)
		_ = binary.Write(out, binary.BigEndian, e.typ)
		_ = binary.Write(out, binary.BigEndian, e.count)
		if len(e.data) <= 4 {
			var inline [4]byte
			copy(inline[:], e.data)
			out.Write(inline[:])
			continue
		}
		_ = binary.Write(out, binary.BigEndian, valuesAt+uint32(values.Len()))
		values.Write(e.data)
		if values.Len()%2 == 1 {
			values.WriteByte(0) // values start on a word boundary
		}
	}
	_ = binary.Write(out, binary.BigEndian, uint32(0)) // no next IFD
}

// WithEXIF answers jpg with an APP1 Exif segment holding e inserted right after its SOI marker.
func WithEXIF(jpg []byte, e EXIF) []byte {
	if len(jpg) < 2 || jpg[0] != 0xFF || jpg[1] != 0xD8 {
		panic(fmt.Sprintf("WithEXIF: not a JPEG (% x)", jpg[:min(len(jpg), 4)]))
	}
	payload := append([]byte("Exif\x00\x00"), TIFF(e)...)
	var out bytes.Buffer
	out.Write(jpg[:2])
	out.Write([]byte{0xFF, 0xE1})
	_ = binary.Write(&out, binary.BigEndian, uint16(len(payload)+2))
	out.Write(payload)
	out.Write(jpg[2:])
	return out.Bytes()
}
