package main

import (
	"fmt"
	"strings"
)

// newStepForm opens the new-step form on Spring Sale 2026 and types a path that is
// taken, so the picture shows the live path check and its suggestion.
func newStepForm(t *take) error {
	if err := t.selectRow("Spring Sale 2026"); err != nil {
		return err
	}
	if err := t.keys("Tab", "n"); err != nil {
		return err
	}
	if _, err := t.waitFor(wait, "New step"); err != nil {
		return err
	}
	if err := t.text("VIP Upsell"); err != nil {
		return err
	}
	if err := t.keys("Tab"); err != nil {
		return err
	}
	if err := t.text("/spring-sale-opt-in"); err != nil {
		return err
	}
	_, err := t.waitFor(wait, "taken")
	return err
}

// conversionForm opens the test conversion event form on Spring Sale 2026's opt-in
// step (its public URL fills the address) and fills a purchase of 49.00 USD.
func conversionForm(t *take) error {
	if err := t.selectRow("Spring Sale 2026"); err != nil {
		return err
	}
	if err := t.keys("Tab", "E"); err != nil {
		return err
	}
	if _, err := t.waitFor(wait, "Test conversion event", "Lead"); err != nil {
		return err
	}
	if err := t.keys("Up", "Enter", "Enter"); err != nil {
		return err
	}
	if err := t.text("49.00"); err != nil {
		return err
	}
	if err := t.keys("Enter"); err != nil {
		return err
	}
	if err := t.text("USD"); err != nil {
		return err
	}
	_, err := t.waitFor(wait, "offers.lakesidefit.com", "49.00", "USD")
	return err
}

// redirectsView opens the Redirects view and selects the offers domain's /Spring-2025,
// an old campaign path sent to a live step.
func redirectsView(t *take) error {
	if err := t.keys("U"); err != nil {
		return err
	}
	if _, err := t.waitFor(wait, "8 redirects", "/instagram"); err != nil {
		return err
	}
	cursor := func(screen string) string {
		for _, line := range strings.Split(screen, "\n") {
			if strings.Contains(line, "▸") {
				return line
			}
		}
		return ""
	}
	for range 8 {
		at := cursor(t.plain())
		if strings.Contains(at, "/Spring-2025") {
			return nil
		}
		if err := t.keys("Down"); err != nil {
			return err
		}
		if _, err := t.waitUntil(wait, "the cursor to move", func(s string) bool { return cursor(s) != at }); err != nil {
			return err
		}
	}
	return fmt.Errorf("no /Spring-2025 to select; the screen shows:\n%s", t.plain())
}
