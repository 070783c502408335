package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// The plan a person approves, read in a real terminal: the binary imports a file
// that changes redirects with long targets, in tmux at 80, 120 and 200 columns,
// and is answered no. At every width no line is wider than the terminal, nothing
// is cut ("…"), each change shows its old target whole and "→ " with the new one
// whole (on one line at 200 columns; at 120 and 80 on two when the line is too
// short, as it is for the long ones), a target longer than
// the line is there whole once its lines are joined, and a refused path without
// its leading slash reads as the address it would be.
func TestRedirectsPlanReadsWholeAtEveryWidth(t *testing.T) {
	needTmux(t)
	t.Parallel()
	c := newBinCLI(t, sandbox.Options{Limit: 1000})
	dir := t.TempDir()
	long := "https://offers.lakesidefit.com/spring-sale-opt-in?utm_source=newsletter&utm_medium=email&utm_campaign=spring-2026-members-only&utm_content=hero-button-blue"
	changes := [][2]string{ // old → new
		{"https://offers.lakesidefit.com/spring-sale-opt-in?utm=news-s24", "https://offers.lakesidefit.com/bootcamp-series-opt-in?utm=news-26"},
		{"https://www.instagram.com/lakesidefit.club/reels/?igsh=MWQ1ZGUxMzBkMQ%3D%3D", "https://www.instagram.com/lakesidefit.club/"},
		{"https://join.lakesidefit.com/free-trial-landing", "https://join.lakesidefit.com/free-trial-sign-up"},
	}
	paths := []string{"offers.lakesidefit.com,/spring-2024", "www.lakesidefit.com,/insta", "join.lakesidefit.com,/trial-2024"}
	seed, change := "domain,path,target,action\n", "domain,path,target,action\n"
	for i, p := range paths {
		seed += p + "," + changes[i][0] + ",url\n"
		change += p + "," + changes[i][1] + ",url\n"
	}
	change += "offers.lakesidefit.com,/long," + long + ",url\nwww.lakesidefit.com,old page,https://www.lakesidefit.com/schedule,url\n"
	for name, text := range map[string]string{"seed.csv": seed, "change.csv": change} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	c.api("redirects", "import", filepath.Join(dir, "seed.csv"), "--yes").want(t, 0, "err:Added 3")

	for _, w := range []int{80, 120, 200} {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			t.Parallel()
			env := []string{"TERM=xterm-256color", "FUNNELS_BASE_URL=" + c.sb.URL, "FUNNELS_TOKEN=" + c.sb.Server.DemoToken(),
				"FUNNELS_LOCATION_ID=" + c.sb.Server.LocationID()}
			s := startScript(t, w, 60, env, "cd '"+dir+"'; "+shellCommand("redirects", "import", "change.csv")+`; echo "### exit $?"; sleep 600`)
			s.waitFor("[y/N]")
			s.keys("n", "Enter")
			s.waitFor("### exit 2")
			all := s.tmux("capture-pane", "-p", "-J", "-S", "-", "-t", "tui")
			plan, _, _ := strings.Cut(all, "Plan: ")
			var lines []string
			for _, l := range strings.Split(plan, "\n") {
				l = strings.TrimRight(l, " ")
				if cw := ansi.StringWidth(l); cw > w {
					t.Errorf("a line of %d columns:\n%s", cw, l)
				}
				lines = append(lines, l)
			}
			if strings.Contains(plan, "…") {
				t.Errorf("something in the plan was cut:\n%s", plan)
			}
			for i, ch := range changes {
				one := ch[0] + " → " + ch[1]
				switch twoLines := followedBy(lines, ch[0], "→ "+ch[1]); {
				case w == 200 && !strings.Contains(plan, one):
					t.Errorf("at 200 columns, no line holds %q:\n%s", one, plan)
				case w < 200 && i < 2 && !twoLines:
					t.Errorf("no line holds %q whole with \"→ %s\" whole on the next:\n%s", ch[0], ch[1], plan)
				case !twoLines && !strings.Contains(plan, one):
					t.Errorf("the change %q is neither on one line nor on two:\n%s", one, plan)
				}
			}
			joined := ""
			for _, l := range lines {
				joined += strings.TrimSpace(l)
			}
			if !strings.Contains(joined, long) {
				t.Errorf("the long target is not whole:\n%s", plan)
			}
			for _, want := range []string{"! refused  www.lakesidefit.com/old page", "line 6: path must not contain spaces"} {
				if !strings.Contains(plan, want) {
					t.Errorf("no %q:\n%s", want, plan)
				}
			}
			if !strings.Contains(all, "Send 4 writes (+1 ~3 −0) to LakesideFit2026Loc01 (FUNNELS_TOKEN)? [y/N]") || !strings.Contains(all, "Nothing was sent.") {
				t.Errorf("the question and the answer:\n%s", all)
			}
		})
	}
}

// followedBy reports whether a line holds first and the next line, trimmed,
// starts with then.
func followedBy(lines []string, first, then string) bool {
	for i := 0; i+1 < len(lines); i++ {
		if strings.Contains(lines[i], first) && strings.HasPrefix(strings.TrimSpace(lines[i+1]), then) {
			return true
		}
	}
	return false
}
