package media

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
)

// This file holds the little of the MP4 format (ISO/IEC 14496-12 and -15) that a smart cut
// needs and ffmpeg's command line cannot do: giving the joined clip one avcC that holds the
// parameter sets of every part, and moving the index to the front afterwards.

// mp4Box is one box of an MP4 file: its four-letter type and where it lies.
type mp4Box struct {
	typ        string
	start, end int64 // the box, header included
	header     int64 // the header's length: 8, or 16 with a 64-bit size
}

// maxMoov bounds the index read into memory: a phone's hour of video has a few megabytes.
const maxMoov = 256 << 20

// readBoxes lists the boxes in b[from:to].
func readBoxes(b []byte, from, to int64) ([]mp4Box, error) {
	var boxes []mp4Box
	for at := from; at < to; {
		if to-at < 8 {
			return nil, errors.New("truncated box header")
		}
		size := int64(binary.BigEndian.Uint32(b[at:]))
		box := mp4Box{typ: string(b[at+4 : at+8]), start: at, header: 8}
		switch size {
		case 0:
			size = to - at
		case 1:
			if to-at < 16 {
				return nil, errors.New("truncated box header")
			}
			large := binary.BigEndian.Uint64(b[at+8:])
			if large > math.MaxInt64 {
				return nil, errors.New("box too large")
			}
			size, box.header = int64(large), 16
		}
		if size < box.header || at+size > to {
			return nil, fmt.Errorf("box %q overruns its parent", box.typ)
		}
		box.end = at + size
		boxes = append(boxes, box)
		at = box.end
	}
	return boxes, nil
}

// topLevelBoxes lists the top-level boxes of an MP4 file by reading their headers only.
func topLevelBoxes(f *os.File) ([]mp4Box, error) {
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	var boxes []mp4Box
	head := make([]byte, 16)
	for at := int64(0); at < info.Size(); {
		n, err := f.ReadAt(head, at)
		if n < 8 {
			return nil, fmt.Errorf("reading box header at %d: %w", at, errors.Join(err, io.ErrUnexpectedEOF))
		}
		box := mp4Box{typ: string(head[4:8]), start: at, header: 8}
		size := int64(binary.BigEndian.Uint32(head))
		switch {
		case size == 0:
			size = info.Size() - at
		case size == 1 && n == 16:
			size, box.header = int64(binary.BigEndian.Uint64(head[8:])), 16
		case size == 1:
			return nil, errors.New("truncated box header")
		}
		if size < box.header || at+size > info.Size() {
			return nil, fmt.Errorf("box %q overruns the file", box.typ)
		}
		box.end = at + size
		boxes = append(boxes, box)
		at = box.end
	}
	return boxes, nil
}

// readMoov answers the file's top-level boxes and the bytes of its moov box.
func readMoov(f *os.File) ([]mp4Box, []byte, error) {
	top, err := topLevelBoxes(f)
	if err != nil {
		return nil, nil, err
	}
	i := slices.IndexFunc(top, func(b mp4Box) bool { return b.typ == "moov" })
	if i < 0 {
		return nil, nil, errors.New("no moov box")
	}
	if top[i].end-top[i].start > maxMoov {
		return nil, nil, errors.New("moov box too large")
	}
	moov := make([]byte, top[i].end-top[i].start)
	if _, err := f.ReadAt(moov, top[i].start); err != nil {
		return nil, nil, fmt.Errorf("reading moov: %w", err)
	}
	return top, moov, nil
}

// childOffset is where the children of a container box start after its header: the sample
// description (stsd) has a version, flags and an entry count first, and a visual sample entry
// (avc1) 78 bytes of picture description.
var childOffset = map[string]int64{
	"moov": 0, "trak": 0, "mdia": 0, "minf": 0, "stbl": 0,
	"stsd": 8, "avc1": 78,
}

