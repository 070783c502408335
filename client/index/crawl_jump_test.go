package index

import (
	"net/url"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// A folder that holds funnels is asked for as soon as the funnel list names it, not a
// round trip a level after the root: the seed's "Black Friday 2025", three folders
// down, is asked before the folder above it has answered. The tree is still read whole
// with one listing per folder (TestCrawlReadsTheWholeLocationWithTheFewestRequests).
func TestCrawlAsksFoldersTheFunnelsNameWithoutWaitingForTheirParents(t *testing.T) {
	const latency = 150 * time.Millisecond
	sb := fastSandbox(t, sandbox.Options{})
	c := newClient(t, sb, "")
	ctx := ctxT(t)
	ids := map[string]string{} // folder name → id
	var walk func(parent string)
	walk = func(parent string) {
		ents, _, err := c.FolderEntities(ctx, "", parent, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range ents.Folders {
			ids[f.Name] = f.ID
			walk(f.ID)
		}
	}
	walk("")
	deep, above := ids["Black Friday 2025"], ids["2025 Campaigns"]
	if deep == "" || above == "" {
		t.Fatalf("the seed's folders changed: %v", ids)
	}
	sb.Server.SetFaults(sandbox.Faults{FixedLatency: latency})
	sb.Server.ResetLog()
	s := newStore(t, sb)
	crawl(t, c, s)
	asked := map[string]time.Time{}
	n := 0
	for _, r := range sb.Server.Requests() {
		if r.Path != "/funnels/funnel/folder/entities" {
			continue
		}
		q, _ := url.ParseQuery(r.Query)
		parent := q.Get("parentId")
		if _, twice := asked[parent]; twice {
			t.Errorf("folder %q listed twice", parent)
		}
		asked[parent] = r.At
		n++
	}
	if at, ok := asked[deep]; !ok || !at.Before(asked[above].Add(latency)) {
		t.Fatalf("the deep folder was asked at %v, the folder above it at %v and answered %v later: it waited for its parent",
			at.Sub(asked[""]), asked[above].Sub(asked[""]), latency)
	}
	snap, err := s.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range snap.Folders {
		if f.ID == deep && f.ParentID != above {
			t.Fatalf("the deep folder is kept under %q, want %q", f.ParentID, above)
		}
	}
}
