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

// TestTUIRedirectsImportAFile imports a small CSV in the Redirects view of the real
// binary (--demo) in tmux: the plan shows before anything is sent, enter sends it,
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
	s.waitFor("Spring Sale 2026")
	s.keys("U")
	s.waitFor("Redirects", "8 redirects")
	s.keys("I")
	s.waitFor("Import redirects from a file", "┃ File")
	s.text(file)
	s.keys("Tab")
	s.waitFor("┃ Also delete")
	s.keys("Enter")
	s.waitFor("Import of moving.csv", "+2 ~0 −0 =0 !0", "+ add", "/moved-one", "/moved-two")
	s.keys("Enter")
	s.waitUntil("the new rows listed and the bar saying so", func(scr string) bool {
		return strings.Contains(scr, "10 redirects") && rowOf(scr, "/moved-one") != "" && rowOf(scr, "/moved-two") != "" &&
			strings.Contains(scr, "added 2, changed 0, deleted 0, refused 0, failed 0")
	})
	s.quit()
}
