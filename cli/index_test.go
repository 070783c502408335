package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// fastSignedIn is signedIn with a rate limit that does not slow the crawl down, its
// token given to the profile "default" by name (a token with no profile named keeps
// its index apart, under -token).
func fastSignedIn(t *testing.T, opts sandbox.Options) *home {
	opts.Limit, opts.Window = 1000, time.Second
	h := signedIn(t, opts)
	h.vars["FUNNELS_PROFILE"] = "default"
	return h
}

// indexFiles lists the index files under the home's cache directory.
func indexFiles(t *testing.T, h *home) []string {
	t.Helper()
	var out []string
	_ = filepath.WalkDir(filepath.Join(h.vars["XDG_CACHE_HOME"], "funnels", "index"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".db") {
			out = append(out, p)
		}
		return nil
	})
	return out
}

func TestIndexThenFind(t *testing.T) {
	h := fastSignedIn(t, sandbox.Options{})
	r := h.run("index").want(t, 0, "err:funnels index: folders", "err:Indexed 9 folders, 25 funnels, 120 pages and 8 redirects with 37 requests")
	if r.stdout != "" {
		t.Errorf("piped, index prints nothing on stdout:\n%s", r.stdout)
	}
	if files := indexFiles(t, h); len(files) != 1 || !strings.Contains(files[0], filepath.Join("index", "default", h.sb.Server.LocationID()+"-")) {
		t.Fatalf("index files %v", files)
	}

	piped := h.run("find", "/spring-sale-opt-in").want(t, 0, "Opt-in\t/spring-sale-opt-in\tSpring Sale 2026\t")
	first := strings.Split(piped.lines()[0], "\t")
	if len(first) != 5 || first[0] != "step" {
		t.Errorf("piped: kind, name, path, where, id; the step first: %q", piped.lines()[0])
	}
	if h.sb.Server.Requests(); len(h.sb.Server.Requests()) != 37 {
		t.Errorf("find sent requests: %d in the log after the crawl's 37", len(h.sb.Server.Requests()))
	}
	term := h.tty("find", "black friday", "--kind", "folder,funnel").want(t, 0, "KIND", "WHERE", "Black Friday 2025")
	if strings.Contains(term.stdout, "page ") || !strings.HasPrefix(term.stdout, "KIND  ") {
		t.Errorf("--kind folder,funnel on a terminal:\n%s", term.stdout)
	}
	var out struct {
		Query   string
		Total   int
		Matches []struct{ Kind, Name, ID, Where string }
	}
	h.run("find", "webinar room", "--json").decode(t, &out)
	if out.Query != "webinar room" || len(out.Matches) == 0 || out.Matches[0].Name != "Webinar Room" || out.Total < len(out.Matches) {
		t.Errorf("--json: %+v", out)
	}
	var ids []struct{ ID string }
	h.run("find", "spring", "--json", "id", "--limit", "1").decode(t, &ids)
	if len(ids) != 1 || ids[0].ID == "" {
		t.Errorf("--json id --limit 1: %+v", ids)
	}
	h.run("find", "zzqqxx").want(t, 0, "err:Nothing matches \"zzqqxx\".")

	var idx struct {
		Pages, Requests int
		Complete        bool
		Path            string
	}
	h.run("index", "--json", "pages,requests,complete,path").decode(t, &idx)
	if idx.Pages != 120 || idx.Requests != 37 || !idx.Complete || !strings.HasSuffix(idx.Path, ".db") {
		t.Errorf("index --json: %+v", idx)
	}
}

func TestFindBuildsAnIndexNeverBuilt(t *testing.T) {
	h := fastSignedIn(t, sandbox.Options{})
	h.run("find", "thank you", "--kind", "step").want(t, 0, "err:not built yet", "Thank You")
	if len(indexFiles(t, h)) != 1 {
		t.Fatal("find did not keep the index it built")
	}
	h.run("find", "thank you").want(t, 0)
	if n := len(h.sb.Server.Requests()); n != 37 {
		t.Errorf("the second find sent requests: %d in all", n)
	}
}