// rewriteBoxes rebuilds the boxes in b[from:to] with edit applied to every box on path (a list
// of box types from here down), fixing the sizes of the boxes around what changed.
func rewriteBoxes(b []byte, from, to int64, path []string, edit func(payload []byte) ([]byte, error)) ([]byte, int, error) {
	boxes, err := readBoxes(b, from, to)
	if err != nil {
		return nil, 0, err
	}
	var out bytes.Buffer
	edited := 0
	for _, box := range boxes {
		if box.typ != path[0] {
			out.Write(b[box.start:box.end])
			continue
		}
		payloadStart := box.start + box.header
		var payload []byte
		if len(path) == 1 {
			payload, err = edit(b[payloadStart:box.end])
			if err != nil {
				return nil, 0, err
			}
			edited++
		} else {
			skip := childOffset[box.typ]
			if payloadStart+skip > box.end {
				return nil, 0, fmt.Errorf("box %q too short", box.typ)
			}
			var n int
			children, n, err := rewriteBoxes(b, payloadStart+skip, box.end, path[1:], edit)
			if err != nil {
				return nil, 0, err
			}
			edited += n
			payload = append(slices.Clone(b[payloadStart:payloadStart+skip]), children...)
		}
		writeBoxHeader(&out, box.typ, len(payload))
		out.Write(payload)
	}
	return out.Bytes(), edited, nil
}

func writeBoxHeader(w *bytes.Buffer, typ string, payload int) {
	if payload+8 > math.MaxUint32 {
		_ = binary.Write(w, binary.BigEndian, uint32(1))
		w.WriteString(typ)
		_ = binary.Write(w, binary.BigEndian, uint64(payload+16))
		return
	}
	_ = binary.Write(w, binary.BigEndian, uint32(payload+8))
	w.WriteString(typ)
}

// avcCPath leads from the top of a file to the H.264 decoder configuration of its tracks.
var avcCPath = []string{"moov", "trak", "mdia", "minf", "stbl", "stsd", "avc1", "avcC"}

// avcConfig is an AVCDecoderConfigurationRecord (the avcC box): the H.264 parameter sets a
// decoder needs before the first frame, and the size of the length before each NAL unit.
type avcConfig struct {
	profile, compatibility, level byte
	lengthSize                    int
	sps, pps                      [][]byte
	// rest is what follows the PPS list (chroma format and bit depths for the High profiles).
	rest []byte
}

func parseAVCConfig(b []byte) (avcConfig, error) {
	var c avcConfig
	if len(b) < 7 || b[0] != 1 {
		return c, errors.New("not an avcC record")
	}
	c.profile, c.compatibility, c.level = b[1], b[2], b[3]
	c.lengthSize = int(b[4]&3) + 1
	at := 6 // after the SPS count
	readSets := func(count int) ([][]byte, error) {
		var sets [][]byte
		for range count {
			if at+2 > len(b) {
				return nil, errors.New("truncated avcC record")
			}
			n := int(binary.BigEndian.Uint16(b[at:]))
			at += 2
			if at+n > len(b) || n == 0 {
				return nil, errors.New("truncated avcC record")
			}
			sets = append(sets, slices.Clone(b[at:at+n]))
			at += n
		}
		return sets, nil
	}
	var err error
	if c.sps, err = readSets(int(b[5] & 0x1f)); err != nil {
		return c, err
	}
	if at >= len(b) {
		return c, errors.New("truncated avcC record")
	}
	count := int(b[at])
	at++
	if c.pps, err = readSets(count); err != nil {
		return c, err
	}
	c.rest = slices.Clone(b[at:])
	return c, nil
}

func (c avcConfig) bytes() []byte {
	var b bytes.Buffer
	b.Write([]byte{1, c.profile, c.compatibility, c.level, 0xfc | byte(c.lengthSize-1), 0xe0 | byte(len(c.sps))})
	for _, s := range c.sps {
		_ = binary.Write(&b, binary.BigEndian, uint16(len(s)))
		b.Write(s)
	}
	b.WriteByte(byte(len(c.pps)))
	for _, p := range c.pps {
		_ = binary.Write(&b, binary.BigEndian, uint16(len(p)))
		b.Write(p)
	}
	b.Write(c.rest)
	return b.Bytes()
}

// parameterSetIDs answers the ids of the record's sequence and picture parameter sets.
func (c avcConfig) parameterSetIDs() (sps, pps []uint, err error) {
	for _, s := range c.sps {
		// NAL header, profile_idc, constraint flags, level_idc, then seq_parameter_set_id.
		id, err := firstExpGolomb(s, 4)
		if err != nil {
			return nil, nil, fmt.Errorf("reading an SPS: %w", err)
		}
		sps = append(sps, id)
	}
	for _, p := range c.pps {
		id, err := firstExpGolomb(p, 1) // NAL header, then pic_parameter_set_id
		if err != nil {
			return nil, nil, fmt.Errorf("reading a PPS: %w", err)
		}
		pps = append(pps, id)
	}
	return sps, pps, nil
}

