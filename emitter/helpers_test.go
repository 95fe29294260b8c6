package emitter

import "math"

// Shared helpers of the core math tests. They carry a "core" prefix so they
// cannot clash with helpers of other test files in this package.

// coreWithin reports whether got is within tol of want (absolute).
func coreWithin(got, want, tol float64) bool {
	if math.IsNaN(got) || math.IsNaN(want) {
		return false
	}
	if got == want {
		return true
	}
	return math.Abs(got-want) <= tol
}

// coreRel reports whether got is within rel*|want| of want.
func coreRel(got, want, rel float64) bool {
	return coreWithin(got, want, rel*math.Abs(want))
}

// coreChiSquare is Pearson's statistic of counts against a uniform
// expectation.
func coreChiSquare(counts []int) float64 {
	total := 0
	for _, c := range counts {
		total += c
	}
	want := float64(total) / float64(len(counts))
	x := 0.0
	for _, c := range counts {
		d := float64(c) - want
		x += d * d / want
	}
	return x
}

// chi2Crit15 is the chi-square critical value for 15 degrees of freedom
// (16 buckets) at p = 0.001. The inputs are fixed seeds, so the tests are
// deterministic; the threshold says how unlikely a pass by a bad hash is.
const chi2Crit15 = 37.70
