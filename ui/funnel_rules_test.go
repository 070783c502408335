package ui

import (
	"slices"
	"strconv"
	"testing"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// The browser draws by client's funnel rules, the same as the commands: these tests
// hold it to them where it once had rules of its own.

// TestNewStepPositionIsTheCommandsRule: the new-step form proposes the position
// `funnels step create` sends (the funnel's NextSequence), for a funnel counted from
// 1 and one counted from 0.
func TestNewStepPositionIsTheCommandsRule(t *testing.T) {
	_, c := testClient(t, sandbox.Options{}, -1)
	for _, seqs := range [][]int{{1, 2, 3}, {0, 1, 2}} {
		f := client.Funnel{ID: "f1", Name: "Spring", StepsKnown: true}
		for i, n := range seqs {
			f.Steps = append(f.Steps, client.Step{ID: "s" + strconv.Itoa(i), Name: "Step", URL: "/s" + strconv.Itoa(i), Sequence: n})
		}
		h := newFakeHost(t, c, 120, 40)
		h.sel = selection{funnel: &entityRows(nil, []client.Funnel{f})[0]}
		h.cmds.run(newStepForm(h))
		fm, ok := h.overlay.(*formOverlay)
		if !ok {
			t.Fatalf("the new-step form did not open: %T (warnings %q)", h.overlay, h.warns)
		}
		want, got := strconv.Itoa(f.NextSequence()), ""
		for _, fd := range fm.Fields() {
			if fd.Key == "step.sequence" {
				got = *fd.Value
			}
		}
		if got != want {
			t.Errorf("steps %v: the form proposes position %q, the command sends %s", seqs, got, want)
		}
	}
}

// TestRowsUseOnePublicURLAndTheSplitRoles: a step's URL has the host lower-cased and
// one slash between host and path, as the index and the commands write it; its pages
// take their roles from the step record.
func TestRowsUseOnePublicURLAndTheSplitRoles(t *testing.T) {
	f := client.Funnel{ID: "f1", DomainName: "Offers.Example.COM/", Steps: []client.Step{
		{ID: "s1", URL: "/spring", Sequence: 1, Split: true, ControlTraffic: 60, Pages: []string{"p1", "p2"}},
	}}
	steps := entityRows(nil, []client.Funnel{f})[0].stepRows()
	if want := client.PublicURL(f.DomainName, "/spring"); steps[0].url != want || want != "https://offers.example.com/spring" {
		t.Errorf("step URL %q, want %q", steps[0].url, want)
	}
	pages := pageRows([]client.Page{{ID: "p2"}, {ID: "p1"}, {ID: "p3", Deleted: true}}, steps[0])
	var got []string
	for _, p := range pages {
		got = append(got, p.id+" "+p.status)
	}
	if want := []string{"p1 control 60%", "p2 variation 40%", "p3 archived"}; !slices.Equal(got, want) {
		t.Errorf("page rows %q, want %q", got, want)
	}
	if why := archiveRefusal(&pages[0], steps[0]); why != "" {
		t.Errorf("a page of two can be archived: %q", why)
	}
	one := entityRows(nil, []client.Funnel{{Steps: []client.Step{{ID: "s1", Name: "Offer", Pages: []string{"p1"}}}}})[0].stepRows()[0]
	if why := archiveRefusal(&pageRow{id: "p1", name: "Offer page"}, one); why == "" {
		t.Error("the only live page of a step cannot be archived")
	}
}
