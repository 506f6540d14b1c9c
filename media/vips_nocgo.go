//go:build !cgo

package media

// Thumbnails are made by libvips through cgo (vips.go). Without cgo (CGO_ENABLED=0, or no C
// compiler on PATH, in which case Go turns cgo off by itself) the build stops here, on purpose,
// rather than shipping a worker that cannot make thumbnails: install a C compiler and
// libvips-dev (scripts/deps.sh run) and build again.
var _ = media_package_needs_cgo_and_libvips_dev_run_scripts_deps_sh
