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
	// Past 256 colours, the most used keep theirs exactly and the rest (the edges of
	// the window's corners and buttons) are shared out among a few averaged entries.
	exact := len(colours)
	if exact > 256 {
		exact = 256 - blendSlots
	}
	pal := make(color.Palette, 0, 256)
	index := map[color.NRGBA]uint8{}
	for i, c := range colours[:exact] {
		pal = append(pal, c)
		index[c] = uint8(i)
	}
	if exact < len(colours) {
		for _, c := range medianCut(colours[exact:], counts, blendSlots) {
			pal = append(pal, c)
		}
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

// blendSlots is how many palette entries the rare colours share when there are more
// than 256.
const blendSlots = 32

// medianCut splits colours (each used counts[c] times) into at most n boxes, always
// cutting the box with the widest channel at its weighted median, and returns each
// box's weighted mean.
func medianCut(colours []color.NRGBA, counts map[color.NRGBA]int, n int) []color.NRGBA {
	boxes := [][]color.NRGBA{colours}
	for len(boxes) < n {
		wi, wch, wspan := -1, 0, 0
		for i, b := range boxes {
			if len(b) < 2 {
				continue
			}
			for ch := 0; ch < 4; ch++ {
				lo, hi := 255, 0
				for _, c := range b {
					lo, hi = min(lo, channel(c, ch)), max(hi, channel(c, ch))
				}
				if hi-lo > wspan {
					wi, wch, wspan = i, ch, hi-lo
				}
			}
		}
		if wi < 0 {
			break
		}
		b := boxes[wi]
		slices.SortStableFunc(b, func(x, y color.NRGBA) int { return cmp.Compare(channel(x, wch), channel(y, wch)) })
		total, half, cut := 0, 0, 1
		for _, c := range b {
			total += counts[c]
		}
		for i, c := range b[:len(b)-1] {
			if half += counts[c]; 2*half >= total {
				cut = i + 1
				break
			}
		}
		boxes = append(boxes[:wi], append([][]color.NRGBA{b[:cut], b[cut:]}, boxes[wi+1:]...)...)
	}
	out := make([]color.NRGBA, 0, len(boxes))
	for _, b := range boxes {
		var sum [4]int
		w := 0
		for _, c := range b {
			k := counts[c]
			for ch := 0; ch < 4; ch++ {
				sum[ch] += channel(c, ch) * k
			}
			w += k
		}
		out = append(out, color.NRGBA{R: uint8(sum[0] / w), G: uint8(sum[1] / w), B: uint8(sum[2] / w), A: uint8(sum[3] / w)})
	}
	return out
}

func channel(c color.NRGBA, ch int) int {
	return int([4]uint8{c.R, c.G, c.B, c.A}[ch])
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
