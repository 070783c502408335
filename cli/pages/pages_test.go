package pages_test

import (
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/client/sandbox"
)

func TestPagesOnATerminalAndPiped(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{})
	term := h.TTY("pages", clitest.SeedTrialFunnel).Want(t, 0, "ID", "STATUS", clitest.SeedLandingPage, "Landing Page", "Sign Up (Variation B)", "live")
	if !strings.HasPrefix(term.Stdout, "ID  ") {
		t.Errorf("no header on a terminal:\n%s", term.Stdout)
	}
	piped := h.Run("pages", clitest.SeedTrialFunnel, "--step", clitest.SeedTrialSignUp).Want(t, 0, "Sign Up (Variation B)")
	lines := piped.Lines()
	if len(lines) != 2 || strings.Contains(piped.Stdout, "STATUS") || strings.Contains(piped.Stdout, "Landing Page") {
		t.Errorf("piped --step: the step's 2 pages, no header:\n%s", piped.Stdout)
	}
	for _, l := range lines {
		if cells := strings.Split(l, "\t"); len(cells) != 6 || cells[2] != clitest.SeedTrialSignUp {
			t.Errorf("row %q", l)
		}
	}

	var rows []struct {
		ID      string
		Deleted bool
	}
	h.Run("pages", clitest.SeedTrialFunnel, "--json", "id,deleted").Decode(t, &rows)
	if len(rows) < 4 || rows[0].ID == "" {
		t.Errorf("--json id,deleted: %+v", rows)
	}
	h.Run("pages", clitest.SeedTrialFunnel, "--step", "x y").Want(t, 2, "err:--step must be an id")
}

func TestPageGetOnATerminalAndPiped(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{})
	term := h.TTY("page", "get", clitest.SeedLandingPage).Want(t, 0, "_id:", clitest.SeedLandingPage, "funnelId:", "pageVersion:", "sections:")
	if strings.Contains(term.Stdout, "\t") {
		t.Errorf("tabs on a terminal:\n%s", term.Stdout)
	}
	piped := h.Run("page", "get", clitest.SeedLandingPage).Want(t, 0, "_id\t"+clitest.SeedLandingPage+"\n", "funnelId\t"+clitest.SeedTrialFunnel+"\n")
	if strings.Contains(piped.Stdout, "_id:") {
		t.Errorf("piped fields are key<TAB>value:\n%s", piped.Stdout)
	}

	var page struct {
		ID  string
		Raw map[string]any
	}
	h.Run("page", "get", clitest.SeedLandingPage, "--json").Decode(t, &page)
	if page.ID != clitest.SeedLandingPage || page.Raw["sections"] == nil {
		t.Errorf("--json: %+v", page)
	}
	var some map[string]any
	h.Run("page", "get", clitest.SeedLandingPage, "--json", "id,funnelId").Decode(t, &some)
	if len(some) != 2 || some["funnelId"] != clitest.SeedTrialFunnel {
		t.Errorf("--json id,funnelId: %v", some)
	}
	h.Run("page", "get", "AAAAAAAAAAAAAAAAAAAA").Want(t, 1, "err:funnels page get: 404 Page not found")
	h.Run("page", "get").Want(t, 2, "err:PAGE_ID is required")
	h.Run("page", "get", "a?b").Want(t, 2, "err:PAGE_ID must be an id")
	h.Run("page").Want(t, 2, "err:funnels page: a command is needed: get")
	h.Run("page", "gte").Want(t, 2, `err:unknown command "gte" for "funnels page"; did you mean get?`)
}
