// Package media holds what Legacy Locker does with the bytes of a family's photos, videos,
// recordings and documents: it decides what an upload is (Sniff), keeps files by key
// (Storage, LocalStorage), and makes what the browser shows from them: image thumbnails
// (ImageThumbnail), video posters and browser-playable renditions (Probe, PosterFrame,
// NeedsRendition, Rendition) and PDF previews (PDFPreview). For the video editor it finds a
// game's exciting moments (DetectHighlights: audio-loudness peaks over an adaptive baseline and
// scene changes, in one ffmpeg pass) and cuts clips (Trim: a stream copy when the cut starts
// on a keyframe, a smart cut that re-encodes only the frames up to the next keyframe and copies
// the rest when it does not, a full re-encode when the source allows neither or the result does
// not check out; smartcut.go explains how the parts are joined).
//
// # Nothing is ever half written
//
// Every output is written to a temporary name in its destination directory and renamed into
// place only when complete (after fsync), so a crash, a cancelled job or a failed tool never
// leaves a truncated file under a real name, and a retried job simply replaces its output.
// Keys are made by the server (NewKey, DerivedKey), never taken from a user's file name.
//
// # External tools
//
// Video work runs the system's ffmpeg and ffprobe (Debian package ffmpeg), PDF previews run
// pdftoppm (poppler-utils) and HEIC photo thumbnails run heif-convert (libheif-examples);
// FFmpegPath, FFprobePath, PDFToPPMPath and HeifConvertPath name them. Without pdftoppm or
// heif-convert, PDFPreview and ImageThumbnail (for HEIF only) answer ErrToolMissing. Each
// command is built by an exported XxxArgs function that tests check flag by flag,
// and run by one small runner (exec.CommandContext: killed when the job's context ends,
// stderr kept to its last 16 KB, no stdin). This is plain os/exec rather than
// u2takey/ffmpeg-go, which DESIGN.md names: ffmpeg-go builds arguments through a stream-graph
// DSL whose output order we would have to reverse-engineer to keep "-ss before -i" and input
// options such as -lowres and -protocol_whitelist where they belong, it runs commands
// itself (so bounded stderr capture and error classification would sit around it anyway),
// and it brings dependencies of its own. A []string per command is easier to read, test
// and diff.
//
// Inputs are passed as "file:" URLs with -protocol_whitelist file, so a crafted file can
// neither be read as some other protocol nor make ffmpeg fetch from the network.
//
// # Errors
//
// ErrCorrupt marks failures the file itself caused (the worker marks the item failed with the
// short reason at the end of the message); ErrToolMissing a tool that is not installed; any
// other error is the environment's (full disk, killed process, cancelled context) and worth a
// retry.
//
// # Thumbnails of large photos
//
// Go's image/jpeg decodes a whole 12 MP photo (about 70 MB of memory) to then throw away 99%
// of it. For JPEGs of 4 MP and more, ImageThumbnail instead has ffmpeg decode at 1/2, 1/4 or
// 1/8 scale straight from the DCT coefficients (-lowres, like libjpeg's scaled decoding),
// then turns the small picture by its EXIF orientation and resizes it with imaging's Lanczos
// filter as before. If ffmpeg is missing or complains about the file, Go's decoder decides.
// BenchmarkImageThumbnail, 4000x3000 JPEG at quality 90 (3.4 MB) to a 480-pixel thumbnail, on
// the 2-core development machine (AMD EPYC, busy with other work, so ±25%):
//
//	auto (ffmpeg -lowres 3, then Go)   ~135–250 ms/op    5.3 MB allocated
//	go-decode (image/jpeg + imaging)   ~360–570 ms/op   73 MB allocated
//
// About 65 ms of the reduced path is starting ffmpeg (Debian's build loads many libraries),
// which is why smaller images stay on the pure Go path.
package media
