package main

import (
	"math"
	"slices"
	"testing"
)

// TestRoundOrder: over 2n rounds of n subjects, each subject comes first
// twice and follows each other subject twice, so that neither the first
// frame after the game's own work nor the caches another subject leaves
// favour one subject.
func TestRoundOrder(t *testing.T) {
	want := [][]int{{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}, {0, 2, 1}, {1, 0, 2}}
	for r, w := range want {
		if got := roundOrder(3, r); !slices.Equal(got, w) {
			t.Errorf("round %d: %v, want %v", r, got, w)
		}
	}
	for _, n := range []int{1, 2, 3, 4, 5, 6, 7, 10, 11} {
		first := make([]int, n)
		follows := map[[2]int]int{}
		for r := range 2 * n {
			o := roundOrder(n, r)
			s := slices.Clone(o)
			slices.Sort(s)
			for i := range s {
				if s[i] != i {
					t.Fatalf("n %d round %d: %v is not a permutation", n, r, o)
				}
			}
			first[o[0]]++
			for i := 1; i < n; i++ {
				follows[[2]int{o[i-1], o[i]}]++
			}
		}
		for i, c := range first {
			if c != 2 {
				t.Errorf("n %d: subject %d first %d times in %d rounds, want 2", n, i, c, 2*n)
			}
		}
		for a := range n {
			for b := range n {
				if a != b && follows[[2]int{a, b}] != 2 {
					t.Errorf("n %d: %d follows %d %d times, want 2", n, b, a, follows[[2]int{a, b}])
				}
			}
		}
	}
}

// TestPairedRatio: only the rounds in which both subjects took a sample
// count, and the quartiles interpolate between the sorted ratios.
func TestPairedRatio(t *testing.T) {
	nan := math.NaN()
	a := []float64{1, 2, nan, 4, 3, 9}
	b := []float64{1, 1, 1, 2, nan}
	// Ratios of rounds 0, 1 and 3: 1, 2, 2 (round 5: b took none).
	p := pairedRatio(a, b)
	if p == nil {
		t.Fatal("nil")
	}
	if *p != (spread{Median: 2, P25: 1.5, P75: 2, Rounds: 3}) {
		t.Errorf("%+v, want median 2, quartiles 1.5 and 2 over 3 rounds", *p)
	}
	if p := pairedRatio([]float64{1, nan}, []float64{nan, 1}); p != nil {
		t.Errorf("no common round: %+v, want nil", *p)
	}
	for _, c := range []struct {
		s    []float64
		f, q float64
	}{
		{[]float64{1, 2, 3, 4, 5}, 0.25, 2},
		{[]float64{1, 2, 3, 4}, 0.25, 1.75},
		{[]float64{1, 2, 3, 4}, 0.75, 3.25},
		{[]float64{7}, 0.75, 7},
	} {
		if got := quantile(c.s, c.f); math.Abs(got-c.q) > 1e-12 {
			t.Errorf("quantile(%v, %v) = %v, want %v", c.s, c.f, got, c.q)
		}
	}
}
