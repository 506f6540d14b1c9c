package media

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// The SPS and PPS libx264 writes for a 160x64 High profile stream, with ids 0 and 1.
var (
	sps0 = []byte{0x67, 0x64, 0x00, 0x0a, 0xac, 0xd9, 0x42, 0x89, 0xb0, 0x11, 0x00, 0x00, 0x03, 0x00, 0x01}
	pps0 = []byte{0x68, 0xef, 0x8f, 0xcb}
	sps1 = []byte{0x67, 0x64, 0x00, 0x0a, 0x4b, 0x2d, 0x05, 0x13, 0x60, 0x22}
	pps1 = []byte{0x68, 0x4a, 0xf0, 0x6f, 0x2c}
)

func TestAVCConfig(t *testing.T) {
	t.Parallel()
	src := avcConfig{profile: 100, level: 10, lengthSize: 4, sps: [][]byte{sps0}, pps: [][]byte{pps0}, rest: []byte{0xfd, 0xf8, 0xf8, 0x00}}
	parsed, err := parseAVCConfig(src.bytes())
	require.NoError(t, err)
	require.Equal(t, src, parsed, "bytes and parse are each other's inverse")

	spsIDs, ppsIDs, err := src.parameterSetIDs()
	require.NoError(t, err)
	require.Equal(t, []uint{0}, spsIDs)
	require.Equal(t, []uint{0}, ppsIDs)
	head := avcConfig{profile: 100, level: 10, lengthSize: 4, sps: [][]byte{sps1}, pps: [][]byte{pps1}}
	spsIDs, ppsIDs, err = head.parameterSetIDs()
	require.NoError(t, err)
	require.Equal(t, []uint{1}, spsIDs)
	require.Equal(t, []uint{1}, ppsIDs)

	merged, err := mergeAVCConfigs(src, head, head)
	require.NoError(t, err)
	require.Equal(t, [][]byte{sps0, sps1}, merged.sps, "each set once, the source's first")
	require.Equal(t, [][]byte{pps0, pps1}, merged.pps)
	require.Equal(t, src.rest, merged.rest, "the source's High-profile fields")
	require.Len(t, src.sps, 1, "the source's record is left alone")

	clash := avcConfig{lengthSize: 4, sps: [][]byte{sps1}, pps: [][]byte{{0x68, 0xce, 0x01}}} // PPS id 0, other content
	_, err = mergeAVCConfigs(src, clash)
	require.ErrorContains(t, err, "two different PPS with id 0")
	_, err = mergeAVCConfigs(src, avcConfig{lengthSize: 2, sps: [][]byte{sps1}, pps: [][]byte{pps1}})
	require.ErrorContains(t, err, "NAL length size")

	for _, bad := range [][]byte{nil, {0}, {1, 100, 0, 10, 0xff, 0xe1, 0x00, 0x20, 0x67}} {
		_, err := parseAVCConfig(bad)
		require.Error(t, err)
	}
}

func TestFirstExpGolomb(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		bits []byte
		want uint
	}{
		{[]byte{0x80}, 0}, // 1
		{[]byte{0x40}, 1}, // 010
		{[]byte{0x60}, 2}, // 011
		{[]byte{0x28}, 4}, // 00101
		// 00 00 03 is 00 00 with an emulation prevention byte: 23 zeros, a one, 23 ones.
		{[]byte{0x00, 0x00, 0x03, 0x01, 0xff, 0xff, 0xff}, 1<<24 - 2},
	} {
		v, err := firstExpGolomb(tc.bits, 0)
		require.NoError(t, err)
		require.Equal(t, tc.want, v, "% x", tc.bits)
	}
	_, err := firstExpGolomb([]byte{0x00}, 0)
	require.Error(t, err)
	_, err = firstExpGolomb([]byte{0x67}, 1)
	require.Error(t, err)
}

