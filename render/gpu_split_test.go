package render

import (
	"image"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/emberfx/ember/emitter"
)

// TestSplitWindow: windows cut by hand. The merged order puts stream
// indices up to a burst's split before it.
func TestSplitWindow(t *testing.T) {
	cases := []struct {
		name         string
		first, ns    int64
		bs           []burstSpan
		limit, parts int
		want         []gpuPart
		ok           bool
	}{
		{"stream only", 0, 10, nil, 4, 64, []gpuPart{
			{first: 0, ns: 4, cand: 4}, {first: 4, ns: 4, cand: 4}, {first: 8, ns: 2, cand: 2},
		}, true},
		{"fits one", 7, 4, nil, 4, 1, []gpuPart{{first: 7, ns: 4, cand: 4}}, true},
		// Bursts only: a burst that does not fit the room left starts the
		// next part.
		{"bursts only", 0, 0, []burstSpan{{-1, 3}, {-1, 3}, {-1, 3}}, 5, 64, []gpuPart{
			{b0: 0, nb: 1, cand: 3}, {b0: 1, nb: 1, cand: 3}, {b0: 2, nb: 1, cand: 3},
		}, true},
		// 100..103, B0 (2), 104..109, B1 (3), in parts of 6.
		{"interleaved", 100, 10, []burstSpan{{103, 2}, {109, 3}}, 6, 64, []gpuPart{
			{first: 100, ns: 4, b0: 0, nb: 1, cand: 6},
			{first: 104, ns: 6, b0: 1, nb: 0, cand: 6},
			{first: 110, ns: 0, b0: 1, nb: 1, cand: 3},
		}, true},
		// A burst born before the window's first index goes first.
		{"burst before the window", 50, 5, []burstSpan{{10, 2}}, 4, 64, []gpuPart{
			{first: 50, ns: 2, b0: 0, nb: 1, cand: 4},
			{first: 52, ns: 3, b0: 1, nb: 0, cand: 3},
		}, true},
		{"burst past the limit", 0, 3, []burstSpan{{0, 5}}, 4, 64, nil, false},
		{"too many parts", 0, 10, nil, 2, 4, nil, false},
		{"just enough parts", 0, 10, nil, 2, 5, []gpuPart{
			{first: 0, ns: 2, cand: 2}, {first: 2, ns: 2, cand: 2}, {first: 4, ns: 2, cand: 2},
			{first: 6, ns: 2, cand: 2}, {first: 8, ns: 2, cand: 2},
		}, true},
	}
	for _, c := range cases {
		prior := gpuPart{first: -9, cand: 1}
		got, ok := splitWindow([]gpuPart{prior}, c.first, c.ns, c.bs, c.limit, c.parts)
		if ok != c.ok || got[0] != prior {
			t.Errorf("%s: ok %v, first element %+v: want ok %v and the prior element kept", c.name, ok, got[0], c.ok)
			continue
		}
		if !ok {
			if len(got) != 1 {
				t.Errorf("%s: failed with %d parts appended: want none", c.name, len(got)-1)
			}
			continue
		}
		if !reflect.DeepEqual(got[1:], c.want) {
			t.Errorf("%s:\n got %+v\nwant %+v", c.name, got[1:], c.want)
		}
	}
}

// TestSplitWindowCovers: random windows. The parts, concatenated, are the
// window in merged birth order, each within the limit, and each but the
// last too full for the next element.
func TestSplitWindowCovers(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := range 2000 {
		first := rng.Int64N(1000)
		ns := rng.Int64N(200)
		var bs []burstSpan
		split := first - 5
		for range rng.IntN(6) {
			split += rng.Int64N(60)
			bs = append(bs, burstSpan{split: split, count: 1 + rng.IntN(30)})
		}
		limit := 1 + rng.IntN(40)
		parts, ok := splitWindow(nil, first, ns, bs, limit, 1000)
		big := false
		for _, b := range bs {
			big = big || b.count > limit
		}
		if ok == big {
			t.Fatalf("trial %d: ok %v with a burst past the limit %v", trial, ok, big)
		}
		if !ok {
			continue
		}
		// The merged order: -1 for a stream index, else the burst.
		type elem struct {
			stream int64
			burst  int
		}
		var order []elem
		b := 0
		for i := first; i < first+ns; i++ {
			for b < len(bs) && bs[b].split < i {
				order = append(order, elem{-1, b})
				b++
			}
			order = append(order, elem{i, -1})
		}
		for ; b < len(bs); b++ {
			order = append(order, elem{-1, b})
		}
		size := func(e elem) int {
			if e.burst >= 0 {
				return bs[e.burst].count
			}
			return 1
		}
		at := 0
		for pi, p := range parts {
			var got []elem
			n := 0
			for n < p.cand {
				if at >= len(order) {
					t.Fatalf("trial %d: part %d %+v runs past the window", trial, pi, p)
				}
				got = append(got, order[at])
				n += size(order[at])
				at++
			}
			var ns, nb int
			for _, e := range got {
				if e.burst >= 0 {
					if e.burst != p.b0+nb {
						t.Fatalf("trial %d: part %d %+v: burst %d out of place", trial, pi, p, e.burst)
					}
					nb++
				} else {
					if e.stream != p.first+int64(ns) {
						t.Fatalf("trial %d: part %d %+v: stream index %d out of place", trial, pi, p, e.stream)
					}
					ns++
				}
			}
			if int64(ns) != p.ns || nb != p.nb || n != p.cand || p.cand > limit {
				t.Fatalf("trial %d: part %d %+v holds %d stream indices, %d bursts, %d candidates (limit %d)", trial, pi, p, ns, nb, n, limit)
			}
			if pi < len(parts)-1 && at < len(order) && p.cand+size(order[at]) <= limit {
				t.Fatalf("trial %d: part %d %+v ends before the next element fits", trial, pi, p)
			}
		}
		if at != len(order) {
			t.Fatalf("trial %d: the parts hold %d of %d elements", trial, at, len(order))
		}
	}
}

