package client_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/client"
)

// TestListAllFunnelsTrustsTheCount: a server that sends at most 10 funnels whatever
// the limit asked is not at its end while its count says more remain, and nothing is
// skipped (the offset moves by what came, not by what was asked).
func TestListAllFunnelsTrustsTheCount(t *testing.T) {
	const total = 25
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		offset, _ := strconv.Atoi(r.URL.Query().Get("offset"))
		var page []map[string]any
		for i := offset; i < min(offset+10, total); i++ {
			page = append(page, map[string]any{"_id": "f" + strconv.Itoa(i), "name": "Funnel " + strconv.Itoa(i)})
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"funnels": page, "count": total})
	}))
	defer srv.Close()
	c, err := client.New(client.Options{BaseURL: srv.URL, LocationID: "loc", TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: "t"})})
	if err != nil {
		t.Fatal(err)
	}
	all, _, err := c.ListAllFunnels(ctxT(t), client.ListFunnelsParams{}, 100)
	if err != nil || len(all) != total {
		t.Fatalf("read %d of %d: %v", len(all), total, err)
	}
	for i, f := range all {
		if f.ID != "f"+strconv.Itoa(i) {
			t.Fatalf("funnel %d is %s", i, f.ID)
		}
	}
}