func TestShiftChunkOffsets(t *testing.T) {
	t.Parallel()
	stco := binary.BigEndian.AppendUint32(nil, 0) // version and flags
	stco = binary.BigEndian.AppendUint32(stco, 2)
	stco = binary.BigEndian.AppendUint32(stco, 48)
	stco = binary.BigEndian.AppendUint32(stco, 1000)
	out, err := shiftChunkOffsets(stco, 500, 4)
	require.NoError(t, err)
	require.Equal(t, uint32(548), binary.BigEndian.Uint32(out[8:]))
	require.Equal(t, uint32(1500), binary.BigEndian.Uint32(out[12:]))
	require.Equal(t, uint32(48), binary.BigEndian.Uint32(stco[8:]), "the input is left alone")

	binary.BigEndian.PutUint32(stco[12:], 1<<32-100)
	_, err = shiftChunkOffsets(stco, 500, 4)
	require.ErrorContains(t, err, "4 GB")
	_, err = shiftChunkOffsets(stco[:14], 500, 4)
	require.Error(t, err)
}

// TestMP4StartTime reads where a file's first track starts from its edit list: the empty edits
// before its media, in the movie's timescale.
func TestMP4StartTime(t *testing.T) {
	box := func(typ string, payload ...[]byte) []byte {
		var b bytes.Buffer
		body := bytes.Join(payload, nil)
		writeBoxHeader(&b, typ, len(body))
		b.Write(body)
		return b.Bytes()
	}
	u32 := func(v uint32) []byte { return binary.BigEndian.AppendUint32(nil, v) }
	u64 := func(v uint64) []byte { return binary.BigEndian.AppendUint64(nil, v) }
	mvhd := func(version byte, timescale uint32) []byte {
		if version == 1 {
			return box("mvhd", []byte{1, 0, 0, 0}, u64(0), u64(0), u32(timescale), u64(0), make([]byte, 80))
		}
		return box("mvhd", []byte{0, 0, 0, 0}, u32(0), u32(0), u32(timescale), u32(0), make([]byte, 80))
	}
	// An entry: its duration, its media time (-1: empty), rate 1.
	elst := func(version byte, entries ...[2]int64) []byte {
		parts := [][]byte{{version, 0, 0, 0}, u32(uint32(len(entries)))}
		for _, e := range entries {
			if version == 1 {
				parts = append(parts, u64(uint64(e[0])), u64(uint64(e[1])), u32(1<<16))
			} else {
				parts = append(parts, u32(uint32(e[0])), u32(uint32(int32(e[1]))), u32(1<<16))
			}
		}
		return box("elst", parts...)
	}
	file := func(t *testing.T, boxes ...[]byte) string {
		path := filepath.Join(t.TempDir(), "audio.m4a")
		all := append([][]byte{box("ftyp", []byte("M4A \x00\x00\x02\x00"))}, box("moov", boxes...), box("mdat", []byte{1, 2, 3}))
		require.NoError(t, os.WriteFile(path, bytes.Join(all, nil), 0o600))
		return path
	}
	trak := func(edits []byte) []byte { return box("trak", box("tkhd", make([]byte, 84)), box("edts", edits)) }

	for _, tc := range []struct {
		name  string
		path  string
		start float64
	}{
		{"an empty edit of 17 ms, then the media", file(t, mvhd(0, 1000), trak(elst(0, [2]int64{17, -1}, [2]int64{9984, 0}))), 0.017},
		{"two empty edits (64-bit)", file(t, mvhd(1, 600), trak(elst(1, [2]int64{6, -1}, [2]int64{3, -1}, [2]int64{6000, 1024}))), 0.015},
		{"the media from the start, past its encoder's priming", file(t, mvhd(0, 1000), trak(elst(0, [2]int64{10000, 1024}))), 0},
		{"no edit list", file(t, mvhd(0, 1000), box("trak", box("tkhd", make([]byte, 84)))), 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start, err := mp4StartTime(tc.path)
			require.NoError(t, err)
			require.InDelta(t, tc.start, start, 1e-9)
		})
	}

	_, err := mp4StartTime(file(t, mvhd(0, 0), trak(elst(0, [2]int64{17, -1}))))
	require.ErrorContains(t, err, "timescale is 0")
	truncated := elst(0, [2]int64{17, -1})
	binary.BigEndian.PutUint32(truncated[12:], 3) // says three entries, holds one
	_, err = mp4StartTime(file(t, mvhd(0, 1000), trak(truncated)))
	require.ErrorContains(t, err, "truncated elst")
	_, err = mp4StartTime(file(t, box("free")))
	require.ErrorContains(t, err, "mvhd")
}
