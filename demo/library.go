package main

import (
	"errors"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/emberfx/ember/component"
	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/emitter/effectfile"
	"github.com/emberfx/ember/system"
	"github.com/emberfx/ember/texture"
	"github.com/yohamta/donburi"
)

// library loads the demo's effect files from a directory and hot-reloads
// them: poll (twice a second in the window) compares each file's and its
// images' modification times and sizes with the last load, and on a change
// decodes the file again. A good file's new snapshot is swapped under every
// effect made from it (system.SetSnapshot keeps clock, seed and
// history, so nothing restarts); a bad one leaves the last good snapshot
// playing and its problems are listed for the window to show.
type library struct {
	dir   string
	files map[string]*effectFile
	binds []*binding
	// reloads counts the snapshot swaps made by poll, so the window knows
	// when to drop its renderer's stale data rows.
	reloads int
}

// effectFile is one effect file and its last good version.
type effectFile struct {
	lib  *library
	name string // file name in the library's directory, like "fire.yaml"
	path string
	// snap is the last good snapshot (nil until the file has loaded once),
	// tex and strip its images.
	snap       *emitter.Snapshot
	tex, strip image.Image
	// problems is why the file on disk does not load, one "file:line:
	// field: message" per line; empty when it loads.
	problems []string
	// stamps are the modification stamps of the file and its images at the
	// last load attempt.
	stamps map[string]stamp
}

// stamp identifies a version of a file on disk.
type stamp struct {
	mod  time.Time
	size int64
}

// binding is one effect entity made from a file, with an optional tweak
// applied to the file's spec (the stress scene's particle count).
type binding struct {
	world  donburi.World
	entity donburi.Entity
	file   *effectFile
	tweak  func(*emitter.Spec)
}

// newLibrary returns a library of the effect files in dir.
func newLibrary(dir string) *library {
	return &library{dir: dir, files: map[string]*effectFile{}}
}

// load decodes f from disk. On success it becomes f's last good version and
// true is returned; on failure f keeps its last good version and records
// the problems.
func (l *library) load(f *effectFile) bool {
	f.stamps = map[string]stamp{f.path: statFile(f.path)}
	// The images must lie in the effects folder: an effect file being
	// edited may name anything.
	spec, tex, strip, err := effectfile.LoadWithImages(f.path, &texture.LoadOptions{Confine: true})
	for _, img := range []string{spec.Texture, spec.ColorStrip} {
		if img != "" && filepath.IsLocal(filepath.FromSlash(img)) {
			p := filepath.Join(filepath.Dir(f.path), filepath.FromSlash(img))
			f.stamps[p] = statFile(p)
		}
	}
	var snap *emitter.Snapshot
	if err == nil {
		snap, err = emitter.NewSnapshot(&spec)
	}
	if err != nil {
		f.problems = problemLines(err)
		return false
	}
	f.snap, f.tex, f.strip, f.problems = snap, tex, strip, nil
	return true
}

// problemLines splits an error into the lines the window shows: one per
// emitter.Problem.
func problemLines(err error) []string {
	var ps emitter.Problems
	if errors.As(err, &ps) {
		lines := make([]string, len(ps))
		for i, p := range ps {
			lines[i] = p.String()
		}
		return lines
	}
	return strings.Split(strings.TrimSpace(err.Error()), "\n")
}

// statFile returns the stamp of path, the zero stamp when it cannot be
// read.
func statFile(path string) stamp {
	fi, err := os.Stat(path)
	if err != nil {
		return stamp{}
	}
	return stamp{mod: fi.ModTime(), size: fi.Size()}
}

// placeholder is the snapshot of an effect whose file has never loaded: an
// empty stream, so the scene runs and the problems are shown.
var placeholder = func() *emitter.Snapshot {
	spec := emitter.DefaultSpec()
	spec.Enabled = false
	snap, err := emitter.NewSnapshot(&spec)
	if err != nil {
		panic(err)
	}
	return snap
}()

// snapshotFor returns the snapshot a binding of f with tweak should play:
// f's last good one, tweaked.
func (f *effectFile) snapshotFor(tweak func(*emitter.Spec)) (*emitter.Snapshot, error) {
	if f.snap == nil {
		return placeholder, nil
	}
	if tweak == nil {
		return f.snap, nil
	}
	spec := f.snap.Spec()
	tweak(&spec)
	return emitter.NewSnapshot(&spec)
}

