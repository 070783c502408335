package index

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strconv"
	"testing"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// A funnel the funnel list answers without its steps (a server or a proxy that
// leaves the field out) is still the location's: the look-up returns it, steps
// unknown, rather than saying the location has no such funnel.
func TestLookupFunnelListedWithoutSteps(t *testing.T) {
	sb := fastSandbox(t, sandbox.Options{Surface: sandbox.SurfaceDocumented})
	target, err := url.Parse(sb.URL)
	if err != nil {
		t.Fatal(err)
	}
	pass := httputil.NewSingleHostReverseProxy(target)
	pass.ModifyResponse = func(r *http.Response) error {
		if r.Request.URL.Path != "/funnels/funnel/list" || r.StatusCode != http.StatusOK {
			return nil
		}
		body, err := io.ReadAll(r.Body)
		_ = r.Body.Close()
		if err != nil {
			return err
		}
		var page map[string]any
		if json.Unmarshal(body, &page) == nil {
			for _, v := range page {
				if list, ok := v.([]any); ok {
					for _, f := range list {
						if m, ok := f.(map[string]any); ok {
							delete(m, "steps")
						}
					}
				}
			}
			body, _ = json.Marshal(page)
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		r.ContentLength = int64(len(body))
		r.Header.Set("Content-Length", strconv.Itoa(len(body)))
		return nil
	}
	proxy := httptest.NewServer(pass)
	t.Cleanup(proxy.Close)
	direct := newClient(t, sb, "")
	ctx := ctxT(t)
	all, _, err := direct.ListAllFunnels(ctx, client.ListFunnelsParams{}, 100)
	if err != nil || len(all) == 0 {
		t.Fatalf("the funnel list: %d funnels, %v", len(all), err)
	}
	via := &sandbox.Running{URL: proxy.URL, Server: sb.Server}
	got, err := LookupFunnel(ctx, newClient(t, via, ""), newStore(t, via), all[0].ID, false)
	if err != nil || got.Funnel == nil || got.Funnel.ID != all[0].ID || got.Funnel.StepsKnown {
		t.Fatalf("looked up %+v (%v), want the funnel, steps unknown", got.Funnel, err)
	}
}
