package media

/*
#cgo pkg-config: vips
#include <malloc.h>
#include <stdlib.h>
#include <vips/vips.h>

// The loaders libvips may use: the formats a family uploads as photos. Everything else
// (ImageMagick, SVG, PDF, OpenSlide, FITS, raw, CSV, …) stays blocked, so a crafted upload can
// never reach a loader that follows references to other files or URLs.
static const char *ll_allowed_loaders[] = {
	"VipsForeignLoadJpeg",
	"VipsForeignLoadPng",
	"VipsForeignLoadWebp",
	"VipsForeignLoadNsgif",
	"VipsForeignLoadTiff",
	"VipsForeignLoadHeif",
	NULL,
};

// ll_quiet drops libvips' warnings ("error in tile …"): the error they lead to comes back to
// the caller, which decides what to say, instead of going to the worker's stderr.
static void ll_quiet(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
}

static int ll_vips_init(void) {
	if (VIPS_INIT("legacylocker"))
		return -1;
	g_log_set_handler("VIPS", G_LOG_LEVEL_WARNING | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO, ll_quiet, NULL);
	// Loaders libvips itself marks untrusted first, then every loader but ours.
	vips_block_untrusted_set(TRUE);
	vips_operation_block_set("VipsForeignLoad", TRUE);
	for (const char **name = ll_allowed_loaders; *name; name++)
		vips_operation_block_set(*name, FALSE);
	// One thread per image: the worker already runs as many images at once as it has cores.
	vips_concurrency_set(1);
	// Nothing is worked twice: a cache would only hold decoded images and open files in memory.
	vips_cache_set_max(0);
	vips_cache_set_max_mem(0);
	vips_cache_set_max_files(0);
	return 0;
}

// ll_cache_limits answers libvips' cache limits, for the test that they are applied.
static void ll_cache_limits(int *max, size_t *max_mem, int *max_files) {
	*max = vips_cache_get_max();
	*max_mem = vips_cache_get_max_mem();
	*max_files = vips_cache_get_max_files();
}

// ll_release_memory hands back to the system what the last image freed: glibc keeps freed memory
// in each thread's arena for reuse, and the images' buffers, mostly freed in the middle of an
// arena, would stay resident in a long-lived decoder child.
static void ll_release_memory(void) {
	malloc_trim(0);
}

// ll_error answers libvips' error text (the caller frees it) and clears it.
static char *ll_error(void) {
	return vips_error_buffer_copy();
}

// ll_header reads only the header of the image on fd: its stored size, EXIF orientation and
// whether it embeds an ICC colour profile.
static int ll_header(int fd, int *width, int *height, int *orientation, int *has_profile, char **err) {
	VipsSource *source = vips_source_new_from_descriptor(fd);
	if (!source) {
		*err = ll_error();
		return -1;
	}
	VipsImage *image = vips_image_new_from_source(source, "",
		"access", VIPS_ACCESS_SEQUENTIAL,
		"fail_on", VIPS_FAIL_ON_ERROR,
		NULL);
	g_object_unref(source);
	if (!image) {
		*err = ll_error();
		vips_thread_shutdown();
		return -1;
	}
	*width = vips_image_get_width(image);
	*height = vips_image_get_height(image);
	*orientation = vips_image_get_orientation(image);
	*has_profile = vips_image_get_typeof(image, VIPS_META_ICC_NAME) != 0;
	g_object_unref(image);
	vips_thread_shutdown();
	return 0;
}

// ll_thumbnail shrinks the image on fd (shrink-on-load where the format has it), turns it
// upright, converts it to sRGB (through its embedded profile when to_srgb), puts any
// transparency on white and answers a JPEG in *buf (the caller frees it with g_free).
//
// square crops it to side × side around what draws the eye (libvips' attention crop: skin,
// saturated colour, edges), enlarging a smaller image so the answer is always that square.
static int ll_thumbnail(int fd, int side, int quality, int to_srgb, int square, void **buf, size_t *len, char **err) {
	VipsImage *t[4] = {NULL, NULL, NULL, NULL};
	int status = -1;
	VipsSource *source = vips_source_new_from_descriptor(fd);
	if (!source) {
		*err = ll_error();
		return -1;
	}
	// vips_thumbnail_source does not hand its own fail_on to the loader (8.14): without the
	// option string a truncated JPEG comes out grey at the bottom, and no error.
	const char *load_options = "fail_on=error";
	VipsSize size = square ? VIPS_SIZE_BOTH : VIPS_SIZE_DOWN;
	VipsInteresting crop = square ? VIPS_INTERESTING_ATTENTION : VIPS_INTERESTING_NONE;
	int failed = to_srgb
		// An embedded profile (Display P3 on iPhones) is turned into sRGB, which is what a
		// thumbnail without a profile is taken to be. Only then: with export_profile set,
		// libvips transforms every image, which costs a sixth of a photo's time.
		? vips_thumbnail_source(source, &t[0], side,
			"height", side,
			"size", size,
			"crop", crop,
			"export_profile", "srgb",
			"option_string", load_options,
			NULL)
		: vips_thumbnail_source(source, &t[0], side,
			"height", side,
			"size", size,
			"crop", crop,
			"option_string", load_options,
			NULL);
	if (failed)
		goto done;
	VipsImage *in = t[0];
	// 8-bit sRGB (or 8-bit grey) first: 16-bit PNGs and TIFFs, CMYK and the rest become what a
	// JPEG holds, so that white below is 255 whatever the input's depth.
	VipsInterpretation interpretation = vips_image_guess_interpretation(in);
	if (interpretation != VIPS_INTERPRETATION_sRGB && interpretation != VIPS_INTERPRETATION_B_W) {
		if (vips_colourspace(in, &t[1], VIPS_INTERPRETATION_sRGB, NULL))
			goto done;
		in = t[1];
	}
	if (vips_image_hasalpha(in)) {
		VipsArrayDouble *white = vips_array_double_newv(1, 255.0);
		failed = vips_flatten(in, &t[2], "background", white, NULL);
		vips_area_unref(VIPS_AREA(white));
		if (failed)
			goto done;
		in = t[2];
	}
	if (vips_cast_uchar(in, &t[3], NULL))
		goto done;
	in = t[3];
	status = vips_jpegsave_buffer(in, buf, len,
		"Q", quality,
		"strip", TRUE,
		NULL);
done:
	if (status)
		*err = ll_error();
	for (int i = 0; i < 4; i++)
		if (t[i])
			g_object_unref(t[i]);
	g_object_unref(source);
	vips_thread_shutdown();
	return status;
}
*/
import "C"

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"unsafe"
)

