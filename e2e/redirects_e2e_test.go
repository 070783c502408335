package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTUIRedirectsCreateListEditDelete drives the Redirects view of the real binary
// (--demo) in tmux: a redirect is made, seen in the list, changed and deleted, each
// step waited for on the screen.
func TestTUIRedirectsCreateListEditDelete(t *testing.T) {
	t.Parallel()
	s := startTUI(t, 120, 40, nil, "--demo")
	s.waitFor("Spring Sale 2026")
	s.keys("U")
	s.waitFor("Redirects", "8 redirects", "/7-day-pass", "→ https://www.instagram.com/lakesidefit")

	// n: the domain starts as the selected redirect's.
	s.keys("n")
	s.waitFor("New redirect", "┃ Domain", "join.lakesidefit.com")
	s.keys("Tab")
	s.waitFor("┃ Path")
	s.text("/Old-Offer")
	s.keys("Tab")
	s.waitFor("┃ Goes to")
	s.keys("Tab")
	s.waitFor("┃ Target")
	s.text("https://join.lakesidefit.com/free-trial-landing")
	s.keys("Enter")
	scr := s.waitUntil("the redirect listed, selected, and the bar saying so", func(scr string) bool {
		return !strings.Contains(scr, "New redirect") && strings.Contains(scr, "9 redirects") &&
			strings.Contains(rowOf(scr, "/Old-Offer"), "▸") && strings.Contains(lastLine(scr), "created redirect join.lakesidefit.com/Old-Offer (201)")
	})
	if row := rowOf(scr, "/Old-Offer"); !strings.Contains(row, "→ https://join.lakesidefit.com/free-trial-landing") || !strings.Contains(row, "url") {
		t.Fatalf("the new row shows its target and action: %q", row)
	}

	// The filter finds it; e changes where it goes.
	s.keys("/")
	s.text("old-offer")
	s.waitUntil("the filter narrowing, the new redirect still selected", func(scr string) bool {
		return strings.Contains(scr, "/old-offer") && strings.Contains(scr, " of 9") && strings.Contains(rowOf(scr, "/Old-Offer"), "▸") &&
			rowOf(scr, "/timetable") == ""
	})
	s.keys("Enter")
	s.keys("e")
	s.waitFor("Edit redirect · join.lakesidefit.com/Old-Offer", "┃ Goes to")
	s.keys("Tab")
	s.waitFor("┃ Target")
	s.keys("C-u")
	s.waitUntil("the target cleared", func(scr string) bool {
		return !strings.Contains(scr, "> https://join.lakesidefit.com/free-trial-landing")
	})
	s.text("https://www.lakesidefit.com/pricing")
	s.keys("Enter")
	s.waitUntil("the row changed and the bar saying so", func(scr string) bool {
		return !strings.Contains(scr, "Edit redirect") && strings.Contains(rowOf(scr, "/Old-Offer"), "→ https://www.lakesidefit.com/pricing") &&
			strings.Contains(lastLine(scr), "changed join.lakesidefit.com/Old-Offer (200)")
	})

	// d asks, with cancel highlighted; y deletes.
	s.keys("d")
	s.waitFor("Delete the redirect of join.lakesidefit.com/Old-Offer?", "enter: cancel (highlighted)")
	s.keys("y")
	s.waitUntil("the redirect gone", func(scr string) bool {
		return !strings.Contains(scr, "Delete the redirect") && rowOf(scr, "/Old-Offer") == "" &&
			strings.Contains(lastLine(scr), "deleted redirect join.lakesidefit.com/Old-Offer (200)")
	})
	s.escape("/old-offer") // the filter
	s.waitFor("8 redirects", "/7-day-pass")
	s.escape("8 redirects") // the view
	s.waitFor("Spring Sale 2026")
	s.quit()
}

// rowOf is the line of the screen that lists the redirect of path, or "".
func rowOf(scr, path string) string {
	for _, l := range strings.Split(scr, "\n") {
		if strings.Contains(l, " "+path+" ") && strings.Contains(l, "→") {
			return l
		}
	}
	return ""
}

// importFile opens the Redirects view and imports file with no domain, keeping the
// redirects it leaves out: the plan is what shows next.
func importFile(s *tui, file string) {
	s.t.Helper()
	s.waitFor("Spring Sale 2026")
	s.keys("U")
	s.waitFor("Redirects", "8 redirects")
	s.keys("I")
	s.waitFor("Import redirects from a file", "┃ File")
	s.text(file)
	s.keys("Tab")
	s.waitFor("┃ Domain")
	s.keys("Tab")
	s.waitFor("┃ Also delete")
	s.keys("Enter")
}

