package ui

import (
	"fmt"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/redirectplan"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/ui/form"
)

// askForms are the palette's forms that end in a question (burstless): a choice may
// come before it. Restore page is Archive page's question for an archived page.
func askForms() []burstForm {
	return []burstForm{
		{"Archive page", archivePageForm},
		{"End split test", endSplitForm},
		{"Delete redirect", deleteRedirectForm},
	}
}

// choiceHost is a host whose selection opens every form: a funnel with a domain, a
// step running a split test of two named pages, a page, and the Redirects view shown
// with one redirect under its cursor.
func choiceHost(t *testing.T, c *client.Client) *fakeHost {
	h := newFakeHost(t, c, 120, 40)
	funnel := &entityRow{id: "f1", name: "Spring Sale 2026", domain: "offers.example.com"}
	rec := client.Step{ID: "s1", Name: "Opt-in", Pages: []string{"p1", "p2"}, Split: true, ControlTraffic: 50}
	step := &stepRow{id: "s1", name: "Opt-in", funnel: "Spring Sale 2026", path: "/opt-in", url: "https://offers.example.com/opt-in", rec: rec, split: "50/50"}
	page := &pageRow{id: "p1", name: "Opt-in A"}
	rv := newRedirectsView(h.sh)
	rv.setRows(redirectRows([]client.Redirect{{ID: "r1", Domain: "offers.example.com", Path: "/old", Target: "https://x.example.com/", Action: "url"}}))
	h.sel = selection{entity: funnel, funnel: funnel, stepsOf: "f1", step: step, pagesOf: stepKey{funnelID: "f1", stepID: "s1"},
		stepPages: []pageRow{*page, {id: "p2", name: "Opt-in B"}}, pagesStep: *step, page: page,
		redirects: rv, redirectsShown: true, location: "LakesideFit2026Loc01", redirectsState: redirectplan.State{Dir: t.TempDir()}}
	return h
}

// TestLettersPickInEveryChoiceOfEveryForm opens every form of the palette and, in each
// of its choices, types every option's label and then its value, as a person would:
// the option is picked, and enter moves on with it. The choices are found in the
// forms as they are built, so a new one is covered as it is made. make test types the
// last option of every choice; make sweep (FUNNELS_SWEEP=1) every option.
func TestLettersPickInEveryChoiceOfEveryForm(t *testing.T) {
	t.Parallel()
	_, c := testClient(t, sandbox.Options{}, -1)
	choices := 0
	for _, bf := range append(burstForms(), askForms()...) {
		probe := choiceHost(t, c)
		probe.run(bf.open)
		fm, ok := probe.overlay.(*formOverlay)
		if !ok {
			t.Fatalf("%s: no form opened (warnings %q)", bf.name, probe.warns)
		}
		for i, ff := range fm.Fields() {
			if ff.Kind != form.Select {
				continue
			}
			choices++
			options := ff.Options
			if !sweeping() {
				// make test: the last option of every choice, the one furthest to move to.
				options = options[len(options)-1:]
			}
			for _, opt := range options {
				for _, typed := range []string{opt.Key, opt.Value} {
					t.Run(fmt.Sprintf("%s/%s/%s", bf.name, ff.Key, typed), func(t *testing.T) {
						h := choiceHost(t, c)
						h.run(bf.open)
						f := h.overlay.(*formOverlay)
						field := f.Fields()[i]
						for _, before := range f.Fields()[:i] {
							if before.Kind == form.Select {
								h.send(keyPress("enter"))
								continue
							}
							h.send(tea.PasteMsg{Content: burstText(before, 0)})
							h.send(keyPress("enter"))
						}
						if f.Focused() != field {
							t.Fatalf("the focus is on %v, not the choice", f.Focused())
						}
						for _, r := range typed {
							h.send(keyPress(string(r)))
						}
						if field.Current() != opt.Value {
							t.Fatalf("typing %q picks %q, want %q", typed, field.Current(), opt.Value)
						}
						h.send(keyPress("enter"))
						if field.Current() != opt.Value || f.Focused() == field && len(f.Fields()) > i+1 {
							t.Errorf("enter moves on with %q: holds %q, focus on %s", opt.Value, field.Current(), f.Focused().Key)
						}
					})
				}
			}
		}
	}
	// Folder kind, step type, event, platform, the redirect's action (new and edit)
	// and the split test's winner, as the forms stand: a form that lost its choices,
	// or a test that stopped finding them, shows here.
	if choices < 7 {
		t.Errorf("found %d choices in the forms, want at least 7", choices)
	}
}
