package main

import (
	"fmt"
	"strings"
	"time"
)

// scenes are the pictures of README.md, in its order.
func scenes() []scene {
	return []scene{
		{name: "01-panes", w: 120, h: 32, play: toSplitStep, cast: walkThrough},
		{name: "02-page-detail", w: 120, h: 32, play: func(t *take) error {
			if err := toSplitStep(t); err != nil {
				return err
			}
			if err := t.keys("Tab", "Enter"); err != nil {
				return err
			}
			_, err := t.waitFor(wait, "Page ·", "Public URL", "GET /funnels/page/")
			return err
		}},
		{name: "03-filter", w: 120, h: 32, play: func(t *take) error {
			if err := t.keys("/"); err != nil {
				return err
			}
			if err := t.text("sal"); err != nil {
				return err
			}
			_, err := t.waitFor(wait, "Spring Sale 2026", "Funnels /sal", "1/2 of 10")
			return err
		}},
		{name: "04-palette", w: 120, h: 32, play: func(t *take) error {
			if err := t.keys(":"); err != nil {
				return err
			}
			if err := t.text("redirect"); err != nil {
				return err
			}
			_, err := t.waitFor(wait, "Redirects", "New redirect", "Copy redirect target")
			return err
		}},
		{name: "05-new-step", w: 120, h: 32, play: newStepForm},
		{name: "06-conversion-event", w: 120, h: 32, play: conversionForm},
		{name: "07-rate-limited", w: 120, h: 32, server: true, timed: true, play: rateLimited},
		{name: "08-help", w: 120, h: 32, play: func(t *take) error {
			if err := t.keys("?"); err != nil {
				return err
			}
			_, err := t.waitFor(wait, "Navigation", "Create and test")
			return err
		}},
		{name: "09-light-theme", w: 120, h: 32, light: true, play: toSplitStep},
		{name: "10-redirects", w: 120, h: 32, play: redirectsView},
		// The real service as a private integration token meets it: folders by id from
		// the funnel list, and a new folder the service refused marked in the footer.
		{name: "11-public-surface", w: 120, h: 32, args: []string{"--surface", "public"}, play: func(t *take) error {
			if err := t.keys("N"); err != nil {
				return err
			}
			if _, err := t.waitFor(wait, "New folder", "What the folder is called"); err != nil {
				return err
			}
			if err := t.text("Autumn Campaigns"); err != nil {
				return err
			}
			if err := t.keys("C-s"); err != nil {
				return err
			}
			if _, err := t.waitFor(wait, "What you typed stays here"); err != nil {
				return err
			}
			if err := t.keys("Escape"); err != nil {
				return err
			}
			if _, err := t.waitFor(wait, "Discard what you typed?"); err != nil {
				return err
			}
			if err := t.keys("y"); err != nil {
				return err
			}
			if _, err := t.waitFor(wait, "new folder ✗ 403"); err != nil {
				return err
			}
			if err := t.selectRow("Spring Sale 2026"); err != nil {
				return err
			}
			_, err := t.waitFor(wait, "folders by id", "new folder ✗ 403", "Pages · ", "live")
			return err
		}},
		{name: "12-what-this-sign-in-can-do", w: 120, h: 40, args: []string{"--surface", "public"}, play: probe},
		{name: "13-go-to-anything", w: 120, h: 32, play: goToAnything},
	}
}

// goToAnything opens "go to anything" (ctrl+p), which builds the demo's index the first
// time, and types a word that finds every kind of item: funnels, steps, pages, the
// folder, the domain and a redirect of the webinars.
func goToAnything(t *take) error {
	if err := t.keys("C-p"); err != nil {
		return err
	}
	if _, err := t.waitFor(wait, "Go to anything", "278 items"); err != nil {
		return err
	}
	if err := t.text("webinar"); err != nil {
		return err
	}
	_, err := t.waitFor(wait, "of 278 items", "Webinar: Grow Your Gym", "webinars.lakesidefit.com", "/replay")
	return err
}

