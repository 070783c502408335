package list

import (
	"strings"
	"unicode/utf8"
)

// Scores of a fuzzy match. A match is the query's characters found in order in the
// Key (a subsequence); a run of consecutive characters and a character at the start
// of a word count more, so "ss" ranks "Spring Sale" above "Lesson Plans".
const (
	scoreChar        = 1
	scoreConsecutive = 8
	scoreWordStart   = 7
	scoreFirstChar   = 4 // the match starts at the very beginning of the key
)

// fuzzyScore matches the lower-cased query q against the lower-cased key. ok is false
// when q is not a subsequence of key. The match is greedy (each character at its
// first occurrence after the previous one), which is what keeps it a single pass.
func fuzzyScore(key, q string) (score int, ok bool) {
	score, _, ok = fuzzyScoreEnd(key, q)
	return score, ok
}

// fuzzyScoreEnd is fuzzyScore that also says where the match of q ended in key (the
// byte after its last character): the next character of a longer query is looked
// for from there (incremental.go).
func fuzzyScoreEnd(key, q string) (score, end int, ok bool) {
	if q == "" {
		return 0, 0, true
	}
	pos, prevEnd := 0, -1
	for qi := 0; qi < len(q); {
		var i, size int
		if c := q[qi]; c < utf8.RuneSelf {
			// ASCII: IndexByte is vectorised, which is what makes 100k keys cheap.
			i = strings.IndexByte(key[pos:], c)
			size = 1
			qi++
		} else {
			r, n := utf8.DecodeRuneInString(q[qi:])
			i = strings.IndexRune(key[pos:], r)
			size = utf8.RuneLen(r)
			if size < 0 { // invalid rune in the query: matched as the replacement char
				size = n
			}
			qi += n
		}
		if i < 0 {
			return 0, 0, false
		}
		i += pos
		score += scoreChar
		switch {
		case i == prevEnd:
			score += scoreConsecutive
		case i == 0:
			score += scoreWordStart + scoreFirstChar
		case isWordBoundary(key[i-1]):
			score += scoreWordStart
		}
		prevEnd = i + size
		pos = prevEnd
	}
	return score, pos, true
}

// firstByteScore is fuzzyScoreEnd for a query of one ASCII byte.
func firstByteScore(key, q string) (score, end int, ok bool) {
	i := strings.IndexByte(key, q[0])
	switch {
	case i < 0:
		return 0, 0, false
	case i == 0:
		return scoreChar + scoreWordStart + scoreFirstChar, 1, true
	case isWordBoundary(key[i-1]):
		return scoreChar + scoreWordStart, i + 1, true
	}
	return scoreChar, i + 1, true
}

// isWordBoundary reports whether a word starts after byte c.
func isWordBoundary(c byte) bool {
	switch c {
	case ' ', '-', '_', '/', '.', ':', '(', '[', '&', ',':
		return true
	}
	return false
}
