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

// TestRefusalAtALargerLimit: a texture refused against a smaller page
// limit (the 4096 assumed before the game starts and the GPU's size is
// known) is placed once the limit allows it, instead of staying the
// built-in sprite for as long as its kind lives.
func TestRefusalAtALargerLimit(t *testing.T) {
	needGPU(t)
	r := newRenderer(t, nil)
	limit := 100
	r.pageMax = func() int { return limit }
	e := burstEffect(t, 40, 0.6, 21, nil)
	sc := scene{name: "later-limit", w: 64, h: 64, bg: grey}
	sprite := drawPath(t, r, sc, []Item{{Effect: e, X: 32, Y: 32}})
	red := solid(200, 200, color.NRGBA{255, 0, 0, 255})
	refused := drawPath(t, r, sc, []Item{{Effect: e, X: 32, Y: 32, Texture: red}})
	if !bytes.Equal(refused.Pix, sprite.Pix) || !errors.Is(r.Err(), ErrImageTooLarge) {
		t.Fatalf("a 200-pixel texture under a 100-pixel limit: drawn otherwise than the sprite, or Err %v", r.Err())
	}
	limit = 4000
	placed := drawPath(t, r, sc, []Item{{Effect: e, X: 32, Y: 32, Texture: red}})
	if bytes.Equal(placed.Pix, sprite.Pix) {
		t.Error("the texture is still the sprite once the limit holds it")
	}
	if n := len(r.kinds); n != 2 {
		t.Errorf("%d kinds, want the sprite's and the texture's", n)
	}
}
