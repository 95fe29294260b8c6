// Package readfile opens the files Ember reads (effect files, images,
// levels, Studio files, texture maps) only when they are regular files. A
// named pipe blocks whoever opens it until a writer comes, and a device
// such as /dev/zero or /dev/random never ends: either would hang a command
// or a game reading a path from a file. The mode is checked before the
// open, the open itself does not wait (O_NONBLOCK where the system has
// it), and the mode is checked again on the opened file, in case the path
// changed in between.
package readfile

import (
	"errors"
	"io"
	"io/fs"
	"os"
)

// ErrNotRegular is the error, wrapped, for a path that names something
// other than a regular file (after following symbolic links).
var ErrNotRegular = errors.New("not a regular file")

// notRegular is ErrNotRegular with what the path names instead.
type notRegular struct{ what string }

func (e *notRegular) Error() string { return "not a regular file (" + e.what + ")" }

func (e *notRegular) Unwrap() error { return ErrNotRegular }

// check returns nil for a regular file, else a notRegular naming its kind.
func check(m fs.FileMode) error {
	var what string
	switch {
	case m.IsRegular():
		return nil
	case m.IsDir():
		what = "a directory"
	case m&fs.ModeNamedPipe != 0:
		what = "a named pipe"
	case m&fs.ModeSocket != 0:
		what = "a socket"
	case m&fs.ModeDevice != 0:
		what = "a device"
	default:
		what = "a special file"
	}
	return &notRegular{what}
}

// Open opens the regular file at path for reading. Any other kind of file
// is an *fs.PathError wrapping ErrNotRegular, and is not opened or, if it
// replaced the file after the first check, closed at once.
func Open(path string) (*os.File, error) {
	return open(path, os.Stat, func(name string) (*os.File, error) {
		return os.OpenFile(name, os.O_RDONLY|nonBlock, 0)
	})
}

// OpenIn is [Open] for the file name inside root: a name that leaves
// root's folder (through "..", an absolute path or a symbolic link) is
// refused by root.
func OpenIn(root *os.Root, name string) (*os.File, error) {
	return open(name, root.Stat, func(name string) (*os.File, error) {
		return root.OpenFile(name, os.O_RDONLY|nonBlock, 0)
	})
}

func open(path string, stat func(string) (fs.FileInfo, error), openFile func(string) (*os.File, error)) (*os.File, error) {
	st, err := stat(path)
	if err != nil {
		return nil, err
	}
	if err := check(st.Mode()); err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	f, err := openFile(path)
	if err != nil {
		return nil, err
	}
	if st, err = f.Stat(); err == nil {
		err = check(st.Mode())
	}
	if err != nil {
		f.Close()
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	return f, nil
}

// Read reads the regular file at path, at most limit+1 bytes of it, so
// that a caller can tell a file longer than limit without reading it all.
func Read(path string, limit int64) ([]byte, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, limit+1))
}

// Reason drops the operation and path of an *fs.PathError, for a message
// that names the file already: "no such file or directory", "not a
// regular file (a named pipe)".
func Reason(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
