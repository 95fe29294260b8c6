// Package suggest finds the name someone most likely meant when they wrote
// one that does not exist, for the "did you mean ...?" of error messages.
// It imports nothing but the standard library's strings, so pure packages
// that parse no text (such as emitter/world/source) can use it.
package suggest

import "strings"

// Closest returns the name in names that s most likely misspells, or ""
// when none is close enough to be a typo. In order of preference: the same
// name in another case; a name of four letters or more that s ends with,
// after a prefix ("SprayGlowLayers" for "GlowLayers"); the name at the
// smallest edit distance, when that is less than 2 + len(s)/5 (case
// ignored), the first such name on ties.
func Closest(s string, names []string) string {
	low := strings.ToLower(s)
	for _, n := range names {
		if strings.EqualFold(n, s) {
			return n
		}
	}
	for _, n := range names {
		if len(n) >= 4 && len(low) > len(n) && strings.HasSuffix(low, strings.ToLower(n)) {
			return n
		}
	}
	best, limit := "", 2+len(s)/5
	for _, n := range names {
		if d := distance(low, strings.ToLower(n), limit); d < limit {
			best, limit = n, d
		}
	}
	return best
}

// distance returns the Levenshtein distance between a and b (in runes)
// when it is below limit, and limit otherwise.
func distance(a, b string, limit int) int {
	x, y := []rune(a), []rune(b)
	if len(x)-len(y) >= limit || len(y)-len(x) >= limit {
		return limit
	}
	// row[j] is the distance between the first i runes of x and the
	// first j of y, one row of the table at a time.
	row := make([]int, len(y)+1)
	for j := range row {
		row[j] = j
	}
	for i := 1; i <= len(x); i++ {
		diag := row[0] // the table's [i-1][j-1]
		row[0] = i
		least := i
		for j := 1; j <= len(y); j++ {
			up := row[j]
			cost := 1
			if x[i-1] == y[j-1] {
				cost = 0
			}
			row[j] = min(up+1, row[j-1]+1, diag+cost)
			diag = up
			least = min(least, row[j])
		}
		if least >= limit {
			return limit
		}
	}
	return min(row[len(y)], limit)
}
