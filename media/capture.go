package media

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"io"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Capture is what a photo or video says about itself: when it was taken and, when the phone
// knew, where. Either may be missing.
type Capture struct {
	// Taken is when the picture was taken. Its clock is the local one where it was taken
	// (EXIF DateTimeOriginal, with its offset when the camera wrote one; an iPhone video's
	// creation date, which carries its offset), unless TakenInUTC says it is a bare UTC instant
	// (an MP4's mvhd creation_time), whose local date depends on where that was.
	Taken      time.Time
	HasTaken   bool
	TakenInUTC bool
	// Latitude and Longitude in decimal degrees (south and west negative), when HasPlace.
	Latitude, Longitude float64
	HasPlace            bool
}

// Date is the calendar date the family means by "when it was taken": the date on the clock
// where it was taken. A bare UTC instant is read in zone (the athlete's, the best guess of
// where they were). The answer is midnight UTC of that date, as the API's dates are kept.
func (c Capture) Date(zone *time.Location) (time.Time, bool) {
	if !c.HasTaken {
		return time.Time{}, false
	}
	t := c.Taken
	if c.TakenInUTC && zone != nil {
		t = t.In(zone)
	}
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC), true
}

// Limits on what ReadCapture reads: metadata sits in small boxes and segments, and a file that
// claims more is damaged or made to make us read.
const (
	maxJPEGScan    = 1 << 20 // where APP1 must start
	maxMetaBox     = 4 << 20 // a HEIF meta box (item tables) or a MOV's udta/meta
	maxExifPayload = 1 << 20
	maxBoxes       = 10000
)

// CaptureOf reads the capture of a stored file (ReadCapture), by ranged reads: a video's metadata
// is read without the video, from local storage or a bucket alike.
func CaptureOf(ctx context.Context, s Storage, key string) (Capture, error) {
	f, err := s.Open(ctx, key)
	if err != nil {
		return Capture{}, err
	}
	defer f.Close()
	at, ok := f.(io.ReaderAt)
	if !ok {
		return Capture{}, errors.New("the storage cannot read at an offset")
	}
	return ReadCapture(at, f.Size())
}

// ReadCapture reads when and where a JPEG, TIFF, HEIC/HEIF/AVIF, MP4 or QuickTime file was taken
// from its metadata, reading only the few parts that hold it (a video's moov may be at its end).
// A format without such metadata, or a damaged file, answers an empty Capture; the error is only
// for a failed read.
func ReadCapture(r io.ReaderAt, size int64) (Capture, error) {
	head := make([]byte, 12)
	if n, err := r.ReadAt(head, 0); n < len(head) {
		return Capture{}, ignoreEOF(err)
	}
	switch {
	case head[0] == 0xFF && head[1] == 0xD8:
		return jpegCapture(r, size)
	case bytes.HasPrefix(head, []byte("II*\x00")), bytes.HasPrefix(head, []byte("MM\x00*")):
		b, err := readRange(r, 0, min(size, maxExifPayload))
		if err != nil {
			return Capture{}, err
		}
		return exifCapture(b), nil
	case string(head[4:8]) == "ftyp":
		return isoCapture(r, size)
	}
	return Capture{}, nil
}

func ignoreEOF(err error) error {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return nil
	}
	return err
}

// readRange reads n bytes at off; a file shorter than that answers what there is.
func readRange(r io.ReaderAt, off, n int64) ([]byte, error) {
	if n <= 0 {
		return nil, nil
	}
	b := make([]byte, n)
	got, err := r.ReadAt(b, off)
	if got < len(b) {
		return b[:got], ignoreEOF(err)
	}
	return b, nil
}

// jpegCapture walks the JPEG's marker segments up to the image data for the APP1 "Exif" one.
func jpegCapture(r io.ReaderAt, size int64) (Capture, error) {
	at := int64(2)
	for at+4 <= min(size, maxJPEGScan) {
		marker, err := readRange(r, at, 4)
		if err != nil || len(marker) < 4 {
			return Capture{}, err
		}
		if marker[0] != 0xFF {
			return Capture{}, nil
		}
		if marker[1] == 0xFF { // fill byte before a marker
			at++
			continue
		}
		if marker[1] == 0xDA || marker[1] == 0xD9 { // start of scan, end of image: no metadata after
			return Capture{}, nil
		}
		length := int64(binary.BigEndian.Uint16(marker[2:]))
		if length < 2 {
			return Capture{}, nil
		}
		if marker[1] == 0xE1 {
			payload, err := readRange(r, at+4, length-2)
			if err != nil {
				return Capture{}, err
			}
			if tiff, ok := bytes.CutPrefix(payload, []byte("Exif\x00\x00")); ok {
				return exifCapture(tiff), nil
			}
		}
		at += 2 + length
	}
	return Capture{}, nil
}

