package ui

import "github.com/funnelsdev/funnels/ui/termtext"

// sanitize makes a string from the server safe to draw on one row: escape sequences,
// controls and invisible format characters go, tabs and line breaks become a space,
// invalid UTF-8 becomes U+FFFD, a zero-width joiner stays only inside an emoji
// sequence (package termtext has the rules, shared with the commands). Plain ASCII
// comes back without a copy.
//
// It runs once, when data arrives (in the loading commands), never in View.
func sanitize(s string) string { return termtext.Line(s) }
