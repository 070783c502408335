package ui

import (
	"testing"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/ui/form"
)

// TestRequestLogKeepsTheNewestThousand: the log is a ring; the newest request comes
// first and the oldest ones fall out past requestLogSize.
func TestRequestLogKeepsTheNewestThousand(t *testing.T) {
	var l requestLog
	for i := 1; i <= requestLogSize+5; i++ {
		l.add(client.RequestRecord{ID: uint64(i), Method: "GET", Path: "/funnels/page\x1b[31m?x", Status: 200})
	}
	if l.len() != requestLogSize {
		t.Fatalf("len %d", l.len())
	}
	if l.at(0).rec.ID != requestLogSize+5 || l.at(requestLogSize-1).rec.ID != 6 || l.at(requestLogSize) != nil {
		t.Fatalf("newest %d, oldest %d", l.at(0).rec.ID, l.at(requestLogSize-1).rec.ID)
	}
	if p := l.at(0).path; p != "/funnels/page?x" {
		t.Fatalf("paths are sanitised when they arrive: %q", p)
	}
	allocs := testing.AllocsPerRun(100, func() { l.add(client.RequestRecord{ID: 1, Method: "GET", Path: "/x", Status: 200}) })
	if allocs > 3 {
		t.Fatalf("adding to a full log allocates %v times", allocs)
	}
}

// TestPathCheckDropsStaleAnswers: an answer for a path typed before the current one
// changes nothing.
func TestPathCheckDropsStaleAnswers(t *testing.T) {
	h := newHarness(t, Options{}, 80, 24)
	path := ""
	field := &form.Field{Key: "step.url", Value: &path}
	pc := &pathCheck{field: field}
	path = "/old"
	pc.changed(h.m)
	path = "/new"
	pc.changed(h.m)
	before := field.Status
	if _, handled := pc.message(h.m, pathCheckedMsg{pc: pc, seq: pc.seq - 1, check: &client.PathCheck{Asked: "/old", UniqueURL: "/old-123456"}}); !handled {
		t.Fatal("the check's own messages are handled")
	}
	if field.Status != before || field.Block != "" {
		t.Fatalf("a stale answer must change nothing: %q / %q", field.Status, field.Block)
	}
	pc.message(h.m, pathCheckedMsg{pc: pc, seq: pc.seq, check: &client.PathCheck{Asked: "/new", UniqueURL: "/new-654321"}})
	if field.Block == "" {
		t.Fatal("the current answer marks the taken path")
	}
}