// isoBox is one box of an ISO base media file (MP4, QuickTime, HEIF) found by its header.
type isoBox struct {
	typ          string
	payload, end int64
}

// boxesAt lists the boxes in [from, to) by reading their headers; a damaged header ends the list.
func boxesAt(r io.ReaderAt, from, to int64) ([]isoBox, error) {
	var boxes []isoBox
	for at := from; at+8 <= to && len(boxes) < maxBoxes; {
		head, err := readRange(r, at, 16)
		if err != nil {
			return boxes, err
		}
		if len(head) < 8 {
			break
		}
		size, header := int64(binary.BigEndian.Uint32(head)), int64(8)
		switch size {
		case 0: // the last box, to the end
			size = to - at
		case 1:
			if len(head) < 16 {
				return boxes, nil
			}
			size, header = int64(binary.BigEndian.Uint64(head[8:])), 16
		}
		if size < header || at+size > to || size < 0 {
			break
		}
		boxes = append(boxes, isoBox{typ: string(head[4:8]), payload: at + header, end: at + size})
		at += size
	}
	return boxes, nil
}

func findBox(boxes []isoBox, typ string) (isoBox, bool) {
	for _, b := range boxes {
		if b.typ == typ {
			return b, true
		}
	}
	return isoBox{}, false
}

// isoCapture reads a HEIF image's Exif item, or a video's moov: the Apple keys an iPhone writes
// (creation date with its offset, ISO 6709 location), the ©xyz location Android and ffmpeg write,
// and mvhd's creation time (UTC) as the last resort.
func isoCapture(r io.ReaderAt, size int64) (Capture, error) {
	top, err := boxesAt(r, 0, size)
	if err != nil {
		return Capture{}, err
	}
	if meta, ok := findBox(top, "meta"); ok && meta.end-meta.payload <= maxMetaBox {
		b, err := readRange(r, meta.payload, meta.end-meta.payload)
		if err != nil {
			return Capture{}, err
		}
		if c, ok, err := heifExif(r, b); err != nil || ok {
			return c, err
		}
	}
	moov, ok := findBox(top, "moov")
	if !ok {
		return Capture{}, nil
	}
	return moovCapture(r, moov)
}

// heifExif finds the item of type Exif in a HEIF meta box's payload (b) and reads it where iloc
// says it lies: in the file, or in the meta box's own idat.
func heifExif(r io.ReaderAt, b []byte) (Capture, bool, error) {
	if len(b) < 4 {
		return Capture{}, false, nil
	}
	in := bytes.NewReader(b)
	children, _ := boxesAt(in, 4, int64(len(b))) // meta is a full box: version and flags first
	iinf, ok1 := findBox(children, "iinf")
	iloc, ok2 := findBox(children, "iloc")
	if !ok1 || !ok2 {
		return Capture{}, false, nil
	}
	id, ok := exifItemID(b[iinf.payload:iinf.end])
	if !ok {
		return Capture{}, false, nil
	}
	ext, ok := itemLocation(b[iloc.payload:iloc.end], id)
	if !ok || ext.length > maxExifPayload || ext.length < 8 {
		return Capture{}, false, nil
	}
	var payload []byte
	switch ext.method {
	case 0:
		var err error
		if payload, err = readRange(r, ext.offset, ext.length); err != nil {
			return Capture{}, false, err
		}
	case 1:
		idat, ok := findBox(children, "idat")
		if !ok || ext.offset+ext.length > idat.end-idat.payload {
			return Capture{}, false, nil
		}
		payload = b[idat.payload+ext.offset : idat.payload+ext.offset+ext.length]
	default:
		return Capture{}, false, nil
	}
	// The item starts with the offset of the TIFF header after these four bytes (past "Exif\0\0").
	skip := int64(binary.BigEndian.Uint32(payload))
	if 4+skip >= int64(len(payload)) {
		return Capture{}, false, nil
	}
	return exifCapture(payload[4+skip:]), true, nil
}

// exifItemID reads iinf (a full box) for the id of the item of type "Exif".
func exifItemID(b []byte) (uint32, bool) {
	if len(b) < 6 {
		return 0, false
	}
	start := int64(6)
	if b[0] != 0 {
		start = 8
	}
	infes, _ := boxesAt(bytes.NewReader(b), start, int64(len(b)))
	for _, infe := range infes {
		p := b[infe.payload:infe.end]
		if infe.typ != "infe" || len(p) < 4 || p[0] < 2 {
			continue
		}
		var id uint32
		var typeAt int
		if p[0] == 2 {
			if len(p) < 12 {
				continue
			}
			id, typeAt = uint32(binary.BigEndian.Uint16(p[4:])), 8
		} else {
			if len(p) < 14 {
				continue
			}
			id, typeAt = binary.BigEndian.Uint32(p[4:]), 10
		}
		if string(p[typeAt:typeAt+4]) == "Exif" {
			return id, true
		}
	}
	return 0, false
}

