package client_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestRouteMissingOnTheDocumentedSurface: over loopback against a server that has
// only the documented routes, in each of the five ways a server may word a 404 for a
// route it does not have, folder entities are ErrRouteMissing, not an item not found,
// and go into the access record; browsing and a page's detail fall back as for the
// IAM refusal and say why once, without asking the route again; the probe calls
// every web-app read route it asks "not on this server" and no 404 "open". A 404 on
// a documented route (the page list of a funnel that does not exist) stays
// ErrNotFound. Where the words do not give the route away, one funnel-list request
// decides, and none when the funnel list answered this session.
func TestRouteMissingOnTheDocumentedSurface(t *testing.T) {
	for _, wording := range sandbox.NotFoundWordings() {
		t.Run(wording, func(t *testing.T) {
			c, sb := newTestClient(t, sandbox.Options{Surface: sandbox.SurfaceDocumented, NotFound: sandbox.NotFound(wording)})
			ctx := ctxT(t)

			_, _, err := c.FolderEntities(ctx, "", "", "")
			var api *client.APIError
			if !errors.As(err, &api) || !errors.Is(err, client.ErrRouteMissing) || api.StatusCode != 404 {
				t.Fatalf("folder entities: %v, want a 404 matching ErrRouteMissing", err)
			}
			if errors.Is(err, client.ErrNotFound) || errors.Is(err, client.ErrUnauthorized) || errors.Is(err, client.ErrRouteUnavailable) {
				t.Errorf("a route not on this server matches an item's or a token's error: %v", err)
			}
			if api.Family != client.FamilyFolders || !strings.Contains(api.Explain(), "not on this server (404)") || api.Remedy() != client.NotOnServer {
				t.Errorf("family %q, explain %q, remedy %q", api.Family, api.Explain(), api.Remedy())
			}
			if n, _ := countRequests(sb, "GET", "/funnels/funnel/list"); n > 1 {
				t.Errorf("the decision asked the funnel list %d times, want at most once", n)
			}
			fa, refused := c.Access().Refused(client.FamilyFolders)
			if !refused || fa.Answer != client.AnswerRouteMissing || fa.Status != 404 {
				t.Fatalf("access record: %+v", c.Access())
			}
			if r := c.Access().Reason(client.FamilyFolders); !strings.HasPrefix(r, "404 not on this server") {
				t.Errorf("reason %q", r)
			}

			// Browsing falls back to the funnel list and says why; the route is not asked again.
			sb.Server.ResetLog()
			for range 2 {
				l, _, err := c.BrowseFolder(ctx, "")
				if err != nil || l.Via != client.FamilyFunnelList || len(l.Funnels) == 0 {
					t.Fatalf("browse: %+v %v", l, err)
				}
				if !strings.Contains(l.Note(), "folder entities are not on this server (404)") {
					t.Errorf("note %q", l.Note())
				}
			}
			if n, _ := countRequests(sb, "GET", "/funnels/funnel/folder/entities"); n != 0 {
				t.Errorf("folder entities asked %d times after the record said they are not on this server", n)
			}

			// A page's detail comes from the page list, marked partial with the reason,
			// and the page's route is known missing from then on.
			funnels, _, err := c.ListAllFunnels(ctx, client.ListFunnelsParams{}, 0)
			if err != nil {
				t.Fatal(err)
			}
			pages, _, err := c.ListAllPages(ctx, client.ListPagesParams{FunnelID: funnels[0].ID})
			if err != nil || len(pages) == 0 {
				t.Fatalf("pages: %d %v", len(pages), err)
			}
			for range 2 {
				read, _, err := c.PageDetail(ctx, "", pages[0].ID)
				if err != nil || !read.Partial || read.Page.ID != pages[0].ID || read.Refusal == nil || read.Refusal.Refusal != client.RefusedMissing {
					t.Fatalf("page detail: %+v %v", read, err)
				}
			}
			if fa, _ := c.Access().Refused(client.FamilyPageByID); fa.Answer != client.AnswerRouteMissing {
				t.Errorf("page by id: %+v, want not on this server", c.Access()[client.FamilyPageByID])
			}
			if n, _ := countRequests(sb, "GET", "/funnels/page/"+pages[0].ID); n != 1 {
				t.Errorf("the page's route asked %d times, want once", n)
			}

			// The page list of a funnel that does not exist: the route is there, the item is not.
			_, _, err = c.ListPages(ctx, client.ListPagesParams{FunnelID: "AAAAAAAAAAAAAAAAAAAA", Limit: 20})
			if !errors.Is(err, client.ErrNotFound) || errors.Is(err, client.ErrRouteMissing) {
				t.Errorf("page list of no funnel: %v, want ErrNotFound", err)
			}
			if c.Access()[client.FamilyPageList].Answer != client.AnswerOpen {
				t.Errorf("page list: %+v, want open", c.Access()[client.FamilyPageList])
			}

			// The probe of a fresh sign-in: every web-app read it asks is not on this
			// server; a 404 is never open.
			fresh, _ := newTestClient(t, sandbox.Options{Surface: sandbox.SurfaceDocumented, NotFound: sandbox.NotFound(wording)})
			rows, err := fresh.Probe(ctx)
			if err != nil {
				t.Fatal(err)
			}
			missing := 0
			for _, r := range rows {
				rf, _ := client.FamilyInfo(r.Family)
				switch {
				case r.Status == 404 && r.Answer == client.AnswerOpen:
					t.Errorf("%s: a 404 called open: %+v", r.Route, r)
				case r.Probed && !rf.Documented() && (r.Answer != client.AnswerRouteMissing || r.Result != "404 not on this server"):
					t.Errorf("%s: %+v, want not on this server", r.Route, r)
				case r.Probed && rf.Documented() && r.Answer != client.AnswerOpen:
					t.Errorf("%s: %+v, want open", r.Route, r)
				case r.Answer == client.AnswerRouteMissing:
					missing++
				}
			}
			if missing != 7 {
				t.Errorf("%d routes not on this server, want the 7 web-app reads: %+v", missing, rows)
			}
		})
	}
}