// firstExpGolomb reads the unsigned Exp-Golomb number that starts at byte skip of a NAL unit.
func firstExpGolomb(nal []byte, skip int) (uint, error) {
	if len(nal) <= skip {
		return 0, errors.New("too short")
	}
	// Drop emulation prevention bytes (00 00 03) so the bits are the real ones.
	var rbsp []byte
	zeros := 0
	for _, x := range nal[skip:] {
		if zeros >= 2 && x == 3 {
			zeros = 0
			continue
		}
		if x == 0 {
			zeros++
		} else {
			zeros = 0
		}
		rbsp = append(rbsp, x)
	}
	bit := func(i int) uint { return uint(rbsp[i/8]>>(7-i%8)) & 1 }
	leading := 0
	for ; leading < 32; leading++ {
		if leading >= len(rbsp)*8 {
			return 0, errors.New("too short")
		}
		if bit(leading) == 1 {
			break
		}
	}
	if 2*leading+1 > len(rbsp)*8 {
		return 0, errors.New("too short")
	}
	v := uint(0)
	for i := leading + 1; i <= 2*leading; i++ {
		v = v<<1 | bit(i)
	}
	return v + (1 << leading) - 1, nil
}

// mergeAVCConfigs answers one record holding the parameter sets of all: base (the source's,
// whose profile, level and High-profile fields describe the clip) and those of the re-encoded
// parts. Two different sets under one id would make the copied frames decode with the wrong
// one, so that is an error; a set that is already there is not repeated.
func mergeAVCConfigs(base avcConfig, parts ...avcConfig) (avcConfig, error) {
	merged := base
	merged.sps, merged.pps = slices.Clone(base.sps), slices.Clone(base.pps)
	spsIDs, ppsIDs, err := base.parameterSetIDs()
	if err != nil {
		return merged, err
	}
	for _, part := range parts {
		if part.lengthSize != base.lengthSize {
			return merged, fmt.Errorf("NAL length size %d against %d", part.lengthSize, base.lengthSize)
		}
		ps, pp, err := part.parameterSetIDs()
		if err != nil {
			return merged, err
		}
		add := func(sets *[][]byte, ids *[]uint, set []byte, id uint, what string) error {
			for i, have := range *ids {
				if have != id {
					continue
				}
				if bytes.Equal((*sets)[i], set) {
					return nil
				}
				return fmt.Errorf("two different %s with id %d", what, id)
			}
			*sets, *ids = append(*sets, set), append(*ids, id)
			return nil
		}
		for i, s := range part.sps {
			if err := add(&merged.sps, &spsIDs, s, ps[i], "SPS"); err != nil {
				return merged, err
			}
		}
		for i, p := range part.pps {
			if err := add(&merged.pps, &ppsIDs, p, pp[i], "PPS"); err != nil {
				return merged, err
			}
		}
	}
	if len(merged.sps) > 31 {
		return merged, errors.New("too many SPS")
	}
	return merged, nil
}

// fileAVCConfig reads the avcC of the first H.264 track of an MP4 file.
func fileAVCConfig(path string) (avcConfig, error) {
	moov, err := fileMoov(path)
	if err != nil {
		return avcConfig{}, err
	}
	found, err := firstPayload(moov, avcCPath)
	if err != nil {
		return avcConfig{}, err
	}
	if found == nil {
		return avcConfig{}, errors.New("no avcC box")
	}
	return parseAVCConfig(found)
}

// fileMoov answers the bytes of an MP4 file's moov box.
func fileMoov(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	_, moov, err := readMoov(f)
	return moov, err
}

// firstPayload answers the payload of the first box on path (from the top of moov's bytes), nil
// when there is none.
func firstPayload(moov []byte, path []string) ([]byte, error) {
	var found []byte
	_, _, err := rewriteBoxes(moov, 0, int64(len(moov)), path, func(payload []byte) ([]byte, error) {
		if found == nil {
			found = slices.Clone(payload)
		}
		return payload, nil
	})
	return found, err
}

