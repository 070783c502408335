package auth

import (
	"net/http"
	"time"
)

// APIVersion is the Version header every call to the service carries, token calls too.
const APIVersion = "2021-07-28"

// UserAgent is sent on token calls unless the request already names one.
const UserAgent = "funnels-cli (+https://github.com/funnelsdev/funnels)"

// tokenClient returns a client for token calls: the caller's transport (or the default)
// under one that adds Version and User-Agent, with a timeout if the caller set none.
func tokenClient(hc *http.Client) *http.Client {
	out := &http.Client{Timeout: 30 * time.Second}
	if hc != nil {
		c := *hc
		out = &c
		if out.Timeout == 0 {
			out.Timeout = 30 * time.Second
		}
	}
	out.Transport = headerTransport{base: out.Transport}
	return out
}

// headerTransport adds the service's headers to a clone of each request.
type headerTransport struct{ base http.RoundTripper }

func (h headerTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	r := req.Clone(req.Context())
	r.Header.Set("Version", APIVersion)
	if r.Header.Get("User-Agent") == "" {
		r.Header.Set("User-Agent", UserAgent)
	}
	if r.Header.Get("Accept") == "" {
		r.Header.Set("Accept", "application/json")
	}
	base := h.base
	if base == nil {
		base = http.DefaultTransport
	}
	return base.RoundTrip(r)
}
