package main

import (
	"image"
	"image/color"
	"testing"
)

// TestPalettedKeepsEveryColourWhenFew: with at most 256 colours every pixel keeps
// its colour exactly; a 257th, rarest colour takes its nearest neighbour's.
func TestPalettedKeepsEveryColourWhenFew(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 300, 2))
	for x := 0; x < 300; x++ {
		img.SetNRGBA(x, 0, color.NRGBA{R: uint8(x % 256), G: 7, B: 9, A: 255})
		img.SetNRGBA(x, 1, color.NRGBA{R: uint8(x % 256), G: 7, B: 9, A: 255})
	}
	img.SetNRGBA(299, 1, color.NRGBA{R: 200, G: 8, B: 9, A: 255}) // one pixel of a 257th colour
	p := paletted(img)
	if len(p.Palette) != 256 {
		t.Fatalf("palette of %d colours, want 256", len(p.Palette))
	}
	for y := 0; y < 2; y++ {
		for x := 0; x < 300; x++ {
			want := img.NRGBAAt(x, y)
			if x == 299 && y == 1 {
				want = color.NRGBA{R: 200, G: 7, B: 9, A: 255}
			}
			if got := p.At(x, y).(color.NRGBA); got != want {
				t.Fatalf("pixel (%d,%d) is %v, want %v", x, y, got, want)
			}
		}
	}
}
