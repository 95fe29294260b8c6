package kwp1

// locator finds the byte offsets of element paths: a scan with a locator
// records the offset of every value or element whose path is wanted, so
// that a validation problem about "emitters[3].bounds.min.x" can name the
// byte where that field is stored. A path not stored as such (a problem
// about a whole element, or a derived quantity) gets the offset of its
// longest stored prefix.
type locator struct {
	// found maps each wanted path, and each of its prefixes, to the
	// offset it was seen at (-1 while unseen).
	found map[string]int
	buf   []byte
}

func newLocator(paths []string) *locator {
	l := &locator{found: map[string]int{}}
	for _, p := range paths {
		for _, q := range prefixes(p) {
			l.found[q] = -1
		}
	}
	return l
}

// prefixes lists p and its prefixes that end before a '.' or '[': for
// "a[2].b" they are "a[2].b", "a[2]" and "a".
func prefixes(p string) []string {
	list := []string{p}
	for i := len(p) - 1; i > 0; i-- {
		if p[i] == '.' || p[i] == '[' {
			list = append(list, p[:i])
		}
	}
	return list
}

// visit records off for the path of field at frames, written with
// indices and, where records have keys, with keys.
func (l *locator) visit(frames []frame, field string, off int) {
	for _, byKey := range [2]bool{false, true} {
		l.buf = appendPath(l.buf[:0], frames, field, byKey)
		if at, ok := l.found[string(l.buf)]; ok && at < 0 {
			l.found[string(l.buf)] = off
		}
	}
}

// offset is where path lies: the offset of the path itself or of its
// longest prefix that was seen; -1 when none was.
func (l *locator) offset(path string) int {
	for _, q := range prefixes(path) {
		if at := l.found[q]; at >= 0 {
			return at
		}
	}
	return -1
}

// locate scans data, whose header and sections are checked, for the
// offsets of paths. Section names count as the paths of their sections.
func locate(data []byte, secs *[numSections]section, paths []string) *locator {
	l := newLocator(paths)
	for i, spec := range sectionSpecs {
		if _, ok := l.found[spec.name]; ok {
			l.found[spec.name] = secs[i].offset
		}
	}
	s := newScanner(data, secs)
	s.loc = l
	scanDocument(s)
	return l
}
