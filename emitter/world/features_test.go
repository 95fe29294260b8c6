package world

import (
	"math"
	"slices"
	"testing"
)

func TestFeatureForVersion(t *testing.T) {
	for _, c := range []struct {
		version int
		want    string
		ok      bool
	}{
		{1, "world/particles@1", true},
		{2, "world/particles@2", true},
		{0, "", false},
		{3, "", false},
	} {
		got, err := FeatureForVersion(c.version)
		if got != c.want || (err == nil) != c.ok {
			t.Errorf("FeatureForVersion(%d) = %q, %v; want %q, ok %v", c.version, got, err, c.want, c.ok)
		}
	}
}

func TestRequiredFeatures(t *testing.T) {
	v1, v2, v3 := &Document{Version: 1}, &Document{Version: 2}, &Document{Version: 3}
	for _, c := range []struct {
		name string
		docs []*Document
		want []string
		ok   bool
	}{
		{"none", nil, nil, true},
		{"version 1", []*Document{v1}, []string{"world/particles@1", "world/sectors@1"}, true},
		// Version 2 does not declare version 1.
		{"version 2", []*Document{v2}, []string{"world/particles@2", "world/sectors@1"}, true},
		{"both", []*Document{v2, v1, v1}, []string{"world/particles@1", "world/particles@2", "world/sectors@1"}, true},
		{"unknown version", []*Document{v1, v3}, nil, false},
		{"nil", []*Document{nil}, nil, false},
	} {
		got, err := RequiredFeatures(c.docs...)
		if !slices.Equal(got, c.want) || (err == nil) != c.ok {
			t.Errorf("%s: RequiredFeatures = %q, %v; want %q, ok %v", c.name, got, err, c.want, c.ok)
		}
	}
}

func TestNormalizeYaw(t *testing.T) {
	for _, c := range []struct{ in, want float64 }{
		{0, 0}, {90, 90}, {-90, -90}, {180, 180}, {-180, -180},
		{190, -170}, {-190, 170}, {370, 10}, {-370, -10}, {359.5, -0.5},
		{720.25, 0.25}, // exact: the remainder has no rounding
		{540, -180},    // 1.5 turns rounds half to even: 2 turns off
		{900, 180},     // 2.5 turns: 2 turns off
		{1e6, -80},     // 1e6 = 2778 × 360 - 80
		{-360, 0},      // +0, not the remainder's -0
		{math.Copysign(0, -1), 0},
	} {
		got := NormalizeYaw(c.in)
		if got != c.want || got < -180 || got > 180 || got == 0 && math.Signbit(got) {
			t.Errorf("NormalizeYaw(%v) = %v, want %v", c.in, got, c.want)
		}
	}
}