type itemExtent struct {
	method         int // 0: offset in the file, 1: offset in idat
	offset, length int64
}

// itemLocation reads iloc (ISO/IEC 14496-12, 8.11.3) for the one extent of item id. An item in
// several extents is not what any phone writes for Exif, and is left alone.
func itemLocation(b []byte, id uint32) (itemExtent, bool) {
	rd := newByteReader(b)
	version := rd.u8()
	rd.skip(3)
	sizes := rd.u16()
	offsetSize, lengthSize, baseSize, indexSize := int(sizes>>12), int(sizes>>8&0xF), int(sizes>>4&0xF), int(sizes&0xF)
	if version == 0 {
		indexSize = 0
	}
	count := uint32(rd.u16())
	if version == 2 {
		count = rd.u32()
	}
	for i := uint32(0); i < count && rd.ok; i++ {
		var itemID uint32
		if version == 2 {
			itemID = rd.u32()
		} else {
			itemID = uint32(rd.u16())
		}
		method := 0
		if version == 1 || version == 2 {
			method = int(rd.u16() & 0xF)
		}
		rd.skip(2) // data_reference_index
		base := rd.uint(baseSize)
		extents := int(rd.u16())
		if indexSize+offsetSize+lengthSize == 0 {
			extents = min(extents, 1) // extents of no bytes say nothing, and would not move the reader on
		}
		var found itemExtent
		for e := 0; e < extents && rd.ok; e++ {
			rd.uint(indexSize)
			found = itemExtent{method: method, offset: int64(base + rd.uint(offsetSize)), length: int64(rd.uint(lengthSize))}
		}
		if itemID == id {
			return found, rd.ok && extents == 1 && found.offset >= 0 && found.length >= 0
		}
	}
	return itemExtent{}, false
}

// byteReader reads big-endian fields, turning ok false instead of reading past the end.
type byteReader struct {
	b  []byte
	at int
	ok bool
}

func newByteReader(b []byte) *byteReader { return &byteReader{b: b, ok: true} }

func (r *byteReader) take(n int) []byte {
	if !r.ok || n < 0 || r.at+n > len(r.b) {
		r.ok = false
		return make([]byte, 8)
	}
	p := r.b[r.at : r.at+n]
	r.at += n
	return p
}

func (r *byteReader) skip(n int)  { r.take(n) }
func (r *byteReader) u8() uint8   { return r.take(1)[0] }
func (r *byteReader) u16() uint16 { return binary.BigEndian.Uint16(r.take(2)) }
func (r *byteReader) u32() uint32 { return binary.BigEndian.Uint32(r.take(4)) }
func (r *byteReader) uint(size int) uint64 {
	switch size {
	case 4:
		return uint64(r.u32())
	case 8:
		return binary.BigEndian.Uint64(r.take(8))
	case 0:
		return 0
	}
	r.ok = false // sizes are 0, 4 or 8
	return 0
}

// mp4Epoch is where mvhd's seconds count from.
var mp4Epoch = time.Date(1904, 1, 1, 0, 0, 0, 0, time.UTC)

// Apple's metadata keys an iPhone writes into a video (moov/meta keys and ilst).
const (
	appleCreationDate = "com.apple.quicktime.creationdate"
	appleLocation     = "com.apple.quicktime.location.ISO6709"
)

func moovCapture(r io.ReaderAt, moov isoBox) (Capture, error) {
	var c Capture
	children, err := boxesAt(r, moov.payload, moov.end)
	if err != nil {
		return c, err
	}
	keys := map[string]string{}
	read := func(box isoBox) ([]byte, error) {
		if box.end-box.payload > maxMetaBox {
			return nil, nil
		}
		return readRange(r, box.payload, box.end-box.payload)
	}
	for _, child := range children {
		switch child.typ {
		case "mvhd":
			b, err := read(child)
			if err != nil {
				return c, err
			}
			if t, ok := mvhdCreation(b); ok && !c.HasTaken {
				c.Taken, c.HasTaken, c.TakenInUTC = t, true, true
			}
		case "meta":
			b, err := read(child)
			if err != nil {
				return c, err
			}
			quickTimeKeys(b, keys)
		case "udta":
			b, err := read(child)
			if err != nil {
				return c, err
			}
			udta, _ := boxesAt(bytes.NewReader(b), 0, int64(len(b)))
			for _, u := range udta {
				switch u.typ {
				case "\xa9xyz":
					if p := b[u.payload:u.end]; len(p) > 4 {
						keys["\xa9xyz"] = string(p[4:]) // a length and a language code first
					}
				case "loci":
					if lat, lon, ok := loci(b[u.payload:u.end]); ok {
						c.setPlace(lat, lon)
					}
				case "meta":
					quickTimeKeys(b[u.payload:u.end], keys)
				}
			}
		}
	}
	if t, ok := appleTime(keys[appleCreationDate]); ok {
		c.Taken, c.HasTaken, c.TakenInUTC = t, true, false
	}
	for _, raw := range []string{keys[appleLocation], keys["\xa9xyz"]} {
		if lat, lon, ok := parseISO6709(raw); ok {
			c.setPlace(lat, lon)
			if c.HasPlace {
				break
			}
		}
	}
	return c, nil
}

