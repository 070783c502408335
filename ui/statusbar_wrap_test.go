package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestALongMessageReadsAsText: a message on two lines of the bar runs from after the
// profile to the end of the first line and on into the second; the figures (the
// requests under way and the rate limit) end the second line, after the message, and
// the first line does not hold them: nothing of the message comes after them.
func TestALongMessageReadsAsText(t *testing.T) {
	sb, c := testClient(t, sandbox.Options{}, -1)
	for _, w := range []int{80, 120, 200} {
		h := newHarness(t, demoOptions(c, sb), w, 30)
		h.waitFor("Spring Sale 2026")
		msg := longMessage
		for ansi.StringWidth(msg) < w-30 {
			msg += " — " + longMessage
		}
		h.m.setWarn(msg)
		h.update(clockMsg{})
		lines := strings.Split(ansi.Strip(h.m.View().Content), "\n")
		first, second := lines[len(lines)-2], lines[len(lines)-1]
		if barFigures.MatchString(first) || strings.Contains(first, "/100") {
			t.Errorf("%d columns: the first line holds figures, which the message would read around:\n%s\n%s", w, first, second)
		}
		at := barFigures.FindStringIndex(second)
		if at == nil {
			t.Fatalf("%d columns: the figures end the second line:\n%s\n%s", w, first, second)
		}
		text := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(first), "demo · "+sb.Server.LocationID()))
		text += " " + strings.TrimSpace(second[:at[0]])
		if strings.Join(strings.Fields(text), " ") != strings.Join(strings.Fields(msg), " ") {
			t.Errorf("%d columns: the message read across the two lines is\n%q\nwant\n%q", w, text, msg)
		}
	}
}

// barFigures are the figures at the end of the bar: the requests under way, then the
// rate limit left and when it resets.
var barFigures = regexp.MustCompile(`\s(idle|\d+ requests?)\s+(rate –/–|(\d+|\?)/(\d+|\?)( · (resets in )?\d+s)?)\s*$`)
