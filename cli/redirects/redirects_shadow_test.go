package redirects_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestRedirectsImportHoldsAShadowBack: an add at a live step's address is marked in
// the plan; --dry-run shows it and says --allow-shadow sends it; --yes alone, and a
// yes on a terminal, stop before any write (exit 2) naming the step; --json holds
// the marks; --yes --allow-shadow sends it.
func TestRedirectsImportHoldsAShadowBack(t *testing.T) {
	t.Parallel()
	h := clitest.SignedIn(t, sandbox.Options{})
	file := clitest.WriteFile(t, "over-a-step.csv", "domain,path,target\n"+
		"offers.lakesidefit.com,/spring-sale-opt-in,https://offers.lakesidefit.com/bootcamp-series-opt-in\n")
	h.TTY("redirects", "import", file, "--dry-run").Want(t, 0,
		"+ add", "offers.lakesidefit.com/spring-sale-opt-in", `warning: shadows the live step "Opt-in" of "Spring Sale 2026"`,
		"err:the plan redirects from the address of 1 live step (offers.lakesidefit.com/spring-sale-opt-in)", "err:(--allow-shadow).")
	h.Run("redirects", "import", file, "--yes").Want(t, 2,
		"err:nothing was sent: the plan redirects from the address of 1 live step (offers.lakesidefit.com/spring-sale-opt-in), and 2 redirects leading there would then chain")
	r := h.Asked("y\n", "redirects", "import", file).Want(t, 2, "err:nothing was sent", "err:--allow-shadow")
	if strings.Contains(r.Stderr, "[y/N]") {
		t.Errorf("asked a question the answer to which could not send it:\n%s", r.Stderr)
	}
	var doc struct {
		Steps []struct{ Kind, Path, Warning, Outcome string }
		Marks []struct {
			Warning, Domain, Path string
			Step                  struct{ Funnel, Step string }
		}
	}
	h.Run("redirects", "import", file, "--yes", "--json").Want(t, 2).Decode(t, &doc)
	if len(doc.Steps) != 1 || doc.Steps[0].Warning != "shadow" || doc.Steps[0].Outcome != "planned" ||
		len(doc.Marks) != 3 || doc.Marks[0].Warning != "shadow" || doc.Marks[0].Step.Step != "Opt-in" || doc.Marks[1].Warning != "chain" {
		t.Errorf("--json: %+v", doc)
	}
	if w := clitest.RedirectWrites(h); len(w) != 0 {
		t.Fatalf("a plan over a live step sent %d writes without --allow-shadow", len(w))
	}
	h.Run("redirects", "import", file, "--yes", "--allow-shadow").Want(t, 0, "err:Added 1, changed 0")
	if w := clitest.RedirectWrites(h); len(w) != 1 {
		t.Errorf("--allow-shadow sent %d writes, want 1", len(w))
	}
}

// TestRedirectsImportOtherPlatformsFiles: --format names a format of another
// platform (in any of its names); a file that lists paths only takes --domain,
// checked as a host name, and without it is refused naming the flag; a format
// nobody knows is refused listing those read.
func TestRedirectsImportOtherPlatformsFiles(t *testing.T) {
	t.Parallel()
	h := clitest.SignedIn(t, sandbox.Options{})
	shopify := clitest.WriteFile(t, "moved.txt", "Redirect from,Redirect to\n/spring-2024,/spring-sale-opt-in\n")
	h.Run("redirects", "import", shopify, "--format", "Shopify", "--domain", "offers.lakesidefit.com", "--dry-run").Want(t, 0,
		"+ add\toffers.lakesidefit.com/spring-2024\thttps://offers.lakesidefit.com/spring-sale-opt-in (url)", "err:Plan: 1 to add")
	h.Run("redirects", "import", shopify, "--dry-run").Want(t, 2, "err:line 2: ", "err:(--domain HOST)")
	h.Run("redirects", "import", shopify, "--domain", "https://offers.lakesidefit.com/", "--dry-run").Want(t, 2, "err:--domain must be a host name")
	h.Run("redirects", "import", shopify, "--format", "xml", "--dry-run").Want(t, 2,
		`err:--format must be csv, json, jsonl, shopify, wordpress, netlify or vercel, not "xml"`)
	netlify := clitest.WriteFile(t, "_redirects", "/old-trial  https://join.lakesidefit.com/free-trial-sign-up  301\n/blog/*  /articles/:splat\n")
	h.Run("redirects", "import", netlify, "--domain", "webinars.lakesidefit.com", "--dry-run").Want(t, 1,
		"+ add\twebinars.lakesidefit.com/old-trial", "! refused\twebinars.lakesidefit.com/blog/*", "line 2: ")
	h.RunWith(false, "/old-trial https://join.lakesidefit.com/free-trial-sign-up\n", "redirects", "import", "-", "--domain", "webinars.lakesidefit.com", "--dry-run").Want(t, 0,
		"+ add\twebinars.lakesidefit.com/old-trial")
}

// TestRedirectsPlanBoundsAHugeCell: a path cell of megabytes is refused and shown
// by its start and its length, on a terminal and piped; its whole is in --json.
func TestRedirectsPlanBoundsAHugeCell(t *testing.T) {
	t.Parallel()
	h := clitest.SignedIn(t, sandbox.Options{})
	huge := "/" + strings.Repeat("a", 5<<20)
	file := clitest.WriteFile(t, "huge.csv", "domain,path,target\noffers.lakesidefit.com,"+huge+",https://offers.lakesidefit.com/x\n")
	for _, r := range []clitest.Result{h.TTYWidth(80, "redirects", "import", file, "--dry-run"), h.Run("redirects", "import", file, "--dry-run")} {
		r.Want(t, 1, "! refused", "… (5242881 bytes, cut)", "line 2: path must be at most 2048 characters long")
		if len(r.Stdout) > 4000 {
			t.Errorf("the plan of one refused row is %d bytes", len(r.Stdout))
		}
	}
	var doc struct{ Steps []struct{ Path string } }
	h.Run("redirects", "import", file, "--dry-run", "--json").Want(t, 1).Decode(t, &doc)
	if len(doc.Steps) != 1 || doc.Steps[0].Path != huge {
		t.Errorf("--json does not hold the whole path")
	}
}

// TestRedirectsImportSaysWhenStepsWereNotPlaced: when neither the funnel-by-domain
// route nor the funnel list answers, the plan cannot mark a shadowed step, and says
// so beside the domains it could not check.
func TestRedirectsImportSaysWhenStepsWereNotPlaced(t *testing.T) {
	t.Parallel()
	h := clitest.SignedIn(t, sandbox.Options{})
	file := clitest.WriteFile(t, "moving.csv", "domain,path,target\noffers.lakesidefit.com,/a-new-path,https://offers.lakesidefit.com/spring-sale-opt-in\n")
	h.SB.Server.FailNext(http.StatusForbidden, 1, "/funnels/lookup/funnel-with-domain")
	// Twice: once asked whether the token or the route was refused, once as the fallback.
	h.SB.Server.FailNext(http.StatusForbidden, 2, "/funnels/funnel/list")
	h.Run("redirects", "import", file, "--dry-run").Want(t, 0, "+ add\toffers.lakesidefit.com/a-new-path",
		"err:Note: not every step of the location could be placed on its domain, so an add may shadow a live step the plan does not mark.")
}
