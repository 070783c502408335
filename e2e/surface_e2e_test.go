package e2e

import (
	"strings"
	"testing"
)

// surfaceWalk is one server the browser walks: how to reach it, what the root shows
// besides the funnel walked to, what it shows exactly once (the note that says why)
// and what the page's detail shows.
type surfaceWalk struct {
	name   string
	args   func(t *testing.T) []string
	root   []string
	once   string
	detail []string
}

// TestTUIWalkOnEverySurface walks the browser from the root to a funnel, its steps,
// a step's pages and a page's detail, in a real terminal, against the sandbox as the
// spec describes it (--surface seed), as the real service meets a private integration
// token (--surface public: folder entities and page by id refused), as a server that
// has only the documented routes (--surface documented: the others answer 404, worded
// as Express does and, --not-found, as a problem+json document, a load balancer's
// HTML page, an empty body and the v3 envelope) and with a folder listing that leaves
// the steps out (--dialect summaries). Where a route is refused or not there, the
// browser says why once and shows no failure.
func TestTUIWalkOnEverySurface(t *testing.T) {
	documented := surfaceWalk{
		name:   "documented",
		args:   func(*testing.T) []string { return []string{"--demo", "--surface", "documented"} },
		root:   []string{"Funnels · folders by id", "folders shown by id: folder entities are not on this server (404)"},
		once:   "not on this server",
		detail: []string{"from the page list", "Partial", "GET /funnels/page/{id} is not on this server (404)", "updatedAt"},
	}
	walks := []surfaceWalk{
		{
			name:   "seed",
			args:   func(*testing.T) []string { return []string{"--demo", "--surface", "seed"} },
			root:   []string{"Archive/", "Webinars/"},
			detail: []string{"GET /funnels/page/", "pageVersion"},
		},
		{
			name:   "public",
			args:   func(*testing.T) []string { return []string{"--demo", "--surface", "public"} },
			root:   []string{"Funnels · folders by id", "folders shown by id: folder entities answered 403"},
			once:   "folder entities answered 403",
			detail: []string{"from the page list", "Partial", "401", "updatedAt"},
		},
		documented,
		{
			name: "summaries",
			args: func(t *testing.T) []string {
				sb := startSandboxBinary(t, "--dialect", "summaries")
				return []string{"--base-url", sb.values["base_url"], "--token", sb.values["token"], "--location", sb.values["location_id"]}
			},
			root:   []string{"Archive/", "Webinars/"},
			detail: []string{"GET /funnels/page/", "pageVersion"},
		},
	}
	for _, wording := range []string{"problem", "html", "empty", "v3"} {
		w := documented
		w.name = "documented, 404 as " + wording
		w.args = func(t *testing.T) []string {
			sb := startSandboxBinary(t, "--surface", "documented", "--not-found", wording)
			return []string{"--base-url", sb.values["base_url"], "--token", sb.values["token"], "--location", sb.values["location_id"]}
		}
		walks = append(walks, w)
	}
	for _, tc := range walks {
		t.Run(tc.name, func(t *testing.T) {
			s := startTUI(t, 120, 40, nil, tc.args(t)...)
			root := s.waitFor(append([]string{"Spring Sale 2026"}, tc.root...)...)
			if n := strings.Count(root, tc.once); tc.once != "" && n != 1 {
				t.Errorf("the root says %q %d times, want once:\n%s", tc.once, n, root)
			}
			// Steps are never "0" while they are coming.
			s.waitUntil("the root's step counts", func(scr string) bool {
				if strings.Contains(scr, " 0 steps") {
					t.Fatalf("a funnel said it has no steps:\n%s", scr)
				}
				return strings.Contains(scr, "Spring Sale 2026") && !strings.Contains(scr, "steps …")
			})

			// Root → the funnel (a filter picks it) → its steps → the first step's pages.
			s.keys("/")
			s.text("spring sale")
			s.keys("Enter")
			s.waitUntil("the filtered root", func(scr string) bool {
				return strings.Contains(scr, "/spring sale") && !strings.Contains(scr, "Free 7-Day Trial")
			})
			s.keys("Enter")
			s.waitFor("Steps · Spring Sale 2026", "enter/l pages")
			s.keys("Enter")
			s.waitFor("Pages · ", "live", "enter/l details")
			s.keys("Enter")
			scr := s.waitFor(append([]string{"Page · ", "● live"}, tc.detail...)...)
			for _, failed := range []string{"✗", "press r to retry", "Cannot GET", "404 Not Found", "NO_PATH_MATCHED", "Resource not found"} {
				if strings.Contains(scr, failed) {
					t.Fatalf("the walk met a failure (%q):\n%s", failed, scr)
				}
			}
			s.keys("Escape")
			s.waitUntil("the detail to close", func(scr string) bool { return !strings.Contains(scr, "Page · ") })
			s.quit()
		})
	}
}
