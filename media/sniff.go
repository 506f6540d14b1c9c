package media

import (
	"bytes"
	"encoding/binary"
)

// Kind is the product's media type. It decides how an item is processed (thumbnail, poster,
// rendition, preview) and which player the UI shows.
type Kind string

// The four kinds the product accepts; the strings are the API's "mediaType" values.
const (
	KindImage Kind = "image"
	KindVideo Kind = "video"
	KindAudio Kind = "audio"
	KindPDF   Kind = "pdf"
)

// SniffLen is how many leading bytes Sniff wants to see for its best answer. Fewer work for
// most formats; an MPEG transport stream needs three packets (564 bytes) to be told apart from
// noise, and an ID3 tag is followed into the audio behind it only while it fits.
const SniffLen = 4096

// Sniff decides the type of an upload from its first bytes (at least 512 when the file has
// them; up to SniffLen helps), never from its name: a name is whatever the client says it is.
// It recognises the image, video, audio and PDF formats a family is likely to have and answers
// ok=false for anything else (text, HTML, SVG, archives, executables, …), so nothing that a
// browser could run as a document is ever stored as media. mime is the precise MIME type and
// ext the usual extension with its dot.
func Sniff(head []byte) (kind Kind, mime, ext string, ok bool) {
	h := head
	switch {
	case len(h) >= 3 && h[0] == 0xFF && h[1] == 0xD8 && h[2] == 0xFF:
		return KindImage, "image/jpeg", ".jpg", true
	case bytes.HasPrefix(h, []byte("\x89PNG\r\n\x1a\n")):
		return KindImage, "image/png", ".png", true
	case bytes.HasPrefix(h, []byte("GIF87a")), bytes.HasPrefix(h, []byte("GIF89a")):
		return KindImage, "image/gif", ".gif", true
	case len(h) >= 12 && string(h[0:4]) == "RIFF" && string(h[8:12]) == "WEBP":
		return KindImage, "image/webp", ".webp", true
	case len(h) >= 12 && string(h[0:4]) == "RIFF" && string(h[8:12]) == "WAVE":
		return KindAudio, "audio/wav", ".wav", true
	case len(h) >= 12 && string(h[0:4]) == "RIFF" && string(h[8:12]) == "AVI ":
		return KindVideo, "video/x-msvideo", ".avi", true
	case bytes.HasPrefix(h, []byte("II*\x00")), bytes.HasPrefix(h, []byte("MM\x00*")):
		return KindImage, "image/tiff", ".tiff", true
	case isBMP(h):
		return KindImage, "image/bmp", ".bmp", true
	case bytes.HasPrefix(h, []byte("%PDF-")):
		return KindPDF, "application/pdf", ".pdf", true
	case bytes.HasPrefix(h, []byte("\x1a\x45\xdf\xa3")):
		// EBML: the DocType element near the start says WebM or Matroska.
		if bytes.Contains(h[:min(len(h), 64)], []byte("webm")) {
			return KindVideo, "video/webm", ".webm", true
		}
		if bytes.Contains(h[:min(len(h), 64)], []byte("matroska")) {
			return KindVideo, "video/x-matroska", ".mkv", true
		}
		return notMedia()
	case bytes.HasPrefix(h, []byte("OggS")):
		return sniffOgg(h)
	case bytes.HasPrefix(h, []byte("fLaC")):
		return KindAudio, "audio/flac", ".flac", true
	case bytes.HasPrefix(h, []byte("ID3")):
		return sniffID3(h)
	case len(h) >= 12 && string(h[4:8]) == "ftyp":
		return sniffFtyp(h)
	case isQuickTimeWithoutFtyp(h):
		return KindVideo, "video/quicktime", ".mov", true
	case isMPEGTS(h, 188, 0), isMPEGTS(h, 192, 4):
		return KindVideo, "video/mp2t", ".ts", true
	case bytes.HasPrefix(h, []byte{0, 0, 1, 0xBA}):
		return KindVideo, "video/mpeg", ".mpg", true
	}
	if k, m, e, found := sniffMPEGAudio(h, 0); found {
		return k, m, e, true
	}
	return notMedia()
}

// notMedia is the "not a format we take" answer, spelled once.
func notMedia() (Kind, string, string, bool) { return "", "", "", false }

// isBMP checks more than the two-byte "BM" magic, which plain text can start with: the reserved
// words are zero and the DIB header has one of the sizes the format defines.
func isBMP(h []byte) bool {
	if len(h) < 18 || h[0] != 'B' || h[1] != 'M' {
		return false
	}
	if binary.LittleEndian.Uint32(h[6:10]) != 0 {
		return false
	}
	switch binary.LittleEndian.Uint32(h[14:18]) {
	case 12, 16, 40, 52, 56, 64, 108, 124:
		return true
	}
	return false
}

