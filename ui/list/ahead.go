package list

import "math/bits"

// A record of a long list's matches keeps, beside where each match ended, the eight
// bytes of the key that follow: the next key typed is most often found among them
// (the next letter of a word), and then the key itself is not read. Reading each
// candidate's key is what a key typed into a million items waits on: one place in
// memory per candidate, far from the last; the bytes kept ahead are read one after
// another.
//
// Byte k of an item's ahead is the key's byte k places after the match's end; aheadEnd
// where the key has ended there, aheadUnknown where it is not kept (the places the
// bytes before it were matched away from). A key's own byte that reads as either is
// kept as aheadUnknown, so it is read from the key.
const (
	aheadEnd     = 0x00
	aheadUnknown = 0xff
	aheadUnread  = ^uint64(0) // no byte kept: the next key reads the key, and keeps them
	aheadOnes    = 0x0101010101010101
	aheadHighs   = 0x8080808080808080
)

// aheadOf is the bytes of key from at, as an item's ahead keeps them.
func aheadOf(key string, at int) uint64 {
	if at >= 0 && at+8 <= len(key) {
		k := key[at : at+8]
		a := uint64(k[0]) | uint64(k[1])<<8 | uint64(k[2])<<16 | uint64(k[3])<<24 |
			uint64(k[4])<<32 | uint64(k[5])<<40 | uint64(k[6])<<48 | uint64(k[7])<<56
		if (a-aheadOnes)&^a&aheadHighs == 0 { // no byte of the key reads as aheadEnd
			return a
		}
	}
	var a uint64
	for k := 7; k >= 0; k-- {
		b := byte(aheadEnd)
		if at+k < len(key) {
			if b = key[at+k]; b == aheadEnd {
				b = aheadUnknown
			}
		}
		a = a<<8 | uint64(b)
	}
	return a
}

// typedAhead finds c in an item's ahead a, its match having ended at pe: where it is,
// what it adds to the match's score (as typedOn), and the ahead after it. read says c
// is not among the bytes kept and the key must be read; ok false, with read false,
// says the key ends before c.
func typedAhead(a uint64, pe int, c byte) (i, add int, next uint64, ok, read bool) {
	x := a ^ uint64(c)*aheadOnes
	if t := (x - aheadOnes) &^ x & aheadHighs; t != 0 {
		j := bits.TrailingZeros64(t) >> 3 // the lowest is exact: a borrow only runs upwards
		add = scoreChar
		switch {
		case j == 0:
			add += scoreConsecutive
		case isWordBoundary(byte(a >> (8 * (j - 1)))):
			add += scoreWordStart
		}
		if s := 8 * (j + 1); s < 64 {
			next = a>>s | ^uint64(0)<<(64-s)
		} else {
			next = ^uint64(0)
		}
		return pe + j, add, next, true, false
	}
	return 0, 0, 0, false, byte(a>>56) != aheadEnd
}