// mp4StartTime answers where the first track of an MP4 file starts on its timeline, in seconds:
// the empty edits before its media (an M4A of AAC frames copied from the middle of a recording
// starts where its first frame did, up to a frame after the cut). ffmpeg reading the file as one
// of its inputs moves it to 0, as it moves every input to its own start.
func mp4StartTime(path string) (float64, error) {
	moov, err := fileMoov(path)
	if err != nil {
		return 0, err
	}
	mvhd, err := firstPayload(moov, []string{"moov", "mvhd"})
	if err != nil {
		return 0, err
	}
	// After the version, the flags and the creation and modification times (32 or 64 bits).
	timescaleAt := 12
	if len(mvhd) > 0 && mvhd[0] == 1 {
		timescaleAt = 20
	}
	if len(mvhd) < timescaleAt+4 || mvhd[0] > 1 {
		return 0, errors.New("no usable mvhd box")
	}
	timescale := binary.BigEndian.Uint32(mvhd[timescaleAt:])
	if timescale == 0 {
		return 0, errors.New("the movie's timescale is 0")
	}
	elst, err := firstPayload(moov, []string{"moov", "trak", "edts", "elst"})
	if err != nil || elst == nil {
		return 0, err // no edit list: the media starts at 0
	}
	if len(elst) < 8 || elst[0] > 1 {
		return 0, errors.New("unusable elst box")
	}
	entry, count := 12, int(binary.BigEndian.Uint32(elst[4:]))
	if elst[0] == 1 {
		entry = 20
	}
	var empty uint64
	for i := range count {
		e := elst[8+i*entry:]
		if len(e) < entry {
			return 0, errors.New("truncated elst box")
		}
		duration, mediaTime := uint64(binary.BigEndian.Uint32(e)), int64(int32(binary.BigEndian.Uint32(e[4:])))
		if entry == 20 {
			duration, mediaTime = binary.BigEndian.Uint64(e), int64(binary.BigEndian.Uint64(e[8:]))
		}
		if mediaTime != -1 {
			break
		}
		empty += duration
	}
	return float64(empty) / float64(timescale), nil
}

// finishJoinedMP4 writes out from the MP4 in (written by ffmpeg without +faststart, so its
// index follows its media data): the H.264 track's avcC replaced by avcc (when not nil: an
// HEVC clip carries its parameter sets in its samples), and the index (moov) moved before the
// media data with every chunk offset moved by as much, as ffmpeg's +faststart does, so a
// browser starts playing before it has the whole clip.
func finishJoinedMP4(in, out string, avcc *avcConfig) error {
	f, err := os.Open(in)
	if err != nil {
		return err
	}
	defer f.Close()
	top, moov, err := readMoov(f)
	if err != nil {
		return err
	}
	newMoov := moov
	if avcc != nil {
		var n int
		newMoov, n, err = rewriteBoxes(moov, 0, int64(len(moov)), avcCPath, func([]byte) ([]byte, error) {
			return avcc.bytes(), nil
		})
		if err != nil {
			return fmt.Errorf("replacing avcC: %w", err)
		}
		if n != 1 {
			return fmt.Errorf("%d avcC boxes in the joined clip, not 1", n)
		}
	}
	// ffmpeg writes ftyp, then the media data (mdat, perhaps a free box), then moov. Moving
	// moov right after ftyp moves everything between them back by moov's size, and chunk
	// offsets count from the start of the file.
	if len(top) < 2 || top[0].typ != "ftyp" || top[len(top)-1].typ != "moov" {
		return errors.New("the joined clip is not laid out as ftyp … moov")
	}
	order := top[:len(top)-1]
	delta := int64(len(newMoov))
	newMoov, _, err = rewriteBoxes(newMoov, 0, int64(len(newMoov)), []string{"moov", "trak", "mdia", "minf", "stbl", "stco"}, func(p []byte) ([]byte, error) {
		return shiftChunkOffsets(p, delta, 4)
	})
	if err != nil {
		return fmt.Errorf("moving chunk offsets: %w", err)
	}
	newMoov, _, err = rewriteBoxes(newMoov, 0, int64(len(newMoov)), []string{"moov", "trak", "mdia", "minf", "stbl", "co64"}, func(p []byte) ([]byte, error) {
		return shiftChunkOffsets(p, delta, 8)
	})
	if err != nil {
		return fmt.Errorf("moving chunk offsets: %w", err)
	}
	if int64(len(newMoov)) != delta {
		return errors.New("the index changed size while moving its offsets")
	}
	w, err := os.Create(out)
	if err != nil {
		return err
	}
	defer w.Close()
	ftyp := order[0]
	if _, err := io.Copy(w, io.NewSectionReader(f, ftyp.start, ftyp.end-ftyp.start)); err != nil {
		return err
	}
	if _, err := w.Write(newMoov); err != nil {
		return err
	}
	for _, b := range order[1:] {
		if _, err := io.Copy(w, io.NewSectionReader(f, b.start, b.end-b.start)); err != nil {
			return err
		}
	}
	return w.Close()
}