// TestFindWithNoCacheLeavesNothing: with --no-cache find keeps no index and reads no
// location: it asks the funnel list by name, once, and says what it cannot find so;
// a --kind only the index knows is a usage error.
func TestFindWithNoCacheLeavesNothing(t *testing.T) {
	h := fastSignedIn(t, sandbox.Options{})
	h.sb.Server.ResetLog()
	h.run("find", "referral", "--no-cache").want(t, 0, "Referral Rewards", "err:asking the server for funnels whose name contains",
		"err:found only in the local index")
	if files := indexFiles(t, h); len(files) != 0 {
		t.Fatalf("--no-cache left %v", files)
	}
	reqs := h.sb.Server.Requests()
	if len(reqs) != 1 || reqs[0].Path != "/funnels/funnel/list" || !strings.Contains(reqs[0].Query, "name=referral") {
		t.Errorf("--no-cache find sent %+v; want one funnel list by name", reqs)
	}
	h.run("find", "referral", "--no-cache", "--kind", "funnel", "--json", "kind,name").want(t, 0, `"name": "Referral Rewards"`)
	h.run("find", "thank you", "--no-cache", "--kind", "step,page").want(t, 2, "err:with --no-cache, find asks the server for funnels by name only")
	h.run("index", "--no-cache").want(t, 2, "err:--no-cache")
}

func TestFindUsageErrors(t *testing.T) {
	h := fastSignedIn(t, sandbox.Options{})
	h.run("find").want(t, 2, "err:TEXT")
	h.run("find", "  ").want(t, 2, "err:TEXT is empty")
	h.run("find", "x", "--kind", "widget").want(t, 2, "err:unknown --kind \"widget\"")
	h.run("find", "x", "--limit", "-1").want(t, 2, "err:--limit")
	h.run("index", "extra").want(t, 2)
	if n := len(h.sb.Server.Requests()); n != 0 {
		t.Errorf("bad usage sent %d requests", n)
	}
}

// TestFindMarksWhatTheTokenLostStale: the index was built with every scope; a token
// without the redirect scope indexes again (the redirects are refused to it), and find
// shows the redirects kept as stale.
func TestFindMarksWhatTheTokenLostStale(t *testing.T) {
	h := fastSignedIn(t, sandbox.Options{Surface: sandbox.SurfacePublic})
	h.run("index").want(t, 0)
	h.vars["FUNNELS_TOKEN"] = h.sb.Server.IssueScopedToken(0, "funnels/funnel.readonly", "funnels/page.readonly")
	h.run("index").want(t, 0, "err:note: no redirects")
	r := h.run("find", "spring", "--kind", "redirect").want(t, 0, "redirect (stale)\t/Spring-2025")
	for _, l := range r.lines() {
		if !strings.Contains(l, "(stale)") {
			t.Errorf("a redirect this token cannot read is shown as current: %q", l)
		}
	}
	h.run("find", "spring sale", "--kind", "funnel").want(t, 0, "funnel\tSpring Sale 2026")
}

func TestCacheStatusAndClear(t *testing.T) {
	h := fastSignedIn(t, sandbox.Options{})
	h.run("cache", "status").want(t, 0, "Holds\t0 folders, 0 funnels, 0 pages, 0 redirects", "Indexed\tnever")
	h.run("index").want(t, 0)
	h.tty("cache", "status").want(t, 0, "Profile:", "Path:", "Holds:     9 folders, 25 funnels, 120 pages, 8 redirects", "moments ago")
	var st struct {
		Exists bool
		Pages  int
		Bytes  int64
	}
	h.run("cache", "status", "--json", "exists,pages,bytes").decode(t, &st)
	if !st.Exists || st.Pages != 120 || st.Bytes == 0 {
		t.Errorf("cache status --json: %+v", st)
	}
	h.run("cache", "clear").want(t, 0, "err:Removed the local index for profile default, location "+h.sb.Server.LocationID())
	if len(indexFiles(t, h)) != 0 {
		t.Fatal("cache clear left the index")
	}
	h.run("cache", "clear").want(t, 0, "err:There was no local index for profile default")
	h.run("index").want(t, 0)
	h.run("cache", "clear", "--all").want(t, 0, "err:Removed every local index")
	if len(indexFiles(t, h)) != 0 {
		t.Fatal("cache clear --all left an index")
	}
	h.run("cache").want(t, 2, "err:clear, status")
}
