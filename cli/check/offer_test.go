package check_test

import (
	"testing"

	"github.com/funnelsdev/funnels/cli/check"
	"github.com/funnelsdev/funnels/cli/cmdutil"
)

// TestTheBrowserOverSSHChecksAsTheCommandDoes: the Health view of the browser over
// the team server refuses a check (SessionRefusal) exactly when the record of
// `funnels check` does not offer the command to that person, admin or not.
func TestTheBrowserOverSSHChecksAsTheCommandDoes(t *testing.T) {
	ios, _, _ := cmdutil.TestStreams("")
	cmds := check.Commands(cmdutil.NewFactory(ios, func(string) string { return "" }, "test"))
	if len(cmds) != 1 || cmds[0].Cobra.Name() != "check" {
		t.Fatalf("the commands of check are %v", cmds)
	}
	rec := cmds[0].SSH
	for _, admin := range []bool{false, true} {
		offered := rec.Offered() && (!rec.ForAdmins() || admin)
		if why := check.SessionRefusal(admin); (why == "") != offered {
			t.Errorf("admin %v: the record offers check %v, the browser's refusal is %q", admin, offered, why)
		}
	}
}