// sniffFtyp reads an ISO base media file (MP4, MOV, M4A, 3GP, HEIF): the major brand and the
// compatible brands in the ftyp box tell a still image from audio from video.
func sniffFtyp(h []byte) (Kind, string, string, bool) {
	size := int(binary.BigEndian.Uint32(h[0:4]))
	if size < 12 {
		return notMedia()
	}
	major := string(h[8:12])
	var compatible []string
	for i := 16; i+4 <= min(size, len(h)); i += 4 {
		compatible = append(compatible, string(h[i:i+4]))
	}
	has := func(brand string) bool {
		for _, b := range compatible {
			if b == brand {
				return true
			}
		}
		return false
	}
	switch major {
	case "heic", "heix", "heim", "heis":
		return KindImage, "image/heic", ".heic", true
	case "hevc", "hevx":
		return KindImage, "image/heic-sequence", ".heic", true
	case "mif1":
		if has("avif") {
			return notMedia() // AVIF: neither thumbnailed nor recognised yet.
		}
		if has("heic") || has("heix") {
			return KindImage, "image/heic", ".heic", true
		}
		return KindImage, "image/heif", ".heif", true
	case "msf1":
		if has("avis") || has("avif") {
			return notMedia()
		}
		if has("hevc") || has("hevx") {
			return KindImage, "image/heic-sequence", ".heic", true
		}
		return KindImage, "image/heif-sequence", ".heif", true
	case "M4A ", "M4P ", "F4A ":
		return KindAudio, "audio/mp4", ".m4a", true
	case "M4B ", "F4B ":
		return KindAudio, "audio/mp4", ".m4b", true
	case "qt  ":
		return KindVideo, "video/quicktime", ".mov", true
	case "M4V ", "M4VH", "M4VP":
		return KindVideo, "video/x-m4v", ".m4v", true
	case "avif", "avis", "crx ", "jp2 ", "jpm ", "jpx ", "mjp2":
		// AVIF and JPEG 2000 and raw camera files: not formats we can show or thumbnail.
		return notMedia()
	}
	switch major[:3] {
	case "3gp", "3gg", "3gs", "3ge":
		return KindVideo, "video/3gpp", ".3gp", true
	case "3g2":
		return KindVideo, "video/3gpp2", ".3g2", true
	}
	// Anything else carried in an ftyp box (isom, iso2…iso9, mp41, mp42, avc1, dash, mmp4,
	// MSNV, XAVC, f4v…) is the MP4 family. An audio-only MP4 lands here too; Probe tells.
	if isPrintableBrand(major) {
		return KindVideo, "video/mp4", ".mp4", true
	}
	return notMedia()
}

func isPrintableBrand(b string) bool {
	for i := 0; i < len(b); i++ {
		if b[i] < 0x20 || b[i] > 0x7e {
			return false
		}
	}
	return true
}

// isQuickTimeWithoutFtyp recognises old QuickTime files that start straight with a movie,
// media-data or padding atom instead of ftyp.
func isQuickTimeWithoutFtyp(h []byte) bool {
	if len(h) < 16 {
		return false
	}
	size := binary.BigEndian.Uint32(h[0:4])
	switch string(h[4:8]) {
	case "moov", "mdat":
		return size == 0 || size == 1 || size >= 8 // 0: to the end of file; 1: 64-bit size follows
	case "wide":
		// An 8-byte "wide" atom is followed by the mdat it was reserved for.
		return size == 8 && string(h[12:16]) == "mdat"
	}
	return false
}

// isMPEGTS wants the sync byte 0x47 at the start of three consecutive packets.
func isMPEGTS(h []byte, packet, offset int) bool {
	n := 0
	for i := offset; i < len(h) && n < 3; i += packet {
		if h[i] != 0x47 {
			return false
		}
		n++
	}
	return n == 3
}

// sniffOgg looks at the first packet of the first page to tell audio (Vorbis, Opus, FLAC,
// Speex) from video (Theora).
func sniffOgg(h []byte) (Kind, string, string, bool) {
	if len(h) < 27 {
		return KindAudio, "audio/ogg", ".ogg", true
	}
	segments := int(h[26])
	start := 27 + segments
	if start >= len(h) {
		return KindAudio, "audio/ogg", ".ogg", true
	}
	p := h[start:]
	switch {
	case bytes.HasPrefix(p, []byte("OpusHead")):
		return KindAudio, "audio/ogg", ".opus", true
	case bytes.HasPrefix(p, []byte("\x80theora")):
		return KindVideo, "video/ogg", ".ogv", true
	case bytes.HasPrefix(p, []byte("\x7fFLAC")):
		return KindAudio, "audio/ogg", ".oga", true
	}
	return KindAudio, "audio/ogg", ".ogg", true
}

