//go:build unix

package readfile

import "syscall"

// nonBlock makes opening a named pipe return at once instead of waiting
// for a writer; reading a regular file ignores it.
const nonBlock = syscall.O_NONBLOCK
