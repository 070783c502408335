package cli

import (
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"
)

func TestPagesOnATerminalAndPiped(t *testing.T) {
	h := signedIn(t, sandbox.Options{})
	term := h.tty("pages", seedTrialFunnel).want(t, 0, "ID", "STATUS", seedLandingPage, "Landing Page", "Sign Up (Variation B)", "live")
	if !strings.HasPrefix(term.stdout, "ID  ") {
		t.Errorf("no header on a terminal:\n%s", term.stdout)
	}
	piped := h.run("pages", seedTrialFunnel, "--step", seedTrialSignUp).want(t, 0, "Sign Up (Variation B)")
	lines := piped.lines()
	if len(lines) != 2 || strings.Contains(piped.stdout, "STATUS") || strings.Contains(piped.stdout, "Landing Page") {
		t.Errorf("piped --step: the step's 2 pages, no header:\n%s", piped.stdout)
	}
	for _, l := range lines {
		if cells := strings.Split(l, "\t"); len(cells) != 6 || cells[2] != seedTrialSignUp {
			t.Errorf("row %q", l)
		}
	}

	var rows []struct {
		ID      string
		Deleted bool
	}
	h.run("pages", seedTrialFunnel, "--json", "id,deleted").decode(t, &rows)
	if len(rows) < 4 || rows[0].ID == "" {
		t.Errorf("--json id,deleted: %+v", rows)
	}
	h.run("pages", seedTrialFunnel, "--step", "x y").want(t, 2, "err:--step must be an id")
}

func TestPageGetOnATerminalAndPiped(t *testing.T) {
	h := signedIn(t, sandbox.Options{})
	term := h.tty("page", "get", seedLandingPage).want(t, 0, "_id:", seedLandingPage, "funnelId:", "pageVersion:", "sections:")
	if strings.Contains(term.stdout, "\t") {
		t.Errorf("tabs on a terminal:\n%s", term.stdout)
	}
	piped := h.run("page", "get", seedLandingPage).want(t, 0, "_id\t"+seedLandingPage+"\n", "funnelId\t"+seedTrialFunnel+"\n")
	if strings.Contains(piped.stdout, "_id:") {
		t.Errorf("piped fields are key<TAB>value:\n%s", piped.stdout)
	}

	var page struct {
		ID  string
		Raw map[string]any
	}
	h.run("page", "get", seedLandingPage, "--json").decode(t, &page)
	if page.ID != seedLandingPage || page.Raw["sections"] == nil {
		t.Errorf("--json: %+v", page)
	}
	var some map[string]any
	h.run("page", "get", seedLandingPage, "--json", "id,funnelId").decode(t, &some)
	if len(some) != 2 || some["funnelId"] != seedTrialFunnel {
		t.Errorf("--json id,funnelId: %v", some)
	}
	h.run("page", "get", "AAAAAAAAAAAAAAAAAAAA").want(t, 1, "err:funnels page get: 404 Page not found")
	h.run("page", "get").want(t, 2, "err:PAGE_ID is required")
	h.run("page", "get", "a?b").want(t, 2, "err:PAGE_ID must be an id")
	h.run("page").want(t, 2, "err:funnels page: a command is needed: get")
	h.run("page", "gte").want(t, 2, `err:unknown command "gte" for "funnels page"; did you mean get?`)
}