// sniffID3 skips an ID3v2 tag and looks at what it carries: usually MP3, sometimes AAC or FLAC.
// A tag larger than the head (embedded cover art) is taken to be MP3, by far the usual case.
func sniffID3(h []byte) (Kind, string, string, bool) {
	if len(h) < 10 {
		return KindAudio, "audio/mpeg", ".mp3", true
	}
	// The size is "syncsafe": 7 bits per byte.
	size := int(h[6]&0x7f)<<21 | int(h[7]&0x7f)<<14 | int(h[8]&0x7f)<<7 | int(h[9]&0x7f)
	end := 10 + size
	if h[5]&0x10 != 0 { // footer present
		end += 10
	}
	if end+4 > len(h) {
		return KindAudio, "audio/mpeg", ".mp3", true
	}
	// Some writers pad past the declared size with zeros.
	for end < len(h)-4 && h[end] == 0 {
		end++
	}
	if bytes.HasPrefix(h[end:], []byte("fLaC")) {
		return KindAudio, "audio/flac", ".flac", true
	}
	if k, m, e, found := sniffMPEGAudio(h, end); found {
		return k, m, e, true
	}
	return KindAudio, "audio/mpeg", ".mp3", true
}

// sniffMPEGAudio recognises an MPEG audio frame (MP1/2/3) or an AAC ADTS frame at offset off.
// Frame sync is only 11 or 12 bits, which binary noise matches easily, so every field must be
// valid and, when the next frame starts inside the head, it must sync as well.
func sniffMPEGAudio(h []byte, off int) (Kind, string, string, bool) {
	length, adts, layer, valid := mpegFrame(h, off)
	if !valid {
		return notMedia()
	}
	if next := off + length; next+4 <= len(h) {
		nextLength, nextADTS, _, nextValid := mpegFrame(h, next)
		if !nextValid || nextADTS != adts || nextLength <= 0 {
			return notMedia()
		}
	}
	switch {
	case adts:
		return KindAudio, "audio/aac", ".aac", true
	case layer == 2:
		return KindAudio, "audio/mpeg", ".mp2", true
	default:
		return KindAudio, "audio/mpeg", ".mp3", true
	}
}

// mpegFrame decodes the header at off: the frame's length in bytes, whether it is AAC ADTS,
// its MPEG layer (1–3), and whether the header is valid at all.
func mpegFrame(h []byte, off int) (length int, adts bool, layer int, valid bool) {
	if off < 0 || off+7 > len(h) || h[off] != 0xFF || h[off+1]&0xE0 != 0xE0 {
		return 0, false, 0, false
	}
	b1, b2 := h[off+1], h[off+2]
	if b1&0xF6 == 0xF0 { // 12-bit sync 0xFFF and layer 00: ADTS
		if (b2>>2)&0x0F >= 13 { // sampling frequency index
			return 0, false, 0, false
		}
		length = int(h[off+3]&0x03)<<11 | int(h[off+4])<<3 | int(h[off+5])>>5
		if length < 7 {
			return 0, false, 0, false
		}
		return length, true, 0, true
	}
	version := (b1 >> 3) & 0x03 // 0: MPEG 2.5, 1: reserved, 2: MPEG 2, 3: MPEG 1
	layerBits := (b1 >> 1) & 0x03
	bitrateIndex := b2 >> 4
	rateIndex := (b2 >> 2) & 0x03
	if version == 1 || layerBits == 0 || bitrateIndex == 0 || bitrateIndex == 15 || rateIndex == 3 {
		return 0, false, 0, false
	}
	layer = 4 - int(layerBits)
	padding := int(b2>>1) & 1
	rates := [4][3]int{{11025, 12000, 8000}, {}, {22050, 24000, 16000}, {44100, 48000, 32000}}
	sampleRate := rates[version][rateIndex]
	bitrate := mpegBitrate(version == 3, layer, int(bitrateIndex)) * 1000
	switch {
	case layer == 1:
		length = (12*bitrate/sampleRate + padding) * 4
	case layer == 3 && version != 3:
		length = 72*bitrate/sampleRate + padding
	default:
		length = 144*bitrate/sampleRate + padding
	}
	return length, false, layer, length > 4
}

func mpegBitrate(mpeg1 bool, layer, index int) int {
	v1 := [3][15]int{
		{0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448},
		{0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384},
		{0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320},
	}
	v2 := [2][15]int{
		{0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256},
		{0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160},
	}
	if mpeg1 {
		return v1[layer-1][index]
	}
	if layer == 1 {
		return v2[0][index]
	}
	return v2[1][index]
}
