package ui

import (
	"slices"
	"testing"
)

func TestFitColumns(t *testing.T) {
	cols := []column{
		{natural: 1, min: 1},
		{natural: 12, min: 10},
		{natural: 5, min: 5, optional: true},
		{natural: 9, min: 9, optional: true},
		{natural: 20, min: 8, optional: true},
	}
	for _, c := range []struct {
		avail int
		want  []int
	}{
		{100, []int{1, 12, 5, 9, 20}},
		{50, []int{1, 12, 5, 9, 15}},
		{42, []int{1, 12, 5, 9, -1}}, // the path would be below its minimum: dropped
		{26, []int{1, 12, 5, -1, -1}},
		{15, []int{1, 12, -1, -1, -1}},
		{5, []int{1, 2, -1, -1, -1}},
	} {
		got := fitColumns(cols, c.avail)
		if !slices.Equal(got, c.want) {
			t.Errorf("fitColumns(%d) = %v, want %v", c.avail, got, c.want)
		}
	}
	fill := []column{{natural: 5, min: 5, fill: true}, {natural: 3, min: 3}}
	if got := fitColumns(fill, 20); !slices.Equal(got, []int{15, 3}) {
		t.Errorf("the fill column takes the rest: %v", got)
	}
}

func TestFitCellMiddleKeepsTheTail(t *testing.T) {
	for _, c := range []struct {
		in   string
		w    int
		want string
	}{
		{"/spring-sale-opt-in", 10, "/sp…opt-in"},
		{"/spring-sale-opt-in", 12, "/sp…e-opt-in"},
		{"/spring-sale-opt-in", 19, "/spring-sale-opt-in"},
		{"/short", 10, "/short    "},
		{"/spring-sale-opt-in", 4, "/sp…"}, // too narrow to keep a tail: cut at the end
		{"/früh-angebot-ü", 8, "/f…bot-ü"},
	} {
		got := fitCellMiddle(c.in, c.w)
		if got != c.want {
			t.Errorf("fitCellMiddle(%q, %d) = %q, want %q", c.in, c.w, got, c.want)
		}
		if textWidth(got) != c.w {
			t.Errorf("fitCellMiddle(%q, %d) is %d cells wide", c.in, c.w, textWidth(got))
		}
	}
}
