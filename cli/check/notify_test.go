package check

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	linkcheck "github.com/funnelsdev/funnels/client/check"
)

// TestNotifierAsksAFewTimes: a webhook that fails for a moment is asked again after
// the usual wait or its Retry-After, three times at most; one that refuses the
// notice itself (4xx) or redirects is asked once; a Retry-After past the bound is
// not waited.
func TestNotifierAsksAFewTimes(t *testing.T) {
	for _, c := range []struct {
		name    string
		answers []int
		retry   string
		asked   int
		waits   []time.Duration
		ok      bool
	}{
		{"fine", []int{200}, "", 1, nil, true},
		{"a moment down", []int{503, 502, 204}, "", 3, []time.Duration{time.Second, 2 * time.Second}, true},
		{"down", []int{500, 500, 500, 500}, "", 3, []time.Duration{time.Second, 2 * time.Second}, false},
		{"too many", []int{429, 200}, "7", 2, []time.Duration{7 * time.Second}, true},
		{"too many for long", []int{429, 200}, "3600", 1, nil, false},
		{"refused", []int{400, 200}, "", 1, nil, false},
		{"moved", []int{302, 200}, "", 1, nil, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			var asked atomic.Int64
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				i := asked.Add(1) - 1
				if r.Header.Get("Authorization") != "" || r.Header.Get("Cookie") != "" {
					t.Errorf("a credential was sent: %v", r.Header)
				}
				code := c.answers[min(int(i), len(c.answers)-1)]
				if c.retry != "" {
					w.Header().Set("Retry-After", c.retry)
				}
				if code == 302 {
					w.Header().Set("Location", "/elsewhere")
				}
				w.WriteHeader(code)
			}))
			defer srv.Close()
			n, err := newNotifier(srv.URL+"/services/T0/B0/secret", func(string) string { return "" }, nil)
			if err != nil {
				t.Fatal(err)
			}
			var waits []time.Duration
			n.sleep = func(_ context.Context, d time.Duration) error { waits = append(waits, d); return nil }
			err = n.post(t.Context(), notice{Text: "x"})
			if (err == nil) != c.ok || int(asked.Load()) != c.asked || len(waits) != len(c.waits) {
				t.Fatalf("err %v, asked %d, waited %v", err, asked.Load(), waits)
			}
			for i := range waits {
				if waits[i] != c.waits[i] {
					t.Errorf("waited %v, want %v", waits, c.waits)
				}
			}
			if err != nil && (strings.Contains(err.Error(), "secret") || !strings.Contains(err.Error(), srv.URL)) {
				t.Errorf("the error names the webhook's key, or not its host: %v", err)
			}
		})
	}
}

// TestNoticeText: the text names the sub-account (or how many), each error with its
// fix, counts the rest past the bound, and escapes what a page or the index says so
// nothing in it mentions a channel or makes a link.
func TestNoticeText(t *testing.T) {
	one := func(loc, name, path, msg string) cmdutil.Tagged[finding] {
		return cmdutil.Tagged[finding]{MemberTag: cmdutil.MemberTag{Location: loc, LocationName: name},
			Record: finding{Severity: linkcheck.Error, Subject: linkcheck.Subject{Type: linkcheck.SubjectStep, Host: "join.example.com", Path: path}, Message: msg,
				Fix: &linkcheck.Fix{Text: "redirect /a → /b"}}}
	}
	n := noticeOf([]cmdutil.Tagged[finding]{one("L1", "Gym <One>", "/a", "answers 404 <!channel>")}, "")
	want := "funnels check: 1 new error in Gym &lt;One&gt;\n• join.example.com/a: answers 404 &lt;!channel&gt; → redirect /a → /b"
	if n.Text != want || len(n.Findings) != 1 {
		t.Errorf("text:\n%s\nwant:\n%s", n.Text, want)
	}
	var many []cmdutil.Tagged[finding]
	for i := range 25 {
		loc := "L1"
		if i%2 == 1 {
			loc = "L2"
		}
		many = append(many, one(loc, "Gym "+loc, "/p", "answers 404"))
	}
	n = noticeOf(many, "")
	lines := strings.Split(n.Text, "\n")
	if lines[0] != "funnels check: 25 new errors in 2 sub-accounts" || len(lines) != 22 || lines[21] != "… and 5 more" ||
		!strings.HasPrefix(lines[1], "• Gym L1 · join.example.com/p") {
		t.Errorf("text:\n%s", n.Text)
	}
}