// loci reads a 3GPP location box (3GPP TS 26.244, 8.4.2), as ffmpeg writes an MP4's location: a
// full box, a language, a name (a C string), a role, then longitude and latitude in 16.16 fixed point.
func loci(p []byte) (lat, lon float64, ok bool) {
	if len(p) < 7 {
		return 0, 0, false
	}
	end := bytes.IndexByte(p[6:], 0)
	if end < 0 {
		return 0, 0, false
	}
	rd := newByteReader(p[6+end+1:])
	rd.skip(1)
	lon = float64(int32(rd.u32())) / 65536
	lat = float64(int32(rd.u32())) / 65536
	return lat, lon, rd.ok
}

// mvhdCreation reads the movie header's creation time. Zero (1904), which muxers write when they
// know nothing, and anything before 1970 mean no date.
func mvhdCreation(b []byte) (time.Time, bool) {
	var secs uint64
	switch {
	case len(b) >= 8 && b[0] == 0:
		secs = uint64(binary.BigEndian.Uint32(b[4:]))
	case len(b) >= 12 && b[0] == 1:
		secs = binary.BigEndian.Uint64(b[4:])
	default:
		return time.Time{}, false
	}
	if secs > 1<<40 {
		return time.Time{}, false
	}
	t := mp4Epoch.Add(time.Duration(secs) * time.Second)
	if t.Year() < 1970 {
		return time.Time{}, false
	}
	return t, true
}

// quickTimeKeys reads a metadata box's keys and ilst into keys (UTF-8 values only). The box is a
// full box in MP4's udta and a plain one in QuickTime's moov: its first child tells which.
func quickTimeKeys(b []byte, keys map[string]string) {
	start := int64(4)
	if len(b) >= 8 && string(b[4:8]) == "hdlr" {
		start = 0
	}
	children, _ := boxesAt(bytes.NewReader(b), start, int64(len(b)))
	var names []string
	if k, ok := findBox(children, "keys"); ok {
		rd := newByteReader(b[k.payload:k.end])
		rd.skip(4)
		n := rd.u32()
		for i := uint32(0); i < n && rd.ok && i < maxBoxes; i++ {
			size := int(rd.u32())
			rd.skip(4) // namespace, "mdta"
			names = append(names, string(rd.take(size-8)))
		}
	}
	ilst, ok := findBox(children, "ilst")
	if !ok {
		return
	}
	items, _ := boxesAt(bytes.NewReader(b), ilst.payload, ilst.end)
	for _, item := range items {
		index := int(binary.BigEndian.Uint32([]byte(item.typ)))
		if index < 1 || index > len(names) {
			continue
		}
		data, _ := boxesAt(bytes.NewReader(b), item.payload, item.end)
		if d, ok := findBox(data, "data"); ok && d.end-d.payload >= 8 {
			p := b[d.payload:d.end]
			if binary.BigEndian.Uint32(p)&0xFFFFFF == 1 { // well-known type 1: UTF-8
				keys[names[index-1]] = string(p[8:])
			}
		}
	}
}

// appleTime reads an iPhone's creation date, "2024-05-04T18:30:00-0700".
func appleTime(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	for _, layout := range []string{"2006-01-02T15:04:05-0700", "2006-01-02T15:04:05Z07:00", "2006-01-02T15:04:05.999999999-0700", time.RFC3339Nano} {
		if t, err := time.Parse(layout, s); err == nil && t.Year() >= 1970 {
			return t, true
		}
	}
	return time.Time{}, false
}

// iso6709 is the decimal-degrees form phones write: "+37.7749-122.4194+012.345/".
var iso6709 = regexp.MustCompile(`^([+-]\d{1,2}(?:\.\d+)?)([+-]\d{1,3}(?:\.\d+)?)`)

func parseISO6709(s string) (lat, lon float64, ok bool) {
	m := iso6709.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return 0, 0, false
	}
	lat, err1 := strconv.ParseFloat(m[1], 64)
	lon, err2 := strconv.ParseFloat(m[2], 64)
	return lat, lon, err1 == nil && err2 == nil
}
