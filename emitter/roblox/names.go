package roblox

import (
	"path"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Effect files are named after their emitter's instance path: one folder
// per ancestor, "Workspace/Torch/Flame.yaml". Names are made safe for every
// file system, and paths that would collide (in any letter case, as on
// Windows and macOS) are numbered: "Flame.yaml", "Flame-2.yaml".

// maxNameBytes bounds one path segment.
const maxNameBytes = 80

// reservedNames are file names Windows refuses, whatever the extension.
var reservedNames = map[string]bool{
	"con": true, "prn": true, "aux": true, "nul": true,
	"com1": true, "com2": true, "com3": true, "com4": true, "com5": true, "com6": true, "com7": true, "com8": true, "com9": true,
	"lpt1": true, "lpt2": true, "lpt3": true, "lpt4": true, "lpt5": true, "lpt6": true, "lpt7": true, "lpt8": true, "lpt9": true,
}

// sanitize makes an instance name a safe file name: separators, control
// characters and the characters Windows forbids become "_", leading and
// trailing spaces and dots go, and an empty result becomes "_".
func sanitize(name string) string {
	var b strings.Builder
	for _, r := range strings.ToValidUTF8(name, "_") {
		switch {
		case r < 0x20 || r == 0x7f || strings.ContainsRune(`/\:*?"<>|`, r) || !unicode.IsPrint(r) && r != ' ':
			b.WriteByte('_')
		default:
			b.WriteRune(r)
		}
	}
	s := strings.Trim(b.String(), " .")
	if len(s) > maxNameBytes {
		cut := maxNameBytes
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = strings.TrimRight(s[:cut], " .")
	}
	if s == "" {
		return "_"
	}
	if base, _, _ := strings.Cut(s, "."); reservedNames[strings.ToLower(base)] {
		s = "_" + s
	}
	return s
}

// fileNamer hands out collision-free effect file paths.
type fileNamer struct {
	files map[string]bool // lower-cased file paths handed out
	dirs  map[string]bool // lower-cased folders they need
}

func newFileNamer() *fileNamer {
	return &fileNamer{files: map[string]bool{}, dirs: map[string]bool{}}
}

// name returns the slash-separated path of the effect file for an
// instance path.
func (f *fileNamer) name(instancePath []string) string {
	segs := make([]string, len(instancePath))
	for i, s := range instancePath {
		segs[i] = sanitize(s)
	}
	dir := path.Join(segs[:len(segs)-1]...)
	// A folder already used as a file, or the reverse, takes a number too.
	for i := 1; i < len(segs); i++ {
		d := path.Join(segs[:i]...)
		if f.files[strings.ToLower(d)] {
			segs[i-1] += "-dir"
			dir = path.Join(segs[:len(segs)-1]...)
		}
	}
	base := segs[len(segs)-1]
	for n := 1; ; n++ {
		stem := base
		if n > 1 {
			stem += "-" + strconv.Itoa(n)
		}
		p := path.Join(dir, stem+".yaml")
		if key := strings.ToLower(p); !f.files[key] && !f.dirs[key] {
			f.files[key] = true
			for d := dir; d != "." && d != ""; d = path.Dir(d) {
				f.dirs[strings.ToLower(d)] = true
			}
			return p
		}
	}
}
