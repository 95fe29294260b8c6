package render

import (
	"bytes"
	"errors"
	"image/color"
	"strings"
	"testing"

	"github.com/emberfx/ember/emitter"
)

// TestTooLargeImages: a texture or strip no atlas page can hold (70,000
// pixels wide: more than any GPU's image size and the 16-bit page
// coordinates) does not panic Draw. The effect is drawn with the built-in
// sprite, or without its strip, exactly as if the item had none, and Err
// says why, once per image, until Reset.
func TestTooLargeImages(t *testing.T) {
	needGPU(t)
	wide := solid(70000, 1, color.NRGBA{255, 0, 0, 255})
	r := newRenderer(t, nil)
	tex := burstEffect(t, 40, 0.6, 21, nil)
	sc := scene{name: "too-large", w: 64, h: 64, bg: grey}
	want := drawPath(t, r, sc, []Item{{Effect: tex, X: 32, Y: 32}})
	if r.Err() != nil {
		t.Fatalf("Err before any large image: %v", r.Err())
	}
	for range 2 {
		got := drawPath(t, r, sc, []Item{{Effect: tex, X: 32, Y: 32, Texture: wide}})
		if !bytes.Equal(got.Pix, want.Pix) {
			t.Error("the effect with a texture too large differs from the built-in sprite's")
		}
	}
	err := r.Err()
	if !errors.Is(err, ErrImageTooLarge) || strings.Count(err.Error(), "\n") != 0 ||
		!strings.Contains(err.Error(), "a texture of 70000x1 pixels") || !strings.Contains(err.Error(), "drawn with the built-in sprite") {
		t.Errorf("Err %v: want one ErrImageTooLarge naming the texture", err)
	}

	strip := burstEffect(t, 40, 0.6, 22, func(sp *emitter.Spec) { sp.ColorStrip = "strip.png" })
	want = drawPath(t, r, sc, []Item{{Effect: strip, X: 32, Y: 32}})
	got := drawPath(t, r, sc, []Item{{Effect: strip, X: 32, Y: 32, Strip: solid(70000, 1, color.NRGBA{0, 0, 255, 255})}})
	if !bytes.Equal(got.Pix, want.Pix) {
		t.Error("the effect with a strip too large differs from one without a strip")
	}
	if err := r.Err(); strings.Count(err.Error(), "\n") != 1 || !strings.Contains(err.Error(), "a colour strip of 70000x1 pixels") {
		t.Errorf("Err %v: want the texture's and the strip's", err)
	}
	r.Reset()
	if r.Err() != nil {
		t.Errorf("Err after Reset: %v", r.Err())
	}
	// A texture at the largest size package texture loads fits.
	big := solid(2048, 2048, color.NRGBA{0, 255, 0, 255})
	drawPath(t, r, sc, []Item{{Effect: tex, X: 32, Y: 32, Texture: big}})
	if r.Err() != nil {
		t.Errorf("a 2048x2048 texture: %v", r.Err())
	}
}
