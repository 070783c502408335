package main

import (
	"image"
	"image/color"
	"testing"
)

// TestPalettedKeepsEveryColourWhenFew: with at most 256 colours every pixel keeps
// its colour exactly.
func TestPalettedKeepsEveryColourWhenFew(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 128, 2)) // 256 colours, one of them once
	for x := 0; x < 128; x++ {
		img.SetNRGBA(x, 0, color.NRGBA{R: uint8(x), G: 7, B: 9, A: 255})
		img.SetNRGBA(x, 1, color.NRGBA{R: 9, G: uint8(x), B: 7, A: uint8(x)})
	}
	p := paletted(img)
	for y := 0; y < 2; y++ {
		for x := 0; x < 128; x++ {
			if got, want := p.At(x, y).(color.NRGBA), img.NRGBAAt(x, y); got != want {
				t.Fatalf("pixel (%d,%d) is %v, want %v", x, y, got, want)
			}
		}
	}
}

// TestPalettedKeepsTheCommonColoursWhenMany: past 256 colours the most used stay
// exact and each rare one becomes a colour near it.
func TestPalettedKeepsTheCommonColoursWhenMany(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 240, 11))
	for x := 0; x < 240; x++ {
		for y := 0; y < 10; y++ { // 200 common colours
			img.SetNRGBA(x, y, color.NRGBA{R: uint8(min(x, 199)), G: 0, B: 0, A: 255})
		}
		// One pixel each of 240 rare colours: blends of green and blue.
		img.SetNRGBA(x, 10, color.NRGBA{R: 0, G: uint8(x), B: uint8(255 - x), A: 255})
	}
	p := paletted(img)
	if len(p.Palette) > 256 {
		t.Fatalf("palette of %d colours", len(p.Palette))
	}
	for x := 0; x < 240; x++ {
		if got, want := p.At(x, 0).(color.NRGBA), img.NRGBAAt(x, 0); got != want {
			t.Fatalf("common pixel (%d,0) is %v, want %v", x, got, want)
		}
		got, want := p.At(x, 10).(color.NRGBA), img.NRGBAAt(x, 10)
		if d := sq(int(got.R)-int(want.R)) + sq(int(got.G)-int(want.G)) + sq(int(got.B)-int(want.B)); d > 3*20*20 {
			t.Errorf("rare pixel (%d,10) is %v, far from %v", x, got, want)
		}
	}
}