// TestTUIRedirectsImportAFile imports a small CSV in the Redirects view of the real
// binary (--demo) in tmux: the plan shows before anything is sent, s and y send it,
// and the new rows are listed.
func TestTUIRedirectsImportAFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "moving.csv")
	csv := "domain,path,target,action\n" +
		"join.lakesidefit.com,/moved-one,https://www.lakesidefit.com/pricing,url\n" +
		"join.lakesidefit.com,/moved-two,https://www.lakesidefit.com/schedule,url\n"
	if err := os.WriteFile(file, []byte(csv), 0o600); err != nil {
		t.Fatal(err)
	}
	s := startTUI(t, 140, 40, nil, "--demo")
	importFile(s, file)
	s.waitFor("Import of moving.csv", "+2 ~0 −0 =0 !0", "+ add", "/moved-one", "/moved-two")
	s.keys("s")
	s.waitFor("Send 2 writes (+2 ~0 −0) to")
	s.keys("y")
	s.waitUntil("the new rows listed and the bar saying so", func(scr string) bool {
		return strings.Contains(scr, "10 redirects") && rowOf(scr, "/moved-one") != "" && rowOf(scr, "/moved-two") != "" &&
			strings.Contains(scr, "added 2, changed 0, deleted 0, refused 0, failed 0")
	})
	s.quit()
}

// TestTUIRedirectsPlanAt80Columns imports, at 80 columns in tmux, a file that
// changes a redirect to a long target, adds one over a live step and has a row the
// plan refuses: the plan shows the change old over "→ new", both whole, and the
// refusal's reason, nothing cut; enter opens a step whole; s asks, naming the
// writes and the sub-account; a yes asks apart about the live step, whose no sends
// nothing; yes to both sends the plan.
func TestTUIRedirectsPlanAt80Columns(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "moving.csv")
	const long = "https://www.lakesidefit.com/class-schedule/spring-2026?view=week"
	csv := "domain,path,target,action\n" +
		"www.lakesidefit.com,/timetable," + long + ",url\n" +
		"offers.lakesidefit.com,/spring-sale-opt-in,https://offers.lakesidefit.com/bootcamp-series-opt-in,url\n" +
		"www.lakesidefit.com,old page,https://www.lakesidefit.com/schedule,url\n"
	if err := os.WriteFile(file, []byte(csv), 0o600); err != nil {
		t.Fatal(err)
	}
	s := startTUI(t, 80, 40, nil, "--demo")
	importFile(s, file)
	scr := s.waitFor("Import of moving.csv", "~ change", "! refused", "www.lakesidefit.com/old page", "line 4: path must not contain spaces")
	var inside []string
	for _, l := range strings.Split(scr, "\n") {
		if strings.HasPrefix(l, "│") {
			inside = append(inside, strings.Trim(l, "│ ▸"))
		}
	}
	if plan := strings.Join(inside, "\n"); strings.Contains(plan, "…") {
		t.Errorf("something in the plan is cut:\n%s", scr)
	}
	if !followedBy(inside, "https://www.lakesidefit.com/schedule (website)", "→ "+long+" (url)") {
		t.Errorf("the change is not old over → new, both whole:\n%s", scr)
	}
	if !strings.Contains(scr, `warning: shadows the live step "Opt-in"`) {
		t.Errorf("the add over the live step is not marked:\n%s", scr)
	}

	s.keys("G", "k") // www.lakesidefit.com/timetable
	s.keys("Enter")
	s.waitFor("Plan · ~ change", "Now · website", "After · url", " "+long+" ")
	s.keys("Escape")
	s.waitUntil("the plan again", func(scr string) bool {
		return !strings.Contains(scr, "Plan · ~ change") && strings.Contains(scr, "Import of moving.csv")
	})

	s.keys("s")
	s.waitFor("Send 2 writes (+1 ~1 −0) to LakesideFit2026Loc01", "1 refused row of the plan is never sent")
	s.keys("y")
	s.waitFor("Redirects over live steps", "offers.lakesidefit.com/spring-sale-opt-in", "Send it all the same?")
	s.keys("n")
	s.waitUntil("the plan kept, nothing sent", func(scr string) bool {
		return !strings.Contains(scr, "Send it all the same?") && strings.Contains(scr, "Import of moving.csv") && strings.Contains(scr, "cancelled: Redirects over live steps")
	})
	s.keys("s")
	s.waitFor("Send 2 writes")
	s.keys("y")
	s.waitFor("Send it all the same?")
	s.keys("y")
	s.waitUntil("the new and changed rows listed and the bar saying so", func(scr string) bool {
		return strings.Contains(scr, "9 redirects") && strings.Contains(scr, "importing redirects: added 1, changed 1, deleted")
	})
	s.quit()
}
