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

	"github.com/funnelsdev/funnels/client/sandbox"
)

// funnelListProxy is a proxy of sb that hands every answer of the funnel list to edit
// (its JSON as a map) before passing it on; it returns the proxy's address.
func funnelListProxy(t *testing.T, sb *sandbox.Running, edit func(page map[string]any)) string {
	t.Helper()
	target, err := url.Parse(sb.URL)
	if err != nil {
		t.Fatal(err)
	}
	proxy := httputil.NewSingleHostReverseProxy(target)
	proxy.ModifyResponse = func(res *http.Response) error {
		if res.Request.URL.Path != "/funnels/funnel/list" || res.StatusCode != http.StatusOK {
			return nil
		}
		var page map[string]any
		if err := json.NewDecoder(res.Body).Decode(&page); err != nil {
			return err
		}
		_ = res.Body.Close()
		edit(page)
		raw, err := json.Marshal(page)
		if err != nil {
			return err
		}
		res.Body, res.ContentLength = io.NopCloser(bytes.NewReader(raw)), int64(len(raw))
		res.Header.Set("Content-Length", strconv.Itoa(len(raw)))
		return nil
	}
	srv := httptest.NewServer(proxy)
	t.Cleanup(srv.Close)
	return srv.URL
}
