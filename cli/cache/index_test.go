package cache_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/client/sandbox"
)

func TestIndexThenFind(t *testing.T) {
	h := clitest.FastSignedIn(t, sandbox.Options{})
	r := h.Run("index").Want(t, 0, "err:funnels index: folders", "err:Indexed 9 folders, 25 funnels, 120 pages and 8 redirects with 37 requests")
	if r.Stdout != "" {
		t.Errorf("piped, index prints nothing on stdout:\n%s", r.Stdout)
	}
	if files := clitest.IndexFiles(t, h); len(files) != 1 || !strings.Contains(files[0], filepath.Join("index", "default", h.SB.Server.LocationID()+"-")) {
		t.Fatalf("index files %v", files)
	}

	piped := h.Run("find", "/spring-sale-opt-in").Want(t, 0, "Opt-in\t/spring-sale-opt-in\tSpring Sale 2026\t")
	first := strings.Split(piped.Lines()[0], "\t")
	if len(first) != 5 || first[0] != "step" {
		t.Errorf("piped: kind, name, path, where, id; the step first: %q", piped.Lines()[0])
	}
	if h.SB.Server.Requests(); len(h.SB.Server.Requests()) != 37 {
		t.Errorf("find sent requests: %d in the log after the crawl's 37", len(h.SB.Server.Requests()))
	}
	term := h.TTY("find", "black friday", "--kind", "folder,funnel").Want(t, 0, "KIND", "WHERE", "Black Friday 2025")
	if strings.Contains(term.Stdout, "page ") || !strings.HasPrefix(term.Stdout, "KIND  ") {
		t.Errorf("--kind folder,funnel on a terminal:\n%s", term.Stdout)
	}
	var out struct {
		Query   string
		Total   int
		Matches []struct{ Kind, Name, ID, Where string }
	}
	h.Run("find", "webinar room", "--json").Decode(t, &out)
	if out.Query != "webinar room" || len(out.Matches) == 0 || out.Matches[0].Name != "Webinar Room" || out.Total < len(out.Matches) {
		t.Errorf("--json: %+v", out)
	}
	var ids []struct{ ID string }
	h.Run("find", "spring", "--json", "id", "--limit", "1").Decode(t, &ids)
	if len(ids) != 1 || ids[0].ID == "" {
		t.Errorf("--json id --limit 1: %+v", ids)
	}
	h.Run("find", "zzqqxx").Want(t, 0, "err:Nothing matches \"zzqqxx\".")

	var idx struct {
		Pages, Requests int
		Complete        bool
		Path            string
	}
	h.Run("index", "--json", "pages,requests,complete,path").Decode(t, &idx)
	if idx.Pages != 120 || idx.Requests != 37 || !idx.Complete || !strings.HasSuffix(idx.Path, ".db") {
		t.Errorf("index --json: %+v", idx)
	}
}

func TestFindBuildsAnIndexNeverBuilt(t *testing.T) {
	h := clitest.FastSignedIn(t, sandbox.Options{})
	h.Run("find", "thank you", "--kind", "step").Want(t, 0, "err:not built yet", "Thank You")
	if len(clitest.IndexFiles(t, h)) != 1 {
		t.Fatal("find did not keep the index it built")
	}
	h.Run("find", "thank you").Want(t, 0)
	if n := len(h.SB.Server.Requests()); n != 37 {
		t.Errorf("the second find sent requests: %d in all", n)
	}
}

