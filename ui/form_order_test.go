package ui

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/redirectplan"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/ui/form"
)

// burstForm is a form with a field to type in, by its palette name, and what opens it
// on a host.
type burstForm struct {
	name string
	open func(h host) tea.Cmd
}

// burstForms are the forms with a field to type in. The forms left out only ask or
// choose (burstless).
func burstForms() []burstForm {
	return []burstForm{
		{"New step", newStepForm},
		{"New folder", newFolderForm},
		{"Attach domain", attachDomainForm},
		{"Test conversion event", conversionForm},
		{"Trigger page-visit workflow", pageTriggerForm},
		{"Check step path", checkPathForm},
		{"Funnel by domain", funnelByDomainForm},
		{"Regex redirects", regexRedirectsForm},
		{"Lookup multiple", lookupMultipleForm},
		{"Order-form products", productsForm},
		{"Page by id", pageByIDForm},
		{"Attach social account", socialAccountForm},
		{"Redirect a path here", redirectHereForm},
		{"New redirect", newRedirectForm},
		{"Edit redirect", editRedirectForm},
		{"Import redirects from file…", importRedirectsForm},
		{"Export redirects…", exportRedirectsForm},
	}
}

// burstless are the palette's entries that open no form to type in: views, and
// questions answered with a key.
func burstless() []string {
	return []string{
		"Archive page", "Restore page", "End split test", "Geo-location", "Custom fonts", "Redirects",
		"Delete redirect", "Copy redirect's old URL", "Copy redirect target", "What this sign-in can do",
		"Request log", "Event history", "Messages", "Redirect versions", "Restore redirects…", "Redirects as CSV",
		"Health", "Health of every sub-account",
	}
}

// burstText is a value field i takes: the first of a few shapes its own check accepts,
// each starting with a character that would be taken by the field before ("/", "x",
// "h"), and each field's different from the others'.
func burstText(ff *form.Field, i int) string {
	for _, s := range []string{
		fmt.Sprintf("/vip-offer-%d", i),
		fmt.Sprintf("/tmp/moving-%d.csv", i),
		fmt.Sprintf("x%d.example.com", i),
		fmt.Sprintf("https://vip.example.com/%d", i),
		fmt.Sprintf("xVIP%d", i),
		fmt.Sprintf("%d", i+1),
		fmt.Sprintf(`{"n": %d}`, i),
		fmt.Sprintf("x%d@example.com", i),
		"+1 555 010 0199", "1990-04-12", "78701", "US", "USD",
	} {
		if ff.Check == nil {
			return s
		}
		if _, err := ff.Check(s); err == nil {
			return s
		}
	}
	return ""
}

