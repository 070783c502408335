package e2e

import (
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// Keys that arrive in one read, as over a laggy SSH link: the whole burst goes to
// tmux as one command, so the program reads it at once and queues every key before
// it runs the command that an enter returned. Each key must still reach the field
// that has the focus when it is handled; what the sandbox was sent says whether it did.

// keyNames are the parts of a burst that are pressed as tmux keys; any other part is
// typed literally.
var keyNames = map[string]bool{"Enter": true, "C-u": true, "C-s": true, "Up": true, "Down": true}

// burst sends parts as one tmux command: a part in keyNames is pressed, any other is
// typed literally.
func (s *tui) burst(parts ...string) {
	s.t.Helper()
	var args []string
	for i, p := range parts {
		if i > 0 {
			args = append(args, ";")
		}
		if keyNames[p] {
			args = append(args, "send-keys", "-t", "tui", p)
		} else {
			args = append(args, "send-keys", "-t", "tui", "-l", p)
		}
	}
	s.tmux(args...)
}

// startBurstTUI is the browser at w×h against a sandbox of its own, whose request
// log the test reads.
func startBurstTUI(t *testing.T, w, h int) (*tui, string) {
	sb := startSandboxBinary(t)
	base := sb.values["base_url"]
	s := startTUI(t, w, h, nil, "--no-cache", "--base-url", base, "--token", sb.values["token"], "--location", sb.values["location_id"])
	s.waitFor("Spring Sale 2026")
	return s, base
}

// move is one step on the way to a form: keys (as parts of a burst), then the screen
// showing every one of wait.
type move struct {
	keys []string
	wait []string
}

// press presses k and waits for wait.
func press(k string, wait ...string) move { return move{keys: []string{k}, wait: wait} }

// palette opens the form named name from the palette (:), which has no key of its own.
func palette(name string, wait ...string) []move {
	return []move{
		press(":", "Commands", "type to search actions"),
		{keys: []string{name}, wait: []string{"▸ " + name}},
		press("Enter", wait...),
	}
}

// springSale selects the funnel Spring Sale 2026 (the last at the root) and its
// first step, Opt-in.
var springSale = press("G", "Steps · Spring Sale 2026", "/spring-sale-opt-in")

// burstCase is one form driven by a burst: how it is opened, the burst, and the
// request the sandbox must then get.
type burstCase struct {
	name  string
	w, h  int // the terminal; 0 is 120×40
	open  []move
	burst []string
	// The request: method and path (a path ending in / is a prefix), and what it must
	// carry: "?name" is a query parameter, anything else a body field by its JSON path
	// ("contact.email", "lookups.0.target"); "" is absent or empty.
	method, path string
	want         map[string]string
	// files are written into a directory of the subtest's own before it starts; "{dir}"
	// in a part of the burst names that directory. after are the moves between the
	// burst and the request (a plan confirmed), and check looks at the directory once
	// the request came.
	files map[string]string
	after []move
	check func(t *testing.T, dir string)
}

// sentValue is the value at key of r: a query parameter ("?name") or a body field.
func sentValue(t *testing.T, r sandbox.Request, key string) string {
	t.Helper()
	if name, ok := strings.CutPrefix(key, "?"); ok {
		q, err := url.ParseQuery(r.Query)
		if err != nil {
			t.Fatalf("%s %s query %q: %v", r.Method, r.Path, r.Query, err)
		}
		return q.Get(name)
	}
	dec := json.NewDecoder(strings.NewReader(r.Body))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("%s %s body: %v\n%s", r.Method, r.Path, err, r.Body)
	}
	for _, part := range strings.Split(key, ".") {
		switch node := v.(type) {
		case map[string]any:
			v = node[part]
		case []any:
			i, err := strconv.Atoi(part)
			if err != nil || i < 0 || i >= len(node) {
				return ""
			}
			v = node[i]
		default:
			return ""
		}
	}
	if v == nil {
		return ""
	}
	return fmt.Sprint(v)
}

