package cli

import (
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestFindAnswersFromAnUnfinishedIndex: while one kind of item keeps failing, find
// answers from everything else the index holds (exit 0), says in one line that the
// index is not complete, and a second find sends no request at all.
func TestFindAnswersFromAnUnfinishedIndex(t *testing.T) {
	h := fastSignedIn(t, sandbox.Options{})
	h.sb.Server.FailNext(400, 100000, "/funnels/page")
	r := h.run("find", "spring sale", "--kind", "funnel").want(t, 0, "Spring Sale 2026", "err:not complete")
	if n := strings.Count(r.stderr, "not complete"); n != 1 {
		t.Errorf("said %d times:\n%s", n, r.stderr)
	}
	before := len(h.sb.Server.Requests())
	r = h.run("find", "black friday", "--kind", "funnel").want(t, 0, "Black Friday 2025", "err:not complete")
	if n := strings.Count(r.stderr, "\n"); n != 1 {
		t.Errorf("want one line on stderr:\n%s", r.stderr)
	}
	if after := len(h.sb.Server.Requests()); after != before {
		t.Errorf("the second find sent %d requests", after-before)
	}
}
