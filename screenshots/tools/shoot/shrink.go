package main

import (
	"bytes"
	"cmp"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"slices"
)

// shrinkPNG rewrites the picture at path as a paletted PNG at the best compression.
// freeze writes 32-bit RGBA, yet a terminal's picture has a few hundred colours, and
// almost every pixel is one of the 256 most used: those become the palette, exactly,
// and the rare rest (a few pixels of anti-aliased edges) take the nearest of them.
// The pixels of text stay the same; the file is a tenth of the size.
func shrinkPNG(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("shrink: %w", err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("shrink %s: %w", path, err)
	}
	var out bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&out, paletted(img)); err != nil {
		return fmt.Errorf("shrink %s: %w", path, err)
	}
	return os.WriteFile(path, out.Bytes(), 0o644)
}

// paletted is img drawn in a palette of its (at most 256) most used colours, in
// order of use, ties broken by the colour, so the same picture gives the same bytes.
func paletted(src image.Image) *image.Paletted {
	img := asNRGBA(src)
	b := img.Bounds()
	counts := map[color.NRGBA]int{}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			counts[nrgba(img, x, y)]++
		}
	}
	colours := make([]color.NRGBA, 0, len(counts))
	for c := range counts {
		colours = append(colours, c)
	}
	slices.SortFunc(colours, func(a, c color.NRGBA) int {
		if d := cmp.Compare(counts[c], counts[a]); d != 0 {
			return d
		}
		return cmp.Compare(packed(a), packed(c))
	})
	pal := make(color.Palette, 0, 256)
	index := map[color.NRGBA]uint8{}
	for i, c := range colours[:min(len(colours), 256)] {
		pal = append(pal, c)
		index[c] = uint8(i)
	}
	out := image.NewPaletted(b, pal)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := nrgba(img, x, y)
			i, ok := index[c]
			if !ok {
				i = uint8(nearest(pal, c))
				index[c] = i
			}
			out.SetColorIndex(x, y, i)
		}
	}
	return out
}

// asNRGBA is img as non-premultiplied RGBA, which is what freeze writes.
func asNRGBA(img image.Image) *image.NRGBA {
	if n, ok := img.(*image.NRGBA); ok {
		return n
	}
	n := image.NewNRGBA(img.Bounds())
	draw.Draw(n, n.Bounds(), img, img.Bounds().Min, draw.Src)
	return n
}

func nrgba(img *image.NRGBA, x, y int) color.NRGBA {
	i := img.PixOffset(x, y)
	p := img.Pix[i : i+4 : i+4]
	return color.NRGBA{R: p[0], G: p[1], B: p[2], A: p[3]}
}

func packed(c color.NRGBA) uint32 {
	return uint32(c.R)<<24 | uint32(c.G)<<16 | uint32(c.B)<<8 | uint32(c.A)
}

// nearest is the palette entry closest to c, alpha counted like a channel.
func nearest(pal color.Palette, c color.NRGBA) int {
	best, bestD := 0, -1
	for i, p := range pal {
		q := p.(color.NRGBA)
		d := sq(int(q.R)-int(c.R)) + sq(int(q.G)-int(c.G)) + sq(int(q.B)-int(c.B)) + sq(int(q.A)-int(c.A))
		if bestD < 0 || d < bestD {
			best, bestD = i, d
		}
	}
	return best
}

func sq(v int) int { return v * v }
