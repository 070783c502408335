package ui

import (
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestRequestLogTellsRowsApart: at 80 columns each row has its number and latency,
// so two reads of the same pages read apart (the location id, the same in all, is
// left out to make room for what differs), the crawl's requests are in the log marked as its lane, and c in a
// request's detail copies it as curl without the token, as the detail says.
func TestRequestLogTellsRowsApart(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	h := newHarness(t, demoOptions(c, sb), 80, 24)
	h.waitFor("Spring Sale 2026")
	if _, _, err := c.FolderEntities(client.Background(t.Context()), "", "", ""); err != nil {
		t.Fatal(err)
	}
	h.press("G")
	h.waitUntil("the pages of the first step", func(string) bool { return h.m.pages.selected() != nil })
	first := h.m.pages.key
	h.press("tab", "down")
	h.waitUntil("the pages of the second step", func(string) bool {
		return h.m.pages.key != first && h.m.pages.selected() != nil
	})
	h.press("L")
	v := h.waitUntil("two reads of pages in the log", func(v string) bool {
		return strings.Contains(v, "crawl") && strings.Count(v, "/funnels/pag") == 2
	})
	var pages []string
	for _, l := range strings.Split(v, "\n") {
		if strings.Contains(l, "GET") && strings.Contains(l, "/funnels/pag") {
			if strings.Contains(l, "LakesideFit2026Loc01") {
				t.Errorf("the location id takes the room of what differs: %q", l)
			}
			if !strings.Contains(l, "ms ") {
				t.Errorf("no latency: %q", l)
			}
			pages = append(pages, l)
		}
	}
	if len(pages) < 2 || pages[0] == pages[1] {
		t.Fatalf("two reads of pages should read apart:\n%s", v)
	}
	if !strings.Contains(line(v, "crawl"), "/funnels/funnel/folder") {
		t.Fatalf("the crawl's request is marked as its lane:\n%s", v)
	}
	checkFrame(t, h.m.View().Content, 80, 24)

	h.press("enter")
	h.waitFor("Request GET /funnels/page", "c copies it", "c copy as curl")
	h.press("c")
	h.waitUntil("the clipboard", func(string) bool { return len(h.clipboard) > 0 })
	if cmd := h.clipboard[0]; !strings.HasPrefix(cmd, "curl ") || !strings.Contains(cmd, "$FUNNELS_TOKEN") || strings.Contains(cmd, sb.Server.DemoToken()) {
		t.Fatalf("c in the detail copies the request as curl, without the token: %s", cmd)
	}
	if !strings.Contains(h.m.status.info, "copied curl for GET /funnels/page") {
		t.Fatalf("status: %q", h.m.status.info)
	}
}
