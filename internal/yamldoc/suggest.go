package yamldoc

import "strings"

// Suggest returns the name in names closest to s when it is close enough to
// be a likely typo: the same name in another case, s with a prefix added to
// a name of four letters or more ("SprayGlowLayers" for "GlowLayers"), or
// within a small edit distance (less than 2 + len(s)/5). It returns ""
// otherwise.
func Suggest(s string, names []string) string {
	ls := strings.ToLower(s)
	for _, n := range names {
		if strings.ToLower(n) == ls {
			return n
		}
	}
	for _, n := range names {
		if len(n) >= 4 && len(ls) > len(n) && strings.HasSuffix(ls, strings.ToLower(n)) {
			return n
		}
	}
	best, bestD := "", 2+len(s)/5 // a distance below bestD is close enough
	for _, n := range names {
		if dist := editDistance(ls, strings.ToLower(n), bestD); dist < bestD {
			best, bestD = n, dist
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b, or any value >=
// limit once it is clear the distance reaches limit.
func editDistance(a, b string, limit int) int {
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d >= limit || -d >= limit {
		return limit
	}
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			rowMin = min(rowMin, cur[j])
		}
		if rowMin >= limit {
			return limit
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