// shiftChunkOffsets adds delta to every entry of an stco (size 4) or co64 (size 8) box's payload.
func shiftChunkOffsets(p []byte, delta int64, size int) ([]byte, error) {
	if len(p) < 8 {
		return nil, errors.New("truncated chunk offset box")
	}
	count := int(binary.BigEndian.Uint32(p[4:]))
	if len(p) != 8+count*size {
		return nil, errors.New("chunk offset box of the wrong size")
	}
	out := slices.Clone(p)
	for i := range count {
		at := 8 + i*size
		if size == 4 {
			v := int64(binary.BigEndian.Uint32(out[at:])) + delta
			if v > math.MaxUint32 {
				return nil, errors.New("a chunk offset passes 4 GB")
			}
			binary.BigEndian.PutUint32(out[at:], uint32(v))
		} else {
			binary.BigEndian.PutUint64(out[at:], binary.BigEndian.Uint64(out[at:])+uint64(delta))
		}
	}
	return out, nil
}

// firstSampleStartsClean reports whether the first sample of the first track of an MP4 file
// (one that ffmpeg wrote with a single H.264 or HEVC track) holds a picture after which no
// frame refers to one before it, so a place where a copy may start after frames from
// elsewhere: for H.264 an IDR picture; for HEVC an IRAP picture (BLA, IDR or CRA), whose
// trailing pictures may not refer past it (leading pictures, which may, planCut refuses).
// lengthSize is the H.264 track's NAL length size; ffmpeg writes HEVC's with 4 bytes.
func firstSampleStartsClean(path, codec string, lengthSize int) (bool, error) {
	if codec == "hevc" {
		lengthSize = 4
	}
	f, err := os.Open(path)
	if err != nil {
		return false, err
	}
	defer f.Close()
	_, moov, err := readMoov(f)
	if err != nil {
		return false, err
	}
	var offset, size int64 = -1, -1
	stbl := []string{"moov", "trak", "mdia", "minf", "stbl"}
	read := func(box string, use func(p []byte) error) error {
		_, _, err := rewriteBoxes(moov, 0, int64(len(moov)), append(slices.Clone(stbl), box), func(p []byte) ([]byte, error) {
			return p, use(p)
		})
		return err
	}
	err = errors.Join(
		read("stco", func(p []byte) error {
			if len(p) >= 12 && offset < 0 {
				offset = int64(binary.BigEndian.Uint32(p[8:]))
			}
			return nil
		}),
		read("co64", func(p []byte) error {
			if len(p) >= 16 && offset < 0 {
				offset = int64(binary.BigEndian.Uint64(p[8:]))
			}
			return nil
		}),
		read("stsz", func(p []byte) error {
			if len(p) < 12 || size >= 0 {
				return nil
			}
			if fixed := binary.BigEndian.Uint32(p[4:]); fixed != 0 {
				size = int64(fixed)
			} else if len(p) >= 16 {
				size = int64(binary.BigEndian.Uint32(p[12:]))
			}
			return nil
		}),
	)
	if err != nil {
		return false, err
	}
	if offset < 0 || size <= 0 || size > 64<<20 {
		return false, errors.New("no first sample")
	}
	sample := make([]byte, size)
	if _, err := f.ReadAt(sample, offset); err != nil {
		return false, fmt.Errorf("reading the first sample: %w", err)
	}
	return sampleStartsClean(sample, codec, lengthSize)
}

// sampleStartsClean reports whether an MP4 sample of NAL units, each after a length of
// lengthSize bytes, holds a clean start (see firstSampleStartsClean).
func sampleStartsClean(sample []byte, codec string, lengthSize int) (bool, error) {
	for at := 0; at+lengthSize < len(sample); {
		n := 0
		for _, b := range sample[at : at+lengthSize] {
			n = n<<8 | int(b)
		}
		at += lengthSize
		if n <= 0 || at+n > len(sample) {
			return false, errors.New("malformed NAL unit lengths")
		}
		if codec == "hevc" {
			// The first picture's NAL unit: its type says what the picture is (parameter sets,
			// 32 and up, and SEI come before it).
			if typ := sample[at] >> 1 & 0x3f; typ < 32 {
				return typ >= 16 && typ <= 21, nil
			}
		} else if sample[at]&0x1f == 5 {
			return true, nil
		}
		at += n
	}
	return false, nil
}
