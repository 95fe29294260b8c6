package emitter_test

import (
	"testing"

	"github.com/emberfx/ember/emitter"
	"github.com/emberfx/ember/internal/channel"
	"github.com/emberfx/ember/internal/hash"
)

// TestStripRowExact: the integer row formula equals the float64
// floor(rows · u) for every key tried and every row count up to 4096.
func TestStripRowExact(t *testing.T) {
	rowCounts := []int{1, 2, 3, 5, 7, 8, 10, 16, 100, 255, 256, 1000, 1023, 4095, 4096, 65535, 65536, 1 << 20}
	for key := uint32(0); key < 20000; key++ {
		st := hash.Stream(key*2654435761, key)
		for _, rows := range rowCounts {
			want := int(float64(rows) * hash.Unit(st, channel.Strip))
			if got := emitter.StripRow(rows, st); got != want {
				t.Fatalf("stream %#x, %d rows: StripRow %d, float64 %d", st, rows, got, want)
			}
		}
	}
	// Bits near the top, where a float32 would round up to rows.
	for _, rows := range rowCounts {
		if got := emitter.StripRow(rows, 0); got < 0 || got >= rows {
			t.Errorf("%d rows: row %d out of range", rows, got)
		}
	}
	if emitter.StripRow(0, 1) != 0 || emitter.StripRow(-3, 1) != 0 {
		t.Error("no rows must give row 0")
	}
}