// TestEveryFormTakesABurstInOrder types into every form as one burst — each field's
// text, enter, the next field's text, … — handing the form the messages one after the
// other without running a command in between, as the program's queue does when the
// keys arrive in one read. Every field holds exactly its own text; a select keeps its
// choice. It fails when a field change waits for a command: the keys after an enter
// then land in the field before.
func TestEveryFormTakesABurstInOrder(t *testing.T) {
	_, c := testClient(t, sandbox.Options{}, -1)

	// Every form of the palette is here or said to have nothing to type.
	for _, a := range formActions() {
		if a.name == "" {
			continue // a key of one view, not in the palette
		}
		listed := slices.ContainsFunc(burstForms(), func(f burstForm) bool { return f.name == a.name })
		if !listed && !slices.Contains(burstless(), a.name) {
			t.Errorf("palette entry %q: add its form to burstForms (or to burstless)", a.name)
		}
	}

	funnel := &entityRow{id: "f1", name: "Spring Sale 2026", domain: "offers.example.com"}
	step := &stepRow{id: "s1", name: "Opt-in", funnel: "Spring Sale 2026", path: "/opt-in", url: "https://offers.example.com/opt-in"}
	page := &pageRow{id: "p1", name: "Opt-in A"}
	for _, bf := range burstForms() {
		for _, paste := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/paste=%v", bf.name, paste), func(t *testing.T) {
				h := newFakeHost(t, c, 120, 40)
				sh := h.sh
				rv := newRedirectsView(sh)
				rv.setRows(redirectRows([]client.Redirect{{ID: "r1", Domain: "offers.example.com", Path: "/old", Target: "https://x.example.com/", Action: "url"}}))
				h.sel = selection{entity: funnel, funnel: funnel, stepsOf: "f1", step: step, pagesOf: stepKey{funnelID: "f1", stepID: "s1"},
					pagesStep: *step, page: page, redirects: rv, redirectsShown: true, location: "LakesideFit2026Loc01",
					redirectsState: redirectplan.State{Dir: t.TempDir()}}
				h.run(bf.open)
				fm, ok := h.overlay.(*formOverlay)
				if !ok {
					t.Fatalf("no form opened (warnings %q)", h.warns)
				}
				// Empty fields, so each holds only what the burst types.
				for _, ff := range fm.Fields() {
					if ff.Value != nil && ff.Kind != form.Select {
						*ff.Value = ""
					}
				}
				fm.Reset()

				fields := fm.Fields()
				want := map[*form.Field]string{}
				var burst []tea.Msg
				for i, ff := range fields {
					switch ff.Kind {
					case form.Input, form.TextArea:
						text := burstText(ff, i)
						if text == "" {
							t.Fatalf("no text for field %s", ff.Key)
						}
						want[ff] = text
						if paste {
							burst = append(burst, tea.PasteMsg{Content: text})
						} else {
							for _, r := range text {
								burst = append(burst, keyPress(string(r)))
							}
						}
					default:
						want[ff] = ff.Current()
					}
					if i < len(fields)-1 {
						burst = append(burst, keyPress("enter"))
					}
				}
				for _, msg := range burst {
					_, done := fm.update(h, msg) // the commands are not run: the keys are queued before them
					if done {
						t.Fatalf("the form closed in the burst")
					}
				}
				for _, ff := range fields {
					if ff.Value != nil && ff.Current() != want[ff] {
						t.Errorf("field %s holds %q, want %q", ff.Key, ff.Current(), want[ff])
					}
				}
				if got, last := fm.Focused(), fields[len(fields)-1]; got != last {
					t.Errorf("the focus is on %s, want the last field %s", got.Key, last.Key)
				}
			})
		}
	}
}

// run opens a form on the host.
func (f *fakeHost) run(open func(h host) tea.Cmd) {
	f.cmds.run(open(f))
}

// TestABurstOfEntersMovesFieldByField: "⏎⏎https://…" on the new-redirect form's
// domain goes through the path and the action and types the whole address into the
// target, its "h" included.
func TestABurstOfEntersMovesFieldByField(t *testing.T) {
	_, c := testClient(t, sandbox.Options{}, -1)
	h := newFakeHost(t, c, 80, 24)
	h.sel = selection{location: "LakesideFit2026Loc01"}
	h.run(newRedirectForm)
	fm := h.overlay.(*formOverlay)
	msgs := []tea.Msg{}
	for _, r := range "x.example.com" {
		msgs = append(msgs, keyPress(string(r)))
	}
	msgs = append(msgs, keyPress("enter"), keyPress("/"), keyPress("x"), keyPress("enter"), keyPress("enter"))
	for _, r := range "https://x.example.com/" {
		msgs = append(msgs, keyPress(string(r)))
	}
	for _, msg := range msgs {
		fm.update(h, msg)
	}
	got := []string{}
	for _, ff := range fm.Fields() {
		got = append(got, ff.Current())
	}
	if want := "x.example.com|/x|url|https://x.example.com/"; strings.Join(got, "|") != want {
		t.Fatalf("fields %q, want %q", strings.Join(got, "|"), want)
	}
}
