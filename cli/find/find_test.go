package find_test

import (
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestFindAnswersFromAnUnfinishedIndex: while one kind of item keeps failing, find
// answers from everything else the index holds (exit 0), says in one line that the
// index is not complete, and a second find sends no request at all.
func TestFindAnswersFromAnUnfinishedIndex(t *testing.T) {
	h := clitest.FastSignedIn(t, sandbox.Options{})
	h.SB.Server.FailNext(400, 100000, "/funnels/page")
	r := h.Run("find", "spring sale", "--kind", "funnel").Want(t, 0, "Spring Sale 2026", "err:not complete")
	if n := strings.Count(r.Stderr, "not complete"); n != 1 {
		t.Errorf("said %d times:\n%s", n, r.Stderr)
	}
	before := len(h.SB.Server.Requests())
	r = h.Run("find", "black friday", "--kind", "funnel").Want(t, 0, "Black Friday 2025", "err:not complete")
	if n := strings.Count(r.Stderr, "\n"); n != 1 {
		t.Errorf("want one line on stderr:\n%s", r.Stderr)
	}
	if after := len(h.SB.Server.Requests()); after != before {
		t.Errorf("the second find sent %d requests", after-before)
	}
}
