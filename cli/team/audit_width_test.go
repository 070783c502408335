package team_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/cli/auditlog"
	"github.com/funnelsdev/funnels/cli/clitest"
)

// TestAuditKeepsTheTimeWhole: at 80 columns every row of `audit` shows its time to
// the minute and its status whole, while the sub-account's name gives first, and no
// line is wider than the terminal.
func TestAuditKeepsTheTimeWhole(t *testing.T) {
	h := clitest.NewHome(t)
	data := t.TempDir()
	log := auditlog.Open(data)
	at := time.Date(2026, 3, 14, 15, 9, 0, 0, time.Local)
	for i := range 4 {
		for _, phase := range []string{auditlog.PhaseSending, auditlog.PhaseSent} {
			e := auditlog.Entry{Time: at.Add(time.Duration(i) * time.Minute), Phase: phase, Person: "ana-from-the-front-desk", Key: "SHA256:abc",
				Session: "s1", Request: uint64(i + 1), Location: "SummitStrengthLoc002", LocationName: "Summit Strength and Conditioning Downtown",
				Method: "POST", Path: fmt.Sprintf("/funnels/lookup/redirect?locationId=SummitStrengthLoc002&n=%d", i)}
			if phase == auditlog.PhaseSent {
				e.Status = 201
			}
			if err := log.Append(e); err != nil {
				t.Fatal(err)
			}
		}
	}
	r := h.TTYWidth(80, "audit", "--data", data, "--since", "10000h").Want(t, 0)
	lines := r.Lines()
	for i := range 4 {
		when := at.Add(time.Duration(i) * time.Minute).Format("2006-01-02 15:04")
		if !strings.Contains(r.Stdout, when) {
			t.Errorf("no row shows the time %s whole:\n%s", when, r.Stdout)
		}
	}
	for _, l := range lines[1:] {
		if !strings.HasSuffix(l, "201") {
			t.Errorf("a row does not end in its whole status:\n%s", l)
		}
	}
	for _, l := range lines {
		if w := ansi.StringWidth(l); w > 80 {
			t.Errorf("a line of %d columns at 80:\n%s", w, l)
		}
	}
}