// TestA404ForAnItemIsNotARouteMissing: a hand-made server on loopback answers a
// route it does not have in one way (router: Express's "Cannot GET /path", a problem
// document naming the path, or an HTML page naming nothing) and the route under
// test in another, and its funnel list answers or not. A 404 is the route's when it
// is the server's own answer to a missing route, the path and method its own, and
// never for its words: an item's 404 that repeats the path, or says "route not
// found", is not, nor is a page that says "Cannot GET" on a server whose missing
// routes answer otherwise. Those, and a 404 that names the page, are left for what
// knows the page to settle (ErrNotFound, nothing learned). Folder entities asked for
// no folder are the route's whatever the body says, once the funnel list answers;
// asked for a folder, when the funnel list has funnels in it. A write's 404 is the
// route's when it is the router's answer with POST in it; otherwise the item's.
func TestA404ForAnItemIsNotARouteMissing(t *testing.T) {
	const (
		problem = `{"type":"https://stoplight.io/prism/errors#NO_PATH_MATCHED_ERROR","title":"Route not resolved, no path matched","status":404,"detail":"The route %s hasn't been found in the specification file"}`
		express = `{"statusCode":404,"message":"Cannot %s %s","error":"Not Found"}`
		html    = `<html>no</html>`
	)
	for _, tc := range []struct {
		name, path, body string
		router           string // the server's answer to a route it does not have: express, problem or html
		call             func(*client.Client) error
		listDown         bool
		want             client.Answer // what the record learns of the family: unknown when it learns nothing
	}{
		{"page names its id", "/funnels/page/abc", `{"statusCode":404,"message":"Page abc not found","error":"Not Found"}`, express, pageByID, false, client.AnswerUnknown},
		{"page not found", "/funnels/page/abc", `{"statusCode":404,"message":"Page not found","error":"Not Found"}`, express, pageByID, false, client.AnswerUnknown},
		{"page: bare not found", "/funnels/page/abc", `{"statusCode":404,"message":"Not Found"}`, express, pageByID, false, client.AnswerUnknown},
		{"page: no body", "/funnels/page/abc", ``, express, pageByID, false, client.AnswerUnknown},
		{"page: cannot get", "/funnels/page/abc", fmt.Sprintf(express, "GET", "/funnels/page/abc"), express, pageByID, false, client.AnswerRouteMissing},
		{"page: route not found", "/funnels/page/abc", `{"message":"Route not found"}`, express, pageByID, false, client.AnswerUnknown},
		{"page: repeats the path", "/funnels/page/abc", `{"statusCode":404,"message":"No page at /funnels/page/abc","error":"Not Found"}`, express, pageByID, false, client.AnswerUnknown},
		{"page: cannot get where missing routes answer html", "/funnels/page/abc", fmt.Sprintf(express, "GET", "/funnels/page/abc"), html, pageByID, false, client.AnswerUnknown},
		{"page: problem", "/funnels/page/abc", fmt.Sprintf(problem, "/funnels/page/abc"), problem, pageByID, false, client.AnswerRouteMissing},
		{"entities: folder not found", "/funnels/funnel/folder/entities", `{"statusCode":404,"message":"Folder not found"}`, html, entities(""), false, client.AnswerRouteMissing},
		{"entities: html", "/funnels/funnel/folder/entities", html, html, entities(""), false, client.AnswerRouteMissing},
		{"entities: empty", "/funnels/funnel/folder/entities", ``, html, entities(""), false, client.AnswerRouteMissing},
		{"entities: v3", "/funnels/funnel/folder/entities", `{"error":{"code":"RESOURCE_NOT_FOUND","message":"Resource not found"}}`, html, entities(""), false, client.AnswerRouteMissing},
		{"entities of a folder with funnels", "/funnels/funnel/folder/entities", ``, html, entities("fold1"), false, client.AnswerRouteMissing},
		{"entities of a folder the funnel list does not know", "/funnels/funnel/folder/entities", `{"message":"Folder not found"}`, html, entities("gone"), false, client.AnswerUnknown},
		{"entities: the funnel list down too", "/funnels/funnel/folder/entities", ``, html, entities(""), true, client.AnswerUnknown},
		{"entities: cannot get, the funnel list down too", "/funnels/funnel/folder/entities", fmt.Sprintf(express, "GET", "/funnels/funnel/folder/entities"), express, entities(""), true, client.AnswerRouteMissing},
		{"create folder: cannot post", "/funnels/funnel/folder/create", fmt.Sprintf(express, "POST", "/funnels/funnel/folder/create"), express, createFolder, true, client.AnswerRouteMissing},
		{"create folder: the parent not found", "/funnels/funnel/folder/create", `{"statusCode":404,"message":"Parent folder not found","error":"Not Found"}`, express, createFolder, true, client.AnswerUnknown},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				switch {
				case r.URL.Path == "/funnels/funnel/list" && !tc.listDown:
					w.Header().Set("Content-Type", "application/json")
					if p := r.URL.Query().Get("parentId"); p == "fold1" || !r.URL.Query().Has("parentId") {
						_, _ = w.Write([]byte(`{"funnels":[{"_id":"f1","name":"F","parentId":"fold1","steps":[]}],"count":1}`))
						return
					}
					_, _ = w.Write([]byte(`{"funnels":[],"count":0}`))
				case r.URL.Path == tc.path:
					w.WriteHeader(http.StatusNotFound)
					_, _ = w.Write([]byte(tc.body))
				default:
					w.WriteHeader(http.StatusNotFound)
					switch tc.router {
					case express:
						_, _ = fmt.Fprintf(w, express, r.Method, r.URL.Path)
					case problem:
						_, _ = fmt.Fprintf(w, problem, r.URL.Path)
					default:
						_, _ = w.Write([]byte(tc.router))
					}
				}
			}))
			t.Cleanup(srv.Close)
			c := handMadeClient(t, srv.URL, nil)
			err := tc.call(c)
			missing := tc.want == client.AnswerRouteMissing
			if got := errors.Is(err, client.ErrRouteMissing); got != missing || errors.Is(err, client.ErrNotFound) == missing {
				t.Fatalf("%v: route missing %v, want %v", err, got, missing)
			}
			family := map[string]client.Family{"/funnels/page/abc": client.FamilyPageByID,
				"/funnels/funnel/folder/entities": client.FamilyFolders, "/funnels/funnel/folder/create": client.FamilyCreateFolder}[tc.path]
			if got := c.Access()[family].Answer; got != tc.want {
				t.Errorf("access record %+v, want %s %v", c.Access(), family, tc.want)
			}
		})
	}
}

