// Package media holds what Legacy Locker does with the bytes of a family's photos, videos,
// recordings and documents: it decides what an upload is (Sniff), keeps files by key
// (Storage, LocalStorage), and makes what the browser shows from them: image thumbnails
// (ImageThumbnail), video posters and browser-playable renditions (Probe, PosterFrame,
// NeedsRendition, Rendition) and PDF previews (PDFPreview). For the video editor it finds a
// game's exciting moments (DetectHighlights: audio-loudness peaks over an adaptive baseline and
// scene changes, in one ffmpeg pass) and cuts clips (Trim: a stream copy when the cut starts
// on a keyframe, a smart cut that re-encodes only the frames up to the next keyframe and copies
// the rest when it does not, for H.264 and HEVC alike, a full re-encode when the source allows
// neither or the result does not check out; smartcut.go explains how the parts are joined).
//
// # Nothing is ever half written
//
// Every output is written to a temporary name in its destination directory and renamed into
// place only when complete, so a crash, a cancelled job or a failed tool never leaves a
// truncated file under a real name, and a retried job simply replaces its output. What is
// stored (Storage.Put) is fsynced before its rename; what a job makes in its scratch
// directory on the way (writeVia) is not: it is thrown away with the job.
// Keys are made by the server (NewKey, DerivedKey), never taken from a user's file name.
//
// # External tools and libvips
//
// Video work runs the system's ffmpeg and ffprobe (Debian package ffmpeg) and PDF previews run
// pdftoppm (poppler-utils); FFmpegPath, FFprobePath and PDFToPPMPath name them. Without
// pdftoppm, PDFPreview answers ErrToolMissing. Each command is built by an exported XxxArgs
// function that tests check flag by flag,
// and run by one small runner (exec.CommandContext: killed when the job's context ends,
// stderr kept to its last 16 KB, no stdin). This is plain os/exec rather than
// u2takey/ffmpeg-go, which DESIGN.md names: ffmpeg-go builds arguments through a stream-graph
// DSL whose output order we would have to reverse-engineer to keep "-ss before -i" and input
// options such as -protocol_whitelist where they belong, it runs commands
// itself (so bounded stderr capture and error classification would sit around it anyway),
// and it brings dependencies of its own. A []string per command is easier to read, test
// and diff. Image thumbnails are made by libvips inside the process (see below), so building
// this package needs cgo and libvips' headers (Debian's libvips-dev, which scripts/deps.sh
// installs); a build without cgo stops with a message saying so.
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
// # Thumbnails
//
// ImageThumbnail hands JPEG, PNG, GIF, WebP, TIFF and HEIC/HEIF photos to libvips through a
// small cgo wrapper of vips_thumbnail_source (vips.go): a JPEG is decoded at 1/2, 1/4 or 1/8
// scale straight from its DCT coefficients (shrink-on-load), a 12 MP photo never exists whole in
// memory, and it is turned by its EXIF orientation, converted to sRGB through its ICC profile
// when it has one (an iPhone's Display P3), put on white where transparent and encoded at
// quality 82, all in a decoder child process (child.go), never in the worker itself: a pool of
// long-lived children of the worker's own binary ("worker decode"), each bounded in memory
// (RLIMIT_AS), CPU time per photo (RLIMIT_CPU) and wall time, speaking gob on its stdin and
// stdout. A child that dies answers ErrDecoderCrashed for that photo and is replaced; the worker
// goes on. A PNG, GIF or WebP whose header declares more than 400 MP is refused before any
// decoder sees it (a decompression bomb). In the child, the header is read first: an image of more than
// 100 MP (400 MP for a JPEG, which shrink-on-load makes cheap) is refused from it, before a pixel
// is decoded. HEIF files take libheif's own rotation (irot, imir), which the standard makes
// normative, and not their EXIF orientation, which only describes it. BMP, which libvips reads
// only through ImageMagick, stays with Go's decoder and imaging's Lanczos resize.
//
// libvips is started with every loader blocked but those six (jpeg, png, webp, gif, tiff, heif):
// the loaders that can follow a reference to another file or a URL (ImageMagick and its
// delegates, SVG through librsvg, PDF through poppler, OpenSlide, …) cannot be reached by any
// upload, whatever its bytes say, and libvips reads only the file descriptor we opened. One
// libvips thread per image (the worker already runs as many images at once as it has cores), no
// operation cache, and libvips' warnings are dropped: the error they lead to comes back with the
// call.
//
// Why this and not the alternatives, measured side by side by bench/thumbs.sh (200 phone-size
// 12 MP JPEGs, two at a time, docs/PERFORMANCE.md "Thumbnails per second"): CPU per image was
// 37 ms for this wrapper, 37 ms for github.com/davidbyttow/govips/v2 (the same libvips), 39 ms for
// libvips' own vipsthumbnail at 20 photos a process (what a long-lived libvips decoder process
// would cost), 39 ms for a long-lived ffmpeg merely decoding at 1/8 scale (before any resize,
// orientation or encoding), 76 ms for vipsthumbnail started per photo, and 107 ms for what this
// replaced: an ffmpeg process per photo (-lowres 3, about 55 ms of it starting ffmpeg) and then
// Go's resize and encoder. govips costs the same, but it has no call for the loader blocking
// (cgo of our own would sit beside it anyway), it thumbnails only from a path or a whole file in
// memory, and it brings a large API and its own logging around the same library. A long-lived
// decoder process would add a protocol, a restart policy and a copy of every picture, for
// nothing in CPU.
// What an in-process decoder gives up is isolation: a libvips or libheif crash on a crafted file
// takes the worker down with its other jobs (River retries them), where a separate process would
// have died alone.
//
// # Renditions
//
// A video a browser cannot play (HEVC from iPhones, VP9, AVI, 10-bit, …) gets an H.264 rendition
// at 720p (long side 1280), CRF 23, preset veryfast, its AAC audio copied as it is: what every
// family member's browser plays (Firefox on most systems, and Chrome without a hardware decoder,
// do not play HEVC, so the rendition cannot be skipped because some browsers could), at a quality
// made for a phone or a browser window, while the original at full resolution stays
// downloadable. 720p instead of 1080p takes 40% off the transcode's CPU (decoding the 1080p HEVC
// is then two fifths of what is left) and three quarters off the file; scaling down bilinearly
// instead of bicubically takes 6% more, for an SSIM of 0.986 instead of 0.988 against a Lanczos
// reference. A 20 s 1080p HEVC phone video costs about 10 s of CPU instead of 16, and is playable
// 5.7 s after its upload on a quiet 2-core machine, 3.5× real time, where the 1080p rendition took
// 2.3× in the same run (bench/rendition.sh; at 16 s of CPU it could not reach 3× on two cores at
// all). superfast would save a few percent more and triple the file. A rendition has a keyframe
// every 2 s: a clip of the video gets its own rendition by a smart cut of this one (Trim), which
// re-encodes only up to the next keyframe.
// The transcode starts at once; the poster, the size and the length are made beside it and stored
// the moment they are ready, while the item stays processing; it becomes ready once the rendition
// is there, because ready means it plays.
package media
