package check

import "testing"

func TestRedirectTargetAndCover(t *testing.T) {
	for target, want := range map[string]string{
		"/spring":                              "https://offers.example.com/spring",
		"https://www.example.com/x":            "https://www.example.com/x",
		"www.example.com/x":                    "https://www.example.com/x",
		"  http://a.example  ":                 "http://a.example",
		"6fa459ea-ee8a-3ca4-894e-db77e160355e": "",
		"":                                     "",
	} {
		r := Redirect{Host: "offers.example.com", Target: target}
		if got := r.target(); got != want {
			t.Errorf("%q: %q, want %q", target, got, want)
		}
	}
	r := Redirect{Host: "a.example", Path: "/Old-Offer/"}
	if !r.covers("a.example", "/old-offer") || r.covers("b.example", "/old-offer") || r.covers("a.example", "/other") {
		t.Error("a path is matched without case and trailing slash, on its own domain")
	}
	all := Redirect{Host: "a.example", Path: "/", Action: "all"}
	if !all.covers("a.example", "/anything") {
		t.Error("action all takes every path")
	}
}