func createFolder(c *client.Client) error {
	_, _, err := c.CreateFolder(context.Background(), client.CreateFolderRequest{Name: "Spring"})
	return err
}

func pageByID(c *client.Client) error {
	_, _, err := c.Page(context.Background(), "abc")
	return err
}

func entities(parent string) func(*client.Client) error {
	return func(c *client.Client) error {
		_, _, err := c.FolderEntities(context.Background(), "", parent, "")
		return err
	}
}

// TestA404IsTheItemsWhereTheRouteIsThere: on the sandbox as the spec describes it
// (every route there) a 404 for a page or a folder that does not exist stays the
// item's, and nothing learns that a route is missing: a page's detail looks for the
// page in the page list first (it is not there), and once a route answered in this
// session its 404s are the item's without asking anything else.
func TestA404IsTheItemsWhereTheRouteIsThere(t *testing.T) {
	c, sb := newTestClient(t, sandbox.Options{NotFound: sandbox.NotFoundHTML})
	ctx := ctxT(t)
	const nothing = "AAAAAAAAAAAAAAAAAAAA"
	_, _, err := c.PageDetail(ctx, "", nothing)
	if !errors.Is(err, client.ErrNotFound) || errors.Is(err, client.ErrRouteMissing) || !strings.Contains(err.Error(), "Page not found") {
		t.Fatalf("the detail of no page: %v, want the page's 404", err)
	}
	if _, known := c.Access()[client.FamilyPageByID]; known {
		t.Errorf("the record learned %+v from a page that does not exist", c.Access()[client.FamilyPageByID])
	}

	funnels, _, err := c.ListAllFunnels(ctx, client.ListFunnelsParams{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.Page(ctx, funnels[0].Steps[0].Pages[0]); err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.FolderEntities(ctx, "", "", ""); err != nil {
		t.Fatal(err)
	}
	sb.Server.ResetLog()
	if _, _, err := c.PageDetail(ctx, "", nothing); !errors.Is(err, client.ErrNotFound) || errors.Is(err, client.ErrRouteMissing) {
		t.Errorf("the detail of no page after the route answered: %v", err)
	}
	if _, _, err := c.FolderEntities(ctx, "", nothing, ""); !errors.Is(err, client.ErrNotFound) || errors.Is(err, client.ErrRouteMissing) {
		t.Errorf("entities of no folder: %v", err)
	}
	if reqs := sb.Server.Requests(); len(reqs) != 2 {
		t.Errorf("%d requests, want the two asked: %+v", len(reqs), reqs)
	}
	for _, f := range []client.Family{client.FamilyPageByID, client.FamilyFolders} {
		if c.Access()[f].Answer != client.AnswerOpen {
			t.Errorf("%s: %+v, want open", f, c.Access()[f])
		}
	}
}

// handMadeClient is a client of a server made for one test, with a static token.
func handMadeClient(t *testing.T, baseURL string, store client.AccessStore) *client.Client {
	t.Helper()
	c, err := client.New(client.Options{BaseURL: baseURL, LocationID: "loc", RetryBase: 20 * time.Millisecond,
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: "pit-test"}), AccessStore: store})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestRouteMissingIsKeptUntilTheRouteAnswers: a route not on this server is kept in
// the access file, read back by the next session (which then does not ask it), and
// replaced by "open" once the route answers.
func TestRouteMissingIsKeptUntilTheRouteAnswers(t *testing.T) {
	var there atomic.Bool
	var asked atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch r.URL.Path {
		case "/funnels/funnel/folder/entities":
			asked.Add(1)
			if there.Load() {
				_, _ = w.Write([]byte(`{"entities":[]}`))
				return
			}
			w.WriteHeader(http.StatusNotFound)
			_, _ = w.Write([]byte(`{"statusCode":404,"message":"Cannot GET /funnels/funnel/folder/entities","error":"Not Found"}`))
		case "/funnels/funnel/list":
			_, _ = w.Write([]byte(`{"funnels":[],"count":0}`))
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	ctx := ctxT(t)
	file := client.AccessFile{Path: filepath.Join(t.TempDir(), "access.json"), Key: srv.URL}

	first := handMadeClient(t, srv.URL, file)
	if _, _, err := first.FolderEntities(ctx, "", "", ""); !errors.Is(err, client.ErrRouteMissing) {
		t.Fatal(err)
	}
	kept, err := file.LoadAccess()
	if err != nil || kept[client.FamilyFolders].Answer != client.AnswerRouteMissing || kept[client.FamilyFolders].Status != 404 {
		t.Fatalf("the file holds %+v (%v)", kept, err)
	}

	next := handMadeClient(t, srv.URL, file)
	if fa, _ := next.Access().Refused(client.FamilyFolders); fa.Answer != client.AnswerRouteMissing {
		t.Fatalf("the next session read %+v", next.Access())
	}
	asked.Store(0)
	if l, _, err := next.BrowseFolder(ctx, ""); err != nil || l.Via != client.FamilyFunnelList {
		t.Fatalf("browse: %+v %v", l, err)
	}
	if asked.Load() != 0 {
		t.Errorf("folder entities asked %d times though the record says they are not on this server", asked.Load())
	}

	there.Store(true)
	if _, _, err := next.FolderEntities(ctx, "", "", ""); err != nil {
		t.Fatal(err)
	}
	if _, refused := next.Access().Refused(client.FamilyFolders); refused {
		t.Errorf("folder entities answered but are still refused: %+v", next.Access())
	}
	if back, _ := file.LoadAccess(); back[client.FamilyFolders].Answer != client.AnswerOpen {
		t.Errorf("the file still says %+v", back[client.FamilyFolders])
	}
}
