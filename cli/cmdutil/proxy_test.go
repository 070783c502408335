package cmdutil

import "testing"

// TestProxyOf: ProxyOf names the proxy the environment sends the base URL's
// requests through, its password hidden, and none where NO_PROXY leaves the host out
// or the address is loopback.
func TestProxyOf(t *testing.T) {
	env := func(vars map[string]string) func(string) string { return func(k string) string { return vars[k] } }
	const base = "https://services.leadconnectorhq.com"
	for _, c := range []struct {
		vars map[string]string
		base string
		want string
	}{
		{map[string]string{}, base, ""},
		{map[string]string{"HTTPS_PROXY": "http://alice:s3cret@proxy.corp:3128"}, base, "http://alice:xxxxx@proxy.corp:3128"},
		{map[string]string{"https_proxy": "http://proxy.corp:3128"}, base, "http://proxy.corp:3128"},
		{map[string]string{"HTTPS_PROXY": "http://proxy.corp:3128", "NO_PROXY": ".leadconnectorhq.com"}, base, ""},
		{map[string]string{"HTTPS_PROXY": "http://proxy.corp:3128"}, "https://127.0.0.1:8484", ""},
		{map[string]string{"HTTP_PROXY": "http://proxy.corp:3128"}, base, ""},
	} {
		if got := ProxyOf(env(c.vars), c.base); got != c.want {
			t.Errorf("%v %s: %q, want %q", c.vars, c.base, got, c.want)
		}
	}
}
