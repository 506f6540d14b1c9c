package media

import "syscall"

// oDirect asks Linux to write a stored file straight to the disk, past the page cache (see
// writeDirect).
const oDirect = syscall.O_DIRECT