// rateLimited shows the browser over a screen of data while the client waits out a
// 429: the funnels are on screen, the rate-limit window has reset (so no countdown but
// the wait's differs between runs), then the sandbox answers the next requests 429
// and a reload meets them.
func rateLimited(t *take) error {
	if err := toSplitStep(t); err != nil {
		return err
	}
	if _, err := t.waitUntil(20*time.Second, "the rate-limit window to reset", func(s string) bool {
		return !strings.Contains(lastLine(s), "resets in") && !strings.Contains(lastLine(s), "indexing")
	}); err != nil {
		return err
	}
	if err := t.inject(429, 5); err != nil {
		return err
	}
	if err := t.keys("r"); err != nil {
		return err
	}
	_, err := t.waitFor(wait, "rate limited — retrying in 1s", "Webinar: Grow Your Gym", "50/50")
	return err
}

// probe opens "What this sign-in can do" from the palette and waits for its table.
func probe(t *take) error {
	if err := t.keys(":"); err != nil {
		return err
	}
	if err := t.text("what this"); err != nil {
		return err
	}
	if err := t.keys("Enter"); err != nil {
		return err
	}
	_, err := t.waitFor(wait, "What this sign-in can do", "ask for", "403 IAM refusal")
	return err
}

// toSplitStep opens the Webinars folder, selects "Webinar: Grow Your Gym" and its
// split-tested Registration step, so all three panes have something to show.
func toSplitStep(t *take) error {
	if err := t.selectRow("Webinars/"); err != nil {
		return err
	}
	if err := t.keys("Enter"); err != nil {
		return err
	}
	if _, err := t.waitFor(wait, "Root › Webinars"); err != nil {
		return err
	}
	if err := t.selectRow("Webinar: Grow Your Gym"); err != nil {
		return err
	}
	if err := t.keys("Tab"); err != nil {
		return err
	}
	if err := t.selectRow("Registration"); err != nil {
		return err
	}
	_, err := t.waitFor(wait, "50/50", "Pages · Registration")
	return err
}

// walkThrough records the cast: root, a folder, a funnel's steps, a page's detail,
// back, a filter, the help.
func walkThrough(t *take, c *cast) error {
	step := func(hold float64, keys ...string) error {
		if err := t.keys(keys...); err != nil {
			return err
		}
		if _, err := t.waitUntil(wait, "a settled screen", func(string) bool { return true }); err != nil {
			return err
		}
		c.frame(t.ansi(), hold)
		return nil
	}
	c.frame(t.ansi(), 1.5)
	for _, k := range []string{"Down", "Down", "Down", "Down"} {
		if err := step(0.4, k); err != nil {
			return err
		}
	}
	if err := step(1.2, "Enter"); err != nil {
		return err
	}
	if err := step(1.2, "Down"); err != nil {
		return err
	}
	if err := step(1.5, "Tab"); err != nil {
		return err
	}
	if err := step(1.5, "Tab"); err != nil {
		return err
	}
	if err := step(2.5, "Enter"); err != nil {
		return err
	}
	// Close the detail, back to the steps, to the funnels, up to the root.
	for _, k := range []string{"Escape", "Escape", "Escape", "Escape"} {
		if err := step(0.8, k); err != nil {
			return err
		}
	}
	if err := step(0.6, "/"); err != nil {
		return err
	}
	for _, r := range "sale" {
		if err := t.text(string(r)); err != nil {
			return err
		}
		if err := step(0.4); err != nil {
			return err
		}
	}
	if err := step(1.5, "Enter"); err != nil {
		return err
	}
	if err := step(3, "?"); err != nil {
		return err
	}
	return step(1, "Escape")
}

// selectRow moves the cursor of the focused pane down until the row showing name is
// selected (its line carries the ▸ marker right before it).
func (t *take) selectRow(name string) error {
	for i := 0; i < 60; i++ {
		if selected(t.plain(), name) {
			return nil
		}
		if err := t.keys("Down"); err != nil {
			return err
		}
	}
	return fmt.Errorf("no row %q to select; the screen shows:\n%s", name, t.plain())
}

func selected(screen, name string) bool {
	for _, line := range strings.Split(screen, "\n") {
		for i := strings.Index(line, "▸"); i >= 0; {
			rest := line[i+len("▸"):]
			if j := strings.Index(rest, name); j >= 0 && j < 12 {
				return true
			}
			k := strings.Index(rest, "▸")
			if k < 0 {
				break
			}
			i += len("▸") + k
		}
	}
	return false
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return lines[len(lines)-1]
}