// awaitRequest waits for the first request to method and path (a prefix when it ends
// in /) the sandbox got after the first skip of its log.
func awaitRequest(t *testing.T, base string, skip int, method, path string) sandbox.Request {
	t.Helper()
	deadline := time.Now().Add(tuiDeadline)
	for {
		reqs := sandboxLog(t, base)
		for _, r := range reqs[min(skip, len(reqs)):] {
			hit := r.Path == path || strings.HasSuffix(path, "/") && strings.HasPrefix(r.Path, path)
			if r.Method == method && hit {
				return r
			}
		}
		if time.Now().After(deadline) {
			var got []string
			for _, r := range reqs[min(skip, len(reqs)):] {
				got = append(got, r.Method+" "+r.Path+"?"+r.Query+" "+r.Body)
			}
			t.Fatalf("timed out waiting for %s %s; after the burst the sandbox got:\n%s", method, path, strings.Join(got, "\n"))
		}
		time.Sleep(40 * time.Millisecond)
	}
}

// burstCases are the forms with a field to type in (burstForms in ui/form_order_test.go),
// each with a burst whose every part after an enter must reach the next field. A form
// of one field is sent by its enter, so the "9" typed after it must not reach the
// field: it goes to the form while it sends, which takes no keys.
func burstCases() []burstCase {
	return []burstCase{
		{name: "New step", w: 80, h: 24, // two pages: the enter on the path moves to the next
			open:   []move{springSale, press("n", "New step in Spring Sale 2026", "┃ Name")},
			burst:  []string{"VIP", "Enter", "/vip-offer", "Enter", "Enter", "C-u", "3", "Enter"},
			method: "POST", path: "/funnels/funnel/create-step",
			want: map[string]string{"step.name": "VIP", "step.url": "/vip-offer", "step.sequence": "3"}},
		{name: "New folder", // "web" typed into the choice picks websites
			open:   []move{press("N", "New folder", "┃ Name")},
			burst:  []string{"VIP Clubs", "Enter", "web", "Enter"},
			method: "POST", path: "/funnels/funnel/folder/create",
			want: map[string]string{"name": "VIP Clubs", "type": "website"}},
		{name: "Attach domain",
			open:   []move{press("D", "Attach domain", "┃ Domain")},
			burst:  []string{"vip.lakesidefit.com", "Enter", "9"},
			method: "POST", path: "/funnels/domain/attach-domain",
			want: map[string]string{"domain": "vip.lakesidefit.com"}},
		{name: "Test conversion event",
			open: []move{press("E", "Test conversion event", "┃ Event")},
			burst: []string{"Up", "Enter", "C-u", "https://vip.example.com/spring", "Enter", "49.99", "Enter", "USD", "Enter", "evt-vip-1", "Enter",
				"jo@example.com", "Enter", "Jo", "Enter", "Rivera", "Enter", "+1 555 010 0199", "Enter", "1990-04-12", "Enter",
				"Austin", "Enter", "TX", "Enter", "78701", "Enter", "US", "Enter",
				"pxp-1", "Enter", "pxc-1", "Enter", "clid-1", "Enter", "pxe-1", "Enter"},
			method: "POST", path: "/funnels/event/conversion",
			want: map[string]string{"eventName": "Purchase", "url": "https://vip.example.com/spring", "value": "49.99", "currency": "USD", "eventId": "evt-vip-1",
				"contact.email": "jo@example.com", "contact.firstName": "Jo", "contact.lastName": "Rivera", "contact.phone": "+15550100199",
				"contact.dateOfBirth": "1990-04-12T00:00:00Z", "contact.city": "Austin", "contact.state": "TX", "contact.postalCode": "78701", "contact.country": "US",
				"pxp": "pxp-1", "pxc": "pxc-1", "pxclid": "clid-1", "pxEventId": "pxe-1"}},
		{name: "Trigger page-visit workflow",
			open:   []move{springSale, press("T", "Trigger page-visit workflow", "┃ Funnel id")},
			burst:  []string{"C-u", "funnel-vip-1", "Enter", "C-u", "step-vip-2", "Enter", "C-u", "/vip-3", "Enter"},
			method: "POST", path: "/funnels/page/view/workflow/trigger",
			want: map[string]string{"funnelId": "funnel-vip-1", "stepId": "step-vip-2", "pageUrl": "/vip-3"}},
		{name: "Check step path", // the funnel emptied: every funnel
			open:   append([]move{springSale}, palette("Check step path", "┃ Path")...),
			burst:  []string{"/vip-offer", "Enter", "C-u", "Enter"},
			method: "GET", path: "/funnels/funnel/funnel-step-page-url",
			want: map[string]string{"?path": "/vip-offer", "?funnelId": ""}},
		{name: "Funnel by domain",
			open:   palette("Funnel by domain", "┃ Domain"),
			burst:  []string{"join.lakesidefit.com", "Enter", "9"},
			method: "GET", path: "/funnels/lookup/funnel-with-domain",
			want: map[string]string{"?domain": "join.lakesidefit.com"}},
		{name: "Regex redirects",
			open:   palette("Regex redirects", "┃ Domain"),
			burst:  []string{"join.lakesidefit.com", "Enter", "9"},
			method: "GET", path: "/funnels/lookup/redirect/regex",
			want: map[string]string{"?domain": "join.lakesidefit.com"}},
		{name: "Lookup multiple",
			open:   palette("Lookup multiple", "┃ Body (JSON)"),
			burst:  []string{"C-u", `{"lookups": [{"target": "/vip-offer", "action": "unpublish"}]}`, "Enter", "9"},
			method: "POST", path: "/funnels/lookup/multiple",
			want: map[string]string{"lookups.0.target": "/vip-offer", "lookups.0.action": "unpublish"}},
		{name: "Order-form products",
			open:   palette("Order-form products", "┃ Product id"),
			burst:  []string{"prod-vip-1", "Enter", "9"},
			method: "GET", path: "/funnels/order-form/public/product",
			want: map[string]string{"?productId": "prod-vip-1"}},
		{name: "Page by id",
			open:   palette("Page by id", "┃ Page id"),
			burst:  []string{"page-vip-1", "Enter", "9"},
			method: "GET", path: "/funnels/page/page-vip-1"},
		{name: "Attach social account", // linkedin, the location kept
			open:   palette("Attach social account", "┃ Platform"),
			burst:  []string{"Down", "Down", "Enter", "Enter", "acct-vip-1", "Enter", "C-u", `{"name": "VIP"}`, "Enter"},
			method: "POST", path: "/social-media-posting/oauth/LakesideFit2026Loc01/linkedin/accounts/acct-vip-1",
			want: map[string]string{"name": "VIP"}},
		{name: "Redirect a path here", // the domain and the step's URL kept
			open:   []move{springSale, press("P", "New redirect", "┃ Domain", "offers.lakesidefit.com")},
			burst:  []string{"Enter", "/vip-here", "Enter", "Enter", "Enter"},
			method: "POST", path: "/funnels/lookup/redirect",
			want: map[string]string{"domain": "offers.lakesidefit.com", "path": "/vip-here", "action": "funnel",
				"target": "https://offers.lakesidefit.com/spring-sale-opt-in"}},
		{name: "New redirect", // the domain of the selected redirect kept
			open:   []move{press("U", "Redirects", "8 redirects", "/7-day-pass"), press("n", "New redirect", "┃ Domain", "join.lakesidefit.com")},
			burst:  []string{"Enter", "/vip-x", "Enter", "Enter", "https://join.lakesidefit.com/vip", "Enter"},
			method: "POST", path: "/funnels/lookup/redirect",
			want: map[string]string{"domain": "join.lakesidefit.com", "path": "/vip-x", "action": "url", "target": "https://join.lakesidefit.com/vip"}},
		{name: "Import redirects from file…", // the file's name, no domain, keep the others: the plan, sent once asked
			open:   []move{press("U", "Redirects", "8 redirects"), press("I", "Import redirects from a file", "┃ File")},
			files:  map[string]string{"moving.csv": "domain,path,target,action\noffers.lakesidefit.com,/vip-moved,https://offers.lakesidefit.com/spring-sale-opt-in,url\n"},
			burst:  []string{"{dir}/moving.csv", "Enter", "Enter", "Enter"},
			after:  []move{{wait: []string{"Import of moving.csv", "+1 ~0"}}, press("s", "Send 1 write"), press("y", "added")},
			method: "POST", path: "/funnels/lookup/redirect",
			want: map[string]string{"domain": "offers.lakesidefit.com", "path": "/vip-moved", "action": "url",
				"target": "https://offers.lakesidefit.com/spring-sale-opt-in"}},
		{name: "Export redirects…", // the file named, then a 9 that must not reach it
			open:   []move{press("U", "Redirects", "8 redirects"), press("X", "Export redirects to a file", "┃ File")},
			burst:  []string{"C-u", "{dir}/out.csv", "Enter", "9"},
			method: "GET", path: "/funnels/lookup/redirect/list",
			check: func(t *testing.T, dir string) {
				deadline := time.Now().Add(tuiDeadline)
				for {
					b, err := os.ReadFile(dir + "/out.csv")
					if err == nil && strings.HasPrefix(string(b), "domain,path,target,action,id\n") {
						return
					}
					if time.Now().After(deadline) {
						t.Fatalf("out.csv was not written whole under its typed name: %v %q", err, b)
					}
					time.Sleep(40 * time.Millisecond)
				}
			}},
		{name: "Edit redirect", // join.lakesidefit.com/7-day-pass, a funnel's, made a URL's
			open:   []move{press("U", "Redirects", "8 redirects", "/7-day-pass"), press("e", "Edit redirect", "┃ Goes to")},
			burst:  []string{"Down", "Down", "Enter", "C-u", "https://vip.example.com/pass", "Enter"},
			method: "PATCH", path: "/funnels/lookup/redirect/",
			want: map[string]string{"action": "url", "target": "https://vip.example.com/pass"}},
	}
}

