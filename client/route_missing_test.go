package client_test

import (
	"context"
	"errors"
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
// only the documented routes, a route's 404 ("Cannot GET …") is ErrRouteMissing, not
// an item not found; it goes into the access record; browsing and a page's detail
// fall back as for the IAM refusal and say why once, without asking the route again.
// A 404 that names an item on a route that is there stays ErrNotFound.
func TestRouteMissingOnTheDocumentedSurface(t *testing.T) {
	c, sb := newTestClient(t, sandbox.Options{Surface: sandbox.SurfaceDocumented})
	ctx := ctxT(t)

	_, _, err := c.FolderEntities(ctx, "", "", "")
	var api *client.APIError
	if !errors.As(err, &api) || !errors.Is(err, client.ErrRouteMissing) || api.StatusCode != 404 {
		t.Fatalf("folder entities: %v, want a 404 matching ErrRouteMissing", err)
	}
	if errors.Is(err, client.ErrNotFound) || errors.Is(err, client.ErrUnauthorized) || errors.Is(err, client.ErrRouteUnavailable) {
		t.Errorf("a route not on this server matches an item's or a token's error: %v", err)
	}
	if api.Family != client.FamilyFolders || api.Message() != "Cannot GET /funnels/funnel/folder/entities" ||
		!strings.Contains(api.Explain(), "not on this server (404)") || api.Remedy() != client.NotOnServer {
		t.Errorf("family %q, message %q, explain %q, remedy %q", api.Family, api.Message(), api.Explain(), api.Remedy())
	}
	fa, refused := c.Access().Refused(client.FamilyFolders)
	if !refused || fa.Answer != client.AnswerRouteMissing || fa.Status != 404 {
		t.Fatalf("access record: %+v", c.Access())
	}
	if r := c.Access().Reason(client.FamilyFolders); !strings.HasPrefix(r, "404 not on this server") {
		t.Errorf("reason %q", r)
	}

	// An id in the path: Express's "Cannot GET" is still the route, not the page.
	if _, _, err := c.Page(ctx, "abc"); !errors.Is(err, client.ErrRouteMissing) || errors.Is(err, client.ErrNotFound) {
		t.Errorf("page by id: %v, want ErrRouteMissing", err)
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

	// A page's detail comes from the page list, marked partial with the reason.
	funnels, _, err := c.ListAllFunnels(ctx, client.ListFunnelsParams{}, 0)
	if err != nil {
		t.Fatal(err)
	}
	pages, _, err := c.ListAllPages(ctx, client.ListPagesParams{FunnelID: funnels[0].ID})
	if err != nil || len(pages) == 0 {
		t.Fatalf("pages: %d %v", len(pages), err)
	}
	read, _, err := c.PageDetail(ctx, "", pages[0].ID)
	if err != nil || !read.Partial || read.Page.ID != pages[0].ID || read.Refusal == nil || read.Refusal.Refusal != client.RefusedMissing {
		t.Fatalf("page detail: %+v %v", read, err)
	}

	// The page list of a funnel that does not exist: the route is there, the item is not.
	_, _, err = c.ListPages(ctx, client.ListPagesParams{FunnelID: "AAAAAAAAAAAAAAAAAAAA", Limit: 20})
	if !errors.Is(err, client.ErrNotFound) || errors.Is(err, client.ErrRouteMissing) {
		t.Errorf("page list of no funnel: %v, want ErrNotFound", err)
	}
	if c.Access()[client.FamilyPageList].Answer != client.AnswerOpen {
		t.Errorf("page list: %+v, want open", c.Access()[client.FamilyPageList])
	}
}

// TestA404ForAnItemIsNotARouteMissing: a hand-made server on loopback answers 404s in
// the shapes a server may use. On a path with an id only a body that says the route
// or path was not found is the route; "Page not found" and a bare "Not Found" are the
// page's. On a path without an id a body that names nothing is the route too.
func TestA404ForAnItemIsNotARouteMissing(t *testing.T) {
	for _, tc := range []struct {
		name, path, body string
		call             func(*client.Client) error
		missing          bool
	}{
		{"page not found", "/funnels/page/abc", `{"statusCode":404,"message":"Page not found","error":"Not Found"}`, pageByID, false},
		{"record not found", "/funnels/page/abc", `{"message":"Record not found"}`, pageByID, false},
		{"bare not found", "/funnels/page/abc", `{"statusCode":404,"message":"Not Found"}`, pageByID, false},
		{"no body", "/funnels/page/abc", ``, pageByID, false},
		{"cannot get", "/funnels/page/abc", `{"statusCode":404,"message":"Cannot GET /funnels/page/abc","error":"Not Found"}`, pageByID, true},
		{"route not found", "/funnels/page/abc", `{"message":"Route not found"}`, pageByID, true},
		{"path not found", "/funnels/page/abc", `{"error":"path not found"}`, pageByID, true},
		{"entities: folder not found", "/funnels/funnel/folder/entities", `{"statusCode":404,"message":"Folder not found"}`, entities, false},
		{"entities: bare not found", "/funnels/funnel/folder/entities", `{"statusCode":404,"error":"Not Found"}`, entities, true},
		{"entities: html", "/funnels/funnel/folder/entities", `<html><body>404 page not found</body></html>`, entities, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path != tc.path {
					http.Error(w, "unexpected", http.StatusTeapot)
					return
				}
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(http.StatusNotFound)
				_, _ = w.Write([]byte(tc.body))
			}))
			t.Cleanup(srv.Close)
			c := handMadeClient(t, srv.URL, nil)
			err := tc.call(c)
			if got := errors.Is(err, client.ErrRouteMissing); got != tc.missing || errors.Is(err, client.ErrNotFound) == tc.missing {
				t.Fatalf("%v: route missing %v, want %v", err, got, tc.missing)
			}
			want := client.AnswerOpen
			if tc.missing {
				want = client.AnswerRouteMissing
			}
			for _, fa := range c.Access() {
				if fa.Answer != want {
					t.Errorf("access record %+v, want %v", c.Access(), want)
				}
			}
			if len(c.Access()) != 1 {
				t.Errorf("access record %+v, want the one family", c.Access())
			}
		})
	}
}

func pageByID(c *client.Client) error {
	_, _, err := c.Page(context.Background(), "abc")
	return err
}

func entities(c *client.Client) error {
	_, _, err := c.FolderEntities(context.Background(), "", "", "")
	return err
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
