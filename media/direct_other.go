//go:build !linux

package media

// oDirect is Linux's alone here: elsewhere Put writes through the page cache.
const oDirect = 0
