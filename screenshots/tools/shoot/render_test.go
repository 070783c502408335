package main

import "testing"

func TestFixANSI(t *testing.T) {
	const bg, fg = "#000000", "#ffffff"
	for _, c := range []struct{ in, want string }{
		// 49 becomes the window's background.
		{"\x1b[49mx", "\x1b[48;2;0;0;0m\x1b[48;2;0;0;0mx\x1b[0m\n"},
		// 39 becomes the terminal's foreground.
		{"\x1b[38;5;25ma\x1b[39mb", "\x1b[48;2;0;0;0m\x1b[38;5;25ma\x1b[38;2;255;255;255mb\x1b[0m\n"},
		// Bold alone keeps the colour in force.
		{"\x1b[38;5;25ma\x1b[1mb", "\x1b[48;2;0;0;0m\x1b[38;5;25ma\x1b[1;38;5;25mb\x1b[0m\n"},
		// After a reset, bold alone is bold alone.
		{"\x1b[38;5;25ma\x1b[0m\x1b[1mb", "\x1b[48;2;0;0;0m\x1b[38;5;25ma\x1b[0m\x1b[1mb\x1b[0m\n"},
	} {
		if got := fixANSI(c.in, bg, fg); got != c.want {
			t.Errorf("fixANSI(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
