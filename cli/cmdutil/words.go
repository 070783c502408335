package cmdutil

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/funnelsdev/funnels/client/index"
)

// AgeText is a duration as a person says it: "5 minutes", "3 hours", "2 days".
func AgeText(d time.Duration) string {
	switch {
	case d < time.Minute:
		return "moments"
	case d < time.Hour:
		return CountOf(int(d/time.Minute), "minute")
	case d < 48*time.Hour:
		return CountOf(int(d/time.Hour), "hour")
	}
	return CountOf(int(d/(24*time.Hour)), "day")
}

// trimFloat writes x with one decimal, without a trailing ".0".
func trimFloat(x float64) string {
	return strings.TrimSuffix(strconv.FormatFloat(x, 'f', 1, 64), ".0")
}

// ByteSize is "2.3 MB", "512 kB".
func ByteSize(n int64) string {
	switch {
	case n >= 1e9:
		return trimFloat(float64(n)/1e9) + " GB"
	case n >= 1e6:
		return trimFloat(float64(n)/1e6) + " MB"
	case n >= 1e3:
		return trimFloat(float64(n)/1e3) + " kB"
	}
	return CountOf(int(n), "byte")
}

// JoinNotes makes one note of two.
func JoinNotes(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "; " + b
}

// OrEmpty is s, or an empty slice for nil, so JSON says [] and not null.
func OrEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// CountOf is "1 page", "25 pages".
func CountOf(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return index.Thousands(n) + " " + word + "s"
}

// OrList is "a", "a or b", "a, b or c".
func OrList(words []string) string {
	words = slices.Compact(words)
	if len(words) == 1 {
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}