// vipsReady starts libvips once, on first use, so a process that makes no thumbnail (the api)
// never starts its threads.
var vipsReady = sync.OnceValue(func() error {
	if C.ll_vips_init() != 0 {
		return fmt.Errorf("starting libvips: %s", takeVipsError(C.ll_error()))
	}
	return nil
})

// vipsImageHeader is what vipsHeader reads of an image.
type vipsImageHeader struct {
	// Width and Height as stored, before orientation.
	Width, Height int
	// Orientation is the EXIF orientation, 1–8 (1 when there is none).
	Orientation int
	// HasProfile says the image embeds an ICC colour profile.
	HasProfile bool
}

// vipsHeader reads the header of the image in f, not its pixels.
func vipsHeader(f *os.File) (vipsImageHeader, error) {
	if err := vipsReady(); err != nil {
		return vipsImageHeader{}, err
	}
	if _, err := f.Seek(0, 0); err != nil {
		return vipsImageHeader{}, err
	}
	var w, h, o, profile C.int
	var cerr *C.char
	if C.ll_header(C.int(f.Fd()), &w, &h, &o, &profile, &cerr) != 0 {
		return vipsImageHeader{}, vipsFailure(takeVipsError(cerr), f.Name())
	}
	return vipsImageHeader{Width: int(w), Height: int(h), Orientation: int(o), HasProfile: profile != 0}, nil
}

// vipsThumbnail makes the JPEG thumbnail of the image in f (see ll_thumbnail); toSRGB converts
// it through its embedded profile; square crops it to maxSide × maxSide by attention.
func vipsThumbnail(f *os.File, maxSide, quality int, toSRGB, square bool) ([]byte, error) {
	if err := vipsReady(); err != nil {
		return nil, err
	}
	if _, err := f.Seek(0, 0); err != nil {
		return nil, err
	}
	var buf unsafe.Pointer
	var n C.size_t
	var cerr *C.char
	var convert C.int
	if toSRGB {
		convert = 1
	}
	var sq C.int
	if square {
		sq = 1
	}
	if C.ll_thumbnail(C.int(f.Fd()), C.int(maxSide), C.int(quality), convert, sq, &buf, &n, &cerr) != 0 {
		return nil, vipsFailure(takeVipsError(cerr), f.Name())
	}
	defer C.g_free(C.gpointer(buf))
	return C.GoBytes(buf, C.int(n)), nil
}

// vipsCacheLimits answers libvips' operation cache limits: how many operations, bytes and open
// files it may keep.
func vipsCacheLimits() (operations int, bytes int64, files int) {
	var max, maxFiles C.int
	var maxMem C.size_t
	C.ll_cache_limits(&max, &maxMem, &maxFiles)
	return int(max), int64(maxMem), int(maxFiles)
}

// releaseMemory returns the memory freed by the images made so far to the system (see
// ll_release_memory).
func releaseMemory() {
	C.ll_release_memory()
}

// takeVipsError answers a C string libvips made and frees it.
func takeVipsError(cerr *C.char) string {
	if cerr == nil {
		return ""
	}
	defer C.free(unsafe.Pointer(cerr))
	return C.GoString(cerr)
}

// vipsFailure turns libvips' complaint about a file into ErrCorrupt with its last line as the
// reason, or a plain error when reading the file failed (the machine's fault). libvips keeps
// one error buffer for the whole process, so when two images fail at the same moment a reason
// may come from the other one; it never names a path (shortReason removes ours).
func vipsFailure(msg, path string) error {
	if environmentFault(msg) {
		return errors.New("libvips: " + shortReason(msg, path))
	}
	reason := shortReason(msg, path)
	reason = strings.TrimPrefix(reason, "VipsForeignLoad: ")
	if reason == "" {
		reason = "the image could not be decoded"
	}
	return corrupt(reason)
}
