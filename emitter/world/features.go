package world

import (
	"fmt"
	"slices"
)

// FeatureForVersion returns the particles feature a document of version v
// requires: Feature for Version, FeatureV2 for AlphaVersion. Every document
// also requires SectorsFeature; see [RequiredFeatures].
func FeatureForVersion(v int) (string, error) {
	switch v {
	case Version:
		return Feature, nil
	case AlphaVersion:
		return FeatureV2, nil
	}
	return "", fmt.Errorf("world: %d is not a document version (%d or %d)", v, Version, AlphaVersion)
}

// RequiredFeatures returns the features a host must advertise to mount all
// of docs, sorted and without repeats: each document's particles feature
// (a version-2 document does not imply version 1, so levels of both
// versions need both) and SectorsFeature. It fails on a document of an
// unknown version or a nil document.
func RequiredFeatures(docs ...*Document) ([]string, error) {
	var out []string
	for i, d := range docs {
		if d == nil {
			return nil, fmt.Errorf("world: document %d is nil", i)
		}
		f, err := FeatureForVersion(d.Version)
		if err != nil {
			return nil, fmt.Errorf("world: document %d: %w", i, err)
		}
		out = append(out, f)
	}
	if len(out) == 0 {
		return nil, nil
	}
	out = append(out, SectorsFeature)
	slices.Sort(out)
	return slices.Compact(out), nil
}
