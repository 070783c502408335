package validate

import (
	"errors"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client"
)

func TestRedirectPath(t *testing.T) {
	checkField(t, "path", RedirectPath, []fieldCase{
		bad("  ", "is required"),
		same("/old-offer"),
		same("/Spring-2025"), // case is kept: the service matches without it
		same("/"),
		same("/blog/2024/%C3%A9t%C3%A9.html"),
		ok(" old-offer ", "/old-offer"),
		bad("https://offers.example.com/old?x=1", "not an address: try /old"),
		bad("//offers.example.com/old", "not an address: try /old"),
		bad("/old offer", "must not contain spaces"),
		bad("/old\u202eoffer", "control characters"),
		bad("/old?utm=x", "without a ?query or #fragment: try /old"),
		bad("/old#top", "try /old"),
		bad("?x", "try /"),
		bad("/"+strings.Repeat("a", 2048), "at most 2048"),
	})
}

func TestRedirectTargetAndAction(t *testing.T) {
	url := func(s string) (string, error) { return RedirectTarget("url", s) }
	funnel := func(s string) (string, error) { return RedirectTarget("funnel", s) }
	checkField(t, "target", url, []fieldCase{
		required(),
		same("https://www.example.com/new"),
		ok(" http://example.com ", "http://example.com"),
		bad("/new-path", "must be a full address"),
		bad("ftp://example.com/x", "must be a full address"),
		bad("www.example.com/new", "must be a full address"),
	})
	checkField(t, "target", funnel, []fieldCase{
		required(),
		same("https://offers.example.com/spring-sale-opt-in"),
		same("/spring-sale-opt-in"),
		bad("a b", "must not contain spaces"),
		bad(strings.Repeat("a", 2049), "at most 2048"),
	})
	checkField(t, "action", RedirectAction, []fieldCase{
		bad("", "is required: funnel, website, url or all"),
		same("url"), ok(" Funnel ", "funnel"), same("all"), same("website"),
		bad("redirect", "must be funnel, website, url or all"),
	})
}

func TestNormalizeRedirectRequests(t *testing.T) {
	b, err := NormalizeCreateRedirect(client.CreateRedirectRequest{Domain: " Bücher.Example ", Path: "old", Target: " https://x.example/new ", Action: "URL"})
	if err != nil {
		t.Fatal(err)
	}
	if b.Domain != "xn--bcher-kva.example" || b.Path != "/old" || b.Target != "https://x.example/new" || b.Action != "url" || b.LocationID != "" {
		t.Fatalf("normalized %+v", b)
	}
	_, err = NormalizeCreateRedirect(client.CreateRedirectRequest{LocationID: "a b", Domain: "x", Path: "/a b", Target: "/new", Action: "url"})
	fe := As(err)
	var fields []string
	for _, e := range fe {
		fields = append(fields, e.Field)
	}
	if got := strings.Join(fields, " "); got != "locationId domain path target" || !errors.Is(err, ErrInvalid) {
		t.Fatalf("fields %q (%v)", got, err)
	}
	if fe.Message("target") != "must be a full address such as https://www.example.com/offer" {
		t.Fatalf("target: %q", fe.Message("target"))
	}
	// A bad action is named, and the target is checked by the general rule.
	_, err = NormalizeCreateRedirect(client.CreateRedirectRequest{Domain: "a.example", Path: "/a", Target: "/b", Action: "jump"})
	if fe := As(err); len(fe) != 1 || fe[0].Field != "action" {
		t.Fatalf("bad action: %v", err)
	}
	u, err := NormalizeUpdateRedirect(client.UpdateRedirectRequest{Target: " /b ", Action: "Website"})
	if err != nil || u.Target != "/b" || u.Action != "website" {
		t.Fatalf("update %+v %v", u, err)
	}
	if err := errOf(NormalizeUpdateRedirect(client.UpdateRedirectRequest{Action: "url", Target: "b"})); As(err).Message("target") == "" {
		t.Fatalf("update with a relative url target: %v", err)
	}
	if err := errOf(NormalizeCreateRedirect(client.CreateRedirectRequest{})); len(As(err)) != 4 {
		t.Fatalf("empty create: %v", err)
	}
}

func FuzzRedirect(f *testing.F) {
	f.Fuzz(func(t *testing.T, domain, path, target, action string) {
		fuzzField(t, "path", path, RedirectPath, nil)
		if out, err := RedirectPath(path); err == nil && (!strings.HasPrefix(out, "/") || strings.ContainsAny(out, "?# ")) {
			t.Fatalf("RedirectPath(%q) = %q", path, out)
		}
		for _, a := range append(RedirectActions(), action) {
			fuzzField(t, "target", target, func(s string) (string, error) { return RedirectTarget(a, s) }, noSpaceShape)
		}
		fuzzField(t, "action", action, RedirectAction, nil)
		b := client.CreateRedirectRequest{Domain: domain, Path: path, Target: target, Action: action}
		out, err := NormalizeCreateRedirect(b)
		if err != nil {
			if len(As(err)) == 0 {
				t.Fatalf("error %v carries no field errors", err)
			}
			return
		}
		if again, err := NormalizeCreateRedirect(out); err != nil || again != out {
			t.Fatalf("normalizing %+v twice: %+v, %v", out, again, err)
		}
	})
}
