//go:build !unix

package readfile

// nonBlock is 0 where opening has no such flag; the check before the
// open still refuses what is not a regular file.
const nonBlock = 0
