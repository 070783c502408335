package check

import (
	"net/http"
	"slices"
	"strings"
	"testing"
)

// A step's address is judged by where its chain ends and how it got there.
func TestStepChainsAndPages(t *testing.T) {
	site := startTestSite(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/long":
			http.Redirect(w, r, "/long1", http.StatusFound)
		case "/long1", "/long2", "/long3":
			http.Redirect(w, r, r.URL.Path[:5]+string(r.URL.Path[len(r.URL.Path)-1]+1), http.StatusFound)
		case "/long4", "/short1", "/plain":
			page(w, r)
		case "/short":
			http.Redirect(w, r, "/short1", http.StatusFound)
		case "/down":
			http.Redirect(w, r, "http://"+r.Host+"/plain", http.StatusFound)
		case "/loop":
			http.Redirect(w, r, "/loop2", http.StatusFound)
		case "/loop2":
			http.Redirect(w, r, "/loop", http.StatusFound)
		case "/broken":
			http.Redirect(w, r, "/gone", http.StatusMovedPermanently)
		case "/gone":
			http.Error(w, "gone", http.StatusGone)
		case "/error":
			http.Error(w, "oops", http.StatusInternalServerError)
		case "/bare":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			_, _ = w.Write([]byte("<!doctype html><p>no head at all"))
		case "/robots":
			w.Header().Set("X-Robots-Tag", "googlebot: noindex")
			page(w, r)
		case "/mail":
			http.Redirect(w, r, "mailto:hello@example.com", http.StatusFound)
		default:
			http.NotFound(w, r)
		}
	}))
	var log dialLog
	var loc Location
	for _, p := range []string{"/long", "/short", "/down", "/loop", "/broken", "/error", "/bare", "/robots", "/mail"} {
		loc.Steps = append(loc.Steps, Step{ID: p, Name: p, Host: "s.check.test", Path: p, Live: true})
	}
	res, err := Run(ctxT(t), []Location{loc}, site.options(&log))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"error loop step s.check.test/loop",
		"error status step s.check.test/broken",
		"error status step s.check.test/error",
		"error status step s.check.test/mail",
		"warning downgrade step s.check.test/down",
		"warning long-chain step s.check.test/long",
		"warning no-description step s.check.test/bare",
		"warning no-title step s.check.test/bare",
		"warning noindex step s.check.test/robots",
	}
	if got := problems(res[0]); !slices.Equal(got, want) {
		t.Errorf("found:\n%s", strings.Join(got, "\n"))
	}
	for _, f := range res[0].Findings {
		switch f.Subject.Path {
		case "/long":
			if len(f.Evidence.Chain) != 5 || !strings.Contains(f.Message, "4 redirects: /long → /long1 → /long2 → /long3 → /long4") {
				t.Errorf("long: %s %+v", f.Message, f.Evidence.Chain)
			}
		case "/broken":
			if f.Evidence.Status != 410 || !strings.Contains(f.Message, "answers 410") {
				t.Errorf("broken: %s", f.Message)
			}
		case "/short":
			if f.Severity != OK || len(f.Evidence.Chain) != 2 {
				t.Errorf("short: %+v", f)
			}
		}
	}
}

// A step not live or without a domain is not asked; a location with nothing served
// asks nothing.
func TestNothingToAsk(t *testing.T) {
	var log dialLog
	loc := Location{Steps: []Step{{ID: "a", Host: "x.check.test", Path: "/a"}, {ID: "b", Path: "/b", Live: true}}}
	res, err := Run(ctxT(t), []Location{loc}, Options{Resolver: NoDNS{}, Dial: log.dial})
	if err != nil || len(res[0].Findings) != 0 || !res[0].Complete || len(log.list()) != 0 {
		t.Errorf("%v %+v %v", err, res[0], log.list())
	}
}