// TestGPUSplitStats: a stream of about 50,000 candidates, past
// MaxGPUParticles, takes the GPU path as ceil(candidates / 16,384) quads
// with no fallback; one burst past it still falls back.
func TestGPUSplitStats(t *testing.T) {
	r := newRenderer(t, &Options{Budget: -1})
	e := streamEffect(t, 3, 3, func(sp *emitter.Spec) {
		sp.Rate, sp.MaxParticles = 25000, 60000
		sp.Lifetime = emitter.NumberRange{Min: 2, Max: 2}
	})
	items := []Item{{Effect: e, X: 48, Y: 48, Path: PathGPU}}
	view := image.Rect(0, 0, 96, 96)
	r.collect(view, items)
	var w emitter.Window
	e.Window(&w)
	cand := int(w.Candidates())
	want := (cand + MaxGPUParticles - 1) / MaxGPUParticles
	st := r.Stats()
	if cand <= 2*MaxGPUParticles || st.GPU != 1 || st.GPUFallbacks != 0 || st.GPUCandidates != cand || st.GPUQuads != want || len(r.gpu.items) != want {
		t.Fatalf("%d candidates: stats %+v, %d items: want one GPU effect of %d quads", cand, st, len(r.gpu.items), want)
	}
	if st.GPUPixels != want*r.gpu.items[0].pixels {
		t.Errorf("GPUPixels %d: want %d quads of %d", st.GPUPixels, want, r.gpu.items[0].pixels)
	}
	sum := 0
	for i, it := range r.gpu.items {
		sum += it.candidates
		if it.candidates > MaxGPUParticles || it.x0 != r.gpu.items[0].x0 || it.y1 != r.gpu.items[0].y1 {
			t.Errorf("item %d: %d candidates, quad (%v,%v)-(%v,%v)", i, it.candidates, it.x0, it.y0, it.x1, it.y1)
		}
	}
	if sum != cand {
		t.Errorf("the items hold %d candidates: want %d", sum, cand)
	}

	// Split frames, bursts among the stream, allocate nothing once warm.
	e.AddBurst(emitter.SecondsToTicks(2.5), 5000)
	e.AddBurst(emitter.SecondsToTicks(2.9), 20)
	e.Play()
	frame := func() {
		e.Advance(1.0 / 60)
		r.collect(view, items)
		if st := r.Stats(); st.GPU != 1 || st.GPUQuads < 4 {
			t.Fatalf("stats %+v: want one GPU effect of at least 4 quads", st)
		}
	}
	for range 3 {
		frame()
	}
	if n := testing.AllocsPerRun(20, frame); n != 0 {
		t.Errorf("%v allocations per split frame: want 0", n)
	}

	big := burstEffect(t, MaxGPUParticles+1, 0.5, 4, nil)
	r.collect(view, []Item{{Effect: big, X: 48, Y: 48, Path: PathGPU}})
	if st := r.Stats(); st.GPU != 0 || st.GPUFallbacks != 1 {
		t.Errorf("one burst of %d: stats %+v: want a fallback", MaxGPUParticles+1, st)
	}
}

// TestGPUSplitPixels: effects split into quads of a few candidates each
// (partMax lowered) draw what one quad draws, and what the batched path
// and the reference rasterizer draw.
func TestGPUSplitPixels(t *testing.T) {
	needGPU(t)
	scenes := []struct {
		name    string
		partMax int
		mk      func(tb testing.TB) *emitter.Effect
	}{
		{"stream-and-bursts", 9, func(tb testing.TB) *emitter.Effect { return streamAndBursts(tb, 16, 40) }},
		{"glow-stream", 7, func(tb testing.TB) *emitter.Effect {
			return streamEffect(tb, 1.7, 12, func(sp *emitter.Spec) {
				colorful(sp)
				sp.Speed = emitter.NumberRange{Min: 10, Max: 30}
				sp.Size = emitter.ConstantSequence(8)
				sp.LightEmission, sp.GlowLayers = 0.7, 3
			})
		}},
	}
	for _, s := range scenes {
		e := s.mk(t)
		var w emitter.Window
		e.Window(&w)
		cand := int(w.Candidates())
		sc := scene{name: s.name, w: 96, h: 96, bg: grey, items: []Item{{Effect: e, X: 48, Y: 48}}}

		whole := newRenderer(t, nil)
		one := drawPath(t, whole, sc, withPath(sc.items, PathGPU))
		if st := whole.Stats(); st.GPU != 1 || st.GPUQuads != 1 {
			t.Fatalf("%s: unsplit stats %+v", s.name, st)
		}
		r := newRenderer(t, nil)
		r.gpu.partMax = s.partMax
		split := drawPath(t, r, sc, withPath(sc.items, PathGPU))
		if st := r.Stats(); st.GPU != 1 || st.GPUFallbacks != 0 || st.GPUQuads < (cand+s.partMax-1)/s.partMax || st.GPUCandidates != cand {
			t.Fatalf("%s: %d candidates in parts of %d: stats %+v", s.name, cand, s.partMax, st)
		}
		compareImages(t, s.name+"-split-whole", split, one)
		checkGPUScene(t, r, sc)
	}
}