// TestTUIBurstIntoEveryForm opens every form with a field to type in, sends the
// whole burst of its fields at once, and checks what the sandbox got: every field
// holds exactly its own text, and a select the choice made.
func TestTUIBurstIntoEveryForm(t *testing.T) {
	t.Parallel()
	cases := burstCases()
	for _, name := range modelBurstForms(t) {
		if !slices.ContainsFunc(cases, func(c burstCase) bool { return c.name == name }) {
			t.Errorf("form %q is in burstForms (ui/form_order_test.go): add it to burstCases", name)
		}
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			w, h := c.w, c.h
			if w == 0 {
				w, h = 120, 40
			}
			dir := t.TempDir()
			for name, content := range c.files {
				if err := os.WriteFile(dir+"/"+name, []byte(content), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			s, base := startBurstTUI(t, w, h)
			for _, m := range c.open {
				s.burst(m.keys...)
				s.waitFor(m.wait...)
			}
			skip := len(sandboxLog(t, base))
			parts := make([]string, len(c.burst))
			for i, p := range c.burst {
				parts[i] = strings.ReplaceAll(p, "{dir}", dir)
			}
			s.burst(parts...)
			for _, m := range c.after {
				if len(m.keys) > 0 {
					s.burst(m.keys...)
				}
				s.waitFor(m.wait...)
			}
			r := awaitRequest(t, base, skip, c.method, c.path)
			if c.check != nil {
				c.check(t, dir)
			}
			for k, want := range c.want {
				if got := sentValue(t, r, k); got != want {
					t.Errorf("%s is %q, want %q (%s %s?%s %s)", k, got, want, r.Method, r.Path, r.Query, r.Body)
				}
			}
		})
	}
}

// modelBurstForms are the names burstForms in ui/form_order_test.go lists: the forms
// the model-level burst test types into.
func modelBurstForms(t *testing.T) []string {
	t.Helper()
	src, err := os.ReadFile("../ui/form_order_test.go")
	if err != nil {
		t.Fatal(err)
	}
	_, body, _ := strings.Cut(string(src), "func burstForms() []burstForm {")
	body, _, _ = strings.Cut(body, "\n}\n")
	var names []string
	for _, m := range regexp.MustCompile(`\{"([^"]+)", \w+\}`).FindAllStringSubmatch(body, -1) {
		names = append(names, m[1])
	}
	if len(names) == 0 {
		t.Fatal("no forms found in burstForms (ui/form_order_test.go)")
	}
	return names
}
