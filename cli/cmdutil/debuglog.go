package cmdutil

import (
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/funnelsdev/funnels/config"
)

// DebugWanted reports whether --debug or FUNNELS_DEBUG asks for the debug log; a
// FUNNELS_DEBUG that is no on/off value is a *config.SwitchError.
func DebugWanted(getenv func(string) string, flags config.Flags) (bool, error) {
	v := getenv("FUNNELS_DEBUG")
	if flags.Debug || strings.TrimSpace(v) == "" {
		return flags.Debug, nil
	}
	return config.ParseSwitch("FUNNELS_DEBUG", v)
}

// openDebugLog opens dir/debug.log for appending: 0600 in a 0700 directory, like the
// tokens beside it.
func openDebugLog(dir string) (*os.File, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("debug log: %w", err)
	}
	path := filepath.Join(dir, "debug.log")
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("debug log: %w", err)
	}
	if err := f.Chmod(0o600); err != nil {
		f.Close()
		return nil, fmt.Errorf("debug log: %w", err)
	}
	return f, nil
}

// debugTransport writes one entry per HTTP exchange: method, URL, status or error,
// latency, the request's headers and the response's rate-limit headers. Secrets never
// reach it: Authorization and cookies are redacted, secret-looking query values too,
// and no body is written (token answers carry tokens in their bodies).
type debugTransport struct {
	base http.RoundTripper
	mu   sync.Mutex
	w    io.Writer
}

func newDebugTransport(base http.RoundTripper, w io.Writer) *debugTransport {
	if base == nil {
		base = http.DefaultTransport
	}
	return &debugTransport{base: base, w: w}
}

func (d *debugTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	start := time.Now()
	res, err := d.base.RoundTrip(req)
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s %s", start.UTC().Format(time.RFC3339Nano), req.Method, redactURL(req.URL))
	if err != nil {
		fmt.Fprintf(&b, " error=%q", err.Error())
	} else {
		fmt.Fprintf(&b, " status=%d", res.StatusCode)
	}
	fmt.Fprintf(&b, " latency=%s\n", time.Since(start).Round(time.Millisecond))
	writeHeaders(&b, "  > ", req.Header, nil)
	if res != nil {
		writeHeaders(&b, "  < ", res.Header, func(k string) bool {
			return strings.HasPrefix(k, "X-Ratelimit-") || k == "Retry-After" || k == "Content-Type"
		})
	}
	d.mu.Lock()
	_, _ = io.WriteString(d.w, b.String())
	d.mu.Unlock()
	return res, err
}

// secretHeader reports a header that is never written as it is.
func secretHeader(canonical string) bool {
	switch canonical {
	case "Authorization", "Cookie", "Set-Cookie", "Proxy-Authorization":
		return true
	}
	return false
}

func writeHeaders(b *strings.Builder, prefix string, h http.Header, keep func(string) bool) {
	keys := make([]string, 0, len(h))
	for k := range h {
		if keep == nil || keep(http.CanonicalHeaderKey(k)) {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := strings.Join(h.Values(k), ", ")
		if secretHeader(http.CanonicalHeaderKey(k)) {
			scheme, _, _ := strings.Cut(v, " ")
			v = scheme + " [redacted]"
			if scheme == v {
				v = "[redacted]"
			}
		}
		fmt.Fprintf(b, "%s%s: %s\n", prefix, k, v)
	}
}

// secretParams are the query parameters whose values are redacted.
func secretParams() []string {
	return []string{"token", "access_token", "refresh_token", "code", "client_secret", "code_verifier", "state"}
}

func redactURL(u *url.URL) string {
	c := *u
	c.User = nil
	q := c.Query()
	changed := false
	for _, p := range secretParams() {
		if q.Has(p) {
			q.Set(p, "[redacted]")
			changed = true
		}
	}
	if changed {
		c.RawQuery = q.Encode()
	}
	return c.String()
}