// TestFindWithNoCacheLeavesNothing: with --no-cache find keeps no index and reads no
// location: it asks the funnel list by name, once, and says what it cannot find so;
// a --kind only the index knows is a usage error.
func TestFindWithNoCacheLeavesNothing(t *testing.T) {
	h := clitest.FastSignedIn(t, sandbox.Options{})
	h.SB.Server.ResetLog()
	h.Run("find", "referral", "--no-cache").Want(t, 0, "Referral Rewards", "err:asking the server for funnels whose name contains",
		"err:found only in the local index")
	if files := clitest.IndexFiles(t, h); len(files) != 0 {
		t.Fatalf("--no-cache left %v", files)
	}
	reqs := h.SB.Server.Requests()
	if len(reqs) != 1 || reqs[0].Path != "/funnels/funnel/list" || !strings.Contains(reqs[0].Query, "name=referral") {
		t.Errorf("--no-cache find sent %+v; want one funnel list by name", reqs)
	}
	h.Run("find", "referral", "--no-cache", "--kind", "funnel", "--json", "kind,name").Want(t, 0, `"name": "Referral Rewards"`)
	h.Run("find", "thank you", "--no-cache", "--kind", "step,page").Want(t, 2, "err:with --no-cache, find asks the server for funnels by name only")
	h.Run("index", "--no-cache").Want(t, 2, "err:--no-cache")
}

func TestFindUsageErrors(t *testing.T) {
	h := clitest.FastSignedIn(t, sandbox.Options{})
	h.Run("find").Want(t, 2, "err:TEXT")
	h.Run("find", "  ").Want(t, 2, "err:TEXT is empty")
	h.Run("find", "x", "--kind", "widget").Want(t, 2, "err:unknown --kind \"widget\"")
	h.Run("find", "x", "--limit", "-1").Want(t, 2, "err:--limit")
	h.Run("index", "extra").Want(t, 2)
	if n := len(h.SB.Server.Requests()); n != 0 {
		t.Errorf("bad usage sent %d requests", n)
	}
}

// TestFindMarksWhatTheTokenLostStale: the index was built with every scope; a token
// without the redirect scope indexes again (the redirects are refused to it), and find
// shows the redirects kept as stale.
func TestFindMarksWhatTheTokenLostStale(t *testing.T) {
	h := clitest.FastSignedIn(t, sandbox.Options{Surface: sandbox.SurfacePublic})
	h.Run("index").Want(t, 0)
	h.Vars["FUNNELS_TOKEN"] = h.SB.Server.IssueScopedToken(0, "funnels/funnel.readonly", "funnels/page.readonly")
	h.Run("index").Want(t, 0, "err:note: no redirects")
	r := h.Run("find", "spring", "--kind", "redirect").Want(t, 0, "redirect (stale)\t/Spring-2025")
	for _, l := range r.Lines() {
		if !strings.Contains(l, "(stale)") {
			t.Errorf("a redirect this token cannot read is shown as current: %q", l)
		}
	}
	h.Run("find", "spring sale", "--kind", "funnel").Want(t, 0, "funnel\tSpring Sale 2026")
}

func TestCacheStatusAndClear(t *testing.T) {
	h := clitest.FastSignedIn(t, sandbox.Options{})
	h.Run("cache", "status").Want(t, 0, "Holds\t0 folders, 0 funnels, 0 pages, 0 redirects", "Indexed\tnever")
	h.Run("index").Want(t, 0)
	h.TTY("cache", "status").Want(t, 0, "Profile:", "Path:", "Holds:     9 folders, 25 funnels, 120 pages, 8 redirects", "moments ago")
	var st struct {
		Exists bool
		Pages  int
		Bytes  int64
	}
	h.Run("cache", "status", "--json", "exists,pages,bytes").Decode(t, &st)
	if !st.Exists || st.Pages != 120 || st.Bytes == 0 {
		t.Errorf("cache status --json: %+v", st)
	}
	h.Run("cache", "clear").Want(t, 0, "err:Removed the local index for profile default, location "+h.SB.Server.LocationID())
	if len(clitest.IndexFiles(t, h)) != 0 {
		t.Fatal("cache clear left the index")
	}
	h.Run("cache", "clear").Want(t, 0, "err:There was no local index for profile default")
	h.Run("index").Want(t, 0)
	h.Run("cache", "clear", "--all").Want(t, 0, "err:Removed every local index")
	if len(clitest.IndexFiles(t, h)) != 0 {
		t.Fatal("cache clear --all left an index")
	}
	h.Run("cache").Want(t, 2, "err:clear, status")
}
