package media

import (
	"encoding/binary"
	"math"
	"strings"
	"time"
)

// The EXIF tags Capture reads. A TIFF block's first directory (IFD0) points to the Exif and GPS
// directories, where the camera writes when and where the picture was taken.
const (
	tagDateTime           = 0x0132 // IFD0: when the file was last written, the fallback
	tagExifIFD            = 0x8769
	tagGPSIFD             = 0x8825
	tagDateTimeOriginal   = 0x9003
	tagDateTimeDigitized  = 0x9004
	tagOffsetTime         = 0x9010
	tagOffsetTimeOriginal = 0x9011
	tagOffsetTimeDigitize = 0x9012
	tagGPSLatitudeRef     = 0x0001
	tagGPSLatitude        = 0x0002
	tagGPSLongitudeRef    = 0x0003
	tagGPSLongitude       = 0x0004
)

// The TIFF field types read here (TIFF 6.0, section 2).
const (
	tiffASCII    = 2
	tiffShort    = 3
	tiffLong     = 4
	tiffRational = 5
)

// maxIFDEntries bounds one directory: a real one has a few dozen, a crafted one could claim 65535.
const maxIFDEntries = 1000

// tiffBlock is an EXIF block (a TIFF header and its directories), every offset checked against it:
// the bytes come from a family's file and may be damaged or made to mislead.
type tiffBlock struct {
	b     []byte
	order binary.ByteOrder
}

type ifdEntry struct {
	typ, count uint32
	value      []byte // the entry's bytes, inline or where its offset points
}

func parseTIFF(b []byte) (tiffBlock, uint32, bool) {
	if len(b) < 8 {
		return tiffBlock{}, 0, false
	}
	t := tiffBlock{b: b}
	switch string(b[:4]) {
	case "II*\x00":
		t.order = binary.LittleEndian
	case "MM\x00*":
		t.order = binary.BigEndian
	default:
		return tiffBlock{}, 0, false
	}
	return t, t.order.Uint32(b[4:8]), true
}

// ifd reads the directory at offset into its entries by tag; entries it cannot place are left out.
func (t tiffBlock) ifd(offset uint32) map[uint16]ifdEntry {
	entries := map[uint16]ifdEntry{}
	if int64(offset)+2 > int64(len(t.b)) {
		return entries
	}
	n := int(t.order.Uint16(t.b[offset:]))
	if n > maxIFDEntries {
		return entries
	}
	for i := range n {
		at := int64(offset) + 2 + int64(i)*12
		if at+12 > int64(len(t.b)) {
			break
		}
		e := t.b[at : at+12]
		tag, typ, count := t.order.Uint16(e), uint32(t.order.Uint16(e[2:])), t.order.Uint32(e[4:])
		size := int64(count) * int64(tiffTypeSize(typ))
		if size == 0 {
			continue
		}
		if size <= 4 {
			entries[tag] = ifdEntry{typ: typ, count: count, value: e[8 : 8+size]}
			continue
		}
		valueAt := int64(t.order.Uint32(e[8:]))
		if valueAt+size > int64(len(t.b)) {
			continue
		}
		entries[tag] = ifdEntry{typ: typ, count: count, value: t.b[valueAt : valueAt+size]}
	}
	return entries
}

func tiffTypeSize(typ uint32) int {
	switch typ {
	case 1, tiffASCII, 6, 7:
		return 1
	case tiffShort, 8:
		return 2
	case tiffLong, 9, 11:
		return 4
	case tiffRational, 10, 12:
		return 8
	}
	return 0
}

func (t tiffBlock) text(e ifdEntry, ok bool) string {
	if !ok || e.typ != tiffASCII {
		return ""
	}
	return strings.TrimSpace(strings.TrimRight(string(e.value), "\x00"))
}