// spawn creates an effect entity from the file name in w. The first effect
// of a file comes from component.SpawnFile, which reads the file and its
// images; later ones share that snapshot and those images (component.
// NewEffect), so the renderer batches them together. A file that does not
// load gives an empty placeholder effect and its problems are listed.
func (l *library) spawn(w donburi.World, name string, opts component.SpawnOptions, tweak func(*emitter.Spec)) (*binding, error) {
	f, fresh := l.files[name], false
	if f == nil {
		f = &effectFile{lib: l, name: name, path: filepath.Join(l.dir, name)}
		l.files[name] = f
		fresh = true
	}
	b := &binding{world: w, file: f, tweak: tweak}
	var ent donburi.Entity
	var err error
	if fresh && tweak == nil {
		ent, err = component.SpawnFile(w, f.path, &opts)
		if err == nil {
			fx, _ := component.Get(w, ent)
			f.snap, f.tex, f.strip = fx.Effect.Snapshot(), fx.Texture, fx.Strip
			f.stamps = map[string]stamp{f.path: statFile(f.path)}
			l.restamp(f)
			b.entity = ent
			l.binds = append(l.binds, b)
			return b, nil
		}
		if errors.Is(err, component.ErrNameTaken) {
			return nil, err
		}
		f.problems = problemLines(err)
		f.stamps = map[string]stamp{f.path: statFile(f.path)}
		l.restamp(f)
	} else if fresh {
		l.load(f)
	}
	snap, err := f.snapshotFor(tweak)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	opts.Texture, opts.Strip = f.tex, f.strip
	ent, err = component.Spawn(w, snap, &opts)
	if err != nil {
		return nil, err
	}
	b.entity = ent
	l.binds = append(l.binds, b)
	return b, nil
}

// restamp records the stamps of the images f's spec names.
func (l *library) restamp(f *effectFile) {
	if f.snap == nil {
		return
	}
	spec := f.snap.Spec()
	for _, img := range []string{spec.Texture, spec.ColorStrip} {
		if img != "" {
			p := img
			if !filepath.IsAbs(p) {
				p = filepath.Join(filepath.Dir(f.path), p)
			}
			f.stamps[p] = statFile(p)
		}
	}
}

// changed reports whether f or one of its images changed on disk since the
// last load attempt.
func (f *effectFile) changed() bool {
	for p, s := range f.stamps {
		if statFile(p) != s {
			return true
		}
	}
	return false
}

// poll reloads the files that changed on disk and swaps the new snapshots
// under their effects. It returns the names of the files reloaded
// successfully.
func (l *library) poll() []string {
	var done []string
	for _, name := range l.names() {
		f := l.files[name]
		if !f.changed() {
			continue
		}
		if l.load(f) {
			done = append(done, name)
			l.apply(f)
		}
	}
	return done
}

// apply swaps f's last good snapshot (tweaked per binding) under every
// effect made from f.
func (l *library) apply(f *effectFile) {
	for _, b := range l.binds {
		if b.file == f {
			l.rebind(b)
		}
	}
}

// rebind sets b's effect to the snapshot its file and tweak give now,
// keeping the effect's clock, seed and history.
func (l *library) rebind(b *binding) {
	fx, ok := component.Get(b.world, b.entity)
	if !ok {
		return
	}
	snap, err := b.file.snapshotFor(b.tweak)
	if err != nil {
		return
	}
	system.SetSnapshot(b.world, b.entity, snap)
	fx.Texture, fx.Strip = b.file.tex, b.file.strip
	l.reloads++
}

// names returns the library's file names, sorted.
func (l *library) names() []string {
	names := make([]string, 0, len(l.files))
	for n := range l.files {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// problems returns the problems of every file that does not load, sorted
// by file.
func (l *library) problems() []string {
	var out []string
	for _, n := range l.names() {
		out = append(out, l.files[n].problems...)
	}
	return out
}

// problems returns the problems of the files the stage's effects come from.
func (s *stage) problems() []string {
	var out []string
	seen := map[*effectFile]bool{}
	for _, b := range s.binds {
		if !seen[b.file] {
			seen[b.file] = true
			out = append(out, b.file.problems...)
		}
	}
	return out
}
