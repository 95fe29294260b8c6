package roblox

import (
	"fmt"
	"strconv"
)

// Error is a problem with a Studio file, at a byte offset.
type Error struct {
	// File is the file's name as the caller gave it.
	File string
	// Offset is the byte offset in the file the problem is at: where the
	// offending XML element, attribute blob or binary chunk starts.
	Offset int64
	// Message says what is wrong.
	Message string
}

// Error formats the problem as "file:offset: message".
func (e *Error) Error() string {
	return e.File + ":" + strconv.FormatInt(e.Offset, 10) + ": " + e.Message
}

func errorf(file string, offset int64, format string, args ...any) *Error {
	return &Error{File: file, Offset: offset, Message: fmt.Sprintf(format, args...)}
}