func (t tiffBlock) offset(e ifdEntry, ok bool) (uint32, bool) {
	if !ok || e.count != 1 {
		return 0, false
	}
	switch e.typ {
	case tiffLong:
		return t.order.Uint32(e.value), true
	case tiffShort:
		return uint32(t.order.Uint16(e.value)), true
	}
	return 0, false
}

// degrees reads GPS degrees, minutes and seconds (three RATIONALs).
func (t tiffBlock) degrees(e ifdEntry, ok bool) (float64, bool) {
	if !ok || e.typ != tiffRational || e.count != 3 {
		return 0, false
	}
	total := 0.0
	for i, scale := range []float64{1, 60, 3600} {
		num, den := t.order.Uint32(e.value[i*8:]), t.order.Uint32(e.value[i*8+4:])
		if den == 0 {
			if num == 0 {
				continue // an unknown part written 0/0 is nothing, as writers mean it
			}
			return 0, false
		}
		total += float64(num) / float64(den) / scale
	}
	return total, true
}

// exifCapture reads when and where from an EXIF block: DateTimeOriginal with OffsetTimeOriginal
// (then DateTimeDigitized, then IFD0's DateTime, each with its own offset) and the GPS position.
func exifCapture(b []byte) Capture {
	var c Capture
	t, first, ok := parseTIFF(b)
	if !ok {
		return c
	}
	ifd0 := t.ifd(first)
	var exif map[uint16]ifdEntry
	if at, ok := t.offset(lookup(ifd0, tagExifIFD)); ok {
		exif = t.ifd(at)
	}
	for _, pair := range []struct {
		dir          map[uint16]ifdEntry
		when, offset uint16
	}{
		{exif, tagDateTimeOriginal, tagOffsetTimeOriginal},
		{exif, tagDateTimeDigitized, tagOffsetTimeDigitize},
		{ifd0, tagDateTime, tagOffsetTime},
	} {
		if taken, ok := exifTime(t.text(lookup(pair.dir, pair.when)), t.text(lookup(pair.dir, pair.offset))); ok {
			c.Taken, c.HasTaken = taken, true
			break
		}
	}
	if at, ok := t.offset(lookup(ifd0, tagGPSIFD)); ok {
		gps := t.ifd(at)
		lat, latOK := t.degrees(lookup(gps, tagGPSLatitude))
		lon, lonOK := t.degrees(lookup(gps, tagGPSLongitude))
		if latOK && lonOK {
			if t.text(lookup(gps, tagGPSLatitudeRef)) == "S" {
				lat = -lat
			}
			if t.text(lookup(gps, tagGPSLongitudeRef)) == "W" {
				lon = -lon
			}
			c.setPlace(lat, lon)
		}
	}
	return c
}

func lookup(dir map[uint16]ifdEntry, tag uint16) (ifdEntry, bool) {
	e, ok := dir[tag]
	return e, ok
}

// exifTime reads "2024:05:04 18:30:00" and an offset such as "-07:00". Without an offset the
// clock is the camera's local time, kept as it is (in UTC's clothes, so its date is the local one).
func exifTime(when, offset string) (time.Time, bool) {
	if len(when) < 19 || strings.HasPrefix(when, "0000") {
		return time.Time{}, false
	}
	local, err := time.Parse("2006:01:02 15:04:05", when[:19])
	if err != nil || local.Year() < 1900 {
		return time.Time{}, false
	}
	if zoned, err := time.Parse("2006:01:02 15:04:05-07:00", when[:19]+offset); err == nil && offset != "" {
		return zoned, true
	}
	return local, true
}

// setPlace keeps a position that is on the Earth; (0, 0), which some phones write when they had
// no fix, is nowhere.
func (c *Capture) setPlace(lat, lon float64) {
	if math.IsNaN(lat) || math.IsNaN(lon) || math.Abs(lat) > 90 || math.Abs(lon) > 180 || (lat == 0 && lon == 0) {
		return
	}
	c.Latitude, c.Longitude, c.HasPlace = lat, lon, true
}
