package doctor_test

import (
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestDoctorOnEverySurface: every read family is asked once with a GET and nothing
// else is sent; the table (a terminal) and the rows (piped) say what answered, and
// exit 0 whether routes were refused or not.
func TestDoctorOnEverySurface(t *testing.T) {
	families := len(client.RouteFamilies())
	for name, opts := range clitest.EverySurface() {
		t.Run(name, func(t *testing.T) {
			h := clitest.SignedIn(t, opts)
			h.SB.Server.ResetLog()
			term := h.TTY("doctor").Want(t, 0, "What this sign-in can do: profile default, location LakesideFit2026Loc01 at "+h.SB.URL,
				"writes are never sent", "ROUTE", "ANSWER", "MEANING", "ASK FOR", "GET /funnels/funnel/list", "POST /funnels/lookup/redirect")
			reqs := h.SB.Server.Requests()
			asked := map[string]bool{}
			for _, q := range reqs {
				if q.Method != "GET" {
					t.Errorf("doctor sent %s %s: writes are never probed", q.Method, q.Path)
				}
				if asked[q.Path] && !strings.HasPrefix(q.Path, "/funnels/page/") {
					t.Errorf("%s asked twice", q.Path)
				}
				asked[q.Path] = true
			}
			if len(reqs) != 11 {
				t.Errorf("%d requests; want one per read family (11): %+v", len(reqs), reqs)
			}

			piped := h.Run("doctor").Want(t, 0)
			if len(piped.Lines()) != families {
				t.Errorf("piped: %d rows, want one per family (%d):\n%s", len(piped.Lines()), families, piped.Stdout)
			}
			for _, l := range piped.Lines() {
				if cells := strings.Split(l, "\t"); len(cells) != 4 {
					t.Errorf("piped row is not 4 tab-separated cells: %q", l)
				}
			}
			if !strings.Contains(piped.Stderr, "What this sign-in can do") || strings.Contains(piped.Stdout, "What this sign-in") {
				t.Errorf("piped: the sentences belong on stderr:\n%s", piped.Stderr)
			}

			if name == "public" {
				for _, want := range []string{
					"GET /funnels/funnel/folder/entities\t403 IAM refusal\tnot open to this token\tweb-app access (no published scope)",
					"GET /funnels/page/{id}\t401 IAM refusal\tnot open to this token\tweb-app access (no published scope)",
					"GET /funnels/funnel/list\t200\topen\t-",
					"GET /funnels/lookup/redirect/list\t200\topen\t-",
				} {
					if !strings.Contains(piped.Stdout, want+"\n") {
						t.Errorf("piped lacks %q:\n%s", want, piped.Stdout)
					}
				}
				term.Want(t, 0, "4 of 11 read routes asked answered; 7 refused to this sign-in")
			} else if name == "documented" {
				for _, want := range []string{
					"GET /funnels/funnel/folder/entities\t404 not on this server\tthe server does not have this route; folders come from the funnel list, named by id\t-",
					"GET /funnels/page/{id}\t404 not on this server\tthe server does not have this route; a page's detail shows the page list's fields\t-",
					"GET /funnels/funnel/geo-location\t404 not on this server\tthe server does not have this route; what needs it is unavailable\t-",
					"GET /funnels/funnel/list\t200\topen\t-",
					"GET /funnels/lookup/redirect/list\t200\topen\t-",
				} {
					if !strings.Contains(piped.Stdout, want+"\n") {
						t.Errorf("piped lacks %q:\n%s", want, piped.Stdout)
					}
				}
				if strings.Contains(piped.Stdout, "refusal") {
					t.Errorf("a route not on this server is no refusal:\n%s", piped.Stdout)
				}
				r := term.Want(t, 0, "4 of 11 read routes asked answered; 7 not on this server: the server does not have those routes")
				if strings.Contains(r.Stderr+r.Stdout, "refused to this sign-in") {
					t.Errorf("nothing was refused to this sign-in:\n%s%s", r.Stdout, r.Stderr)
				}
			} else {
				if strings.Contains(piped.Stdout, "refusal") {
					t.Errorf("nothing is refused here:\n%s", piped.Stdout)
				}
				term.Want(t, 0, "11 of 11 read routes asked answered.")
			}

			var out struct {
				Profile, BaseURL, LocationID string
				Asked, Open, Refused         int
				Routes                       []struct {
					Family, Route, Answer, Result, AskFor string
					Probed, Write                         bool
				}
			}
			h.Run("doctor", "--json").Decode(t, &out)
			if out.Profile != "default" || out.BaseURL != h.SB.URL || out.Asked != 11 || len(out.Routes) != families || out.Open+out.Refused != 11 {
				t.Errorf("--json: %+v", out)
			}
			for _, r := range out.Routes {
				if r.Write && r.Probed {
					t.Errorf("--json: the write %s was probed", r.Route)
				}
				if r.Family == "folder entities" && (r.Answer == "open") != (name != "public" && name != "documented") {
					t.Errorf("--json: folder entities answered %q on %s", r.Answer, name)
				}
			}
			var refused []string
			for _, l := range h.Run("doctor", "--json", "route,answer", "--jq", `.[] | select(.answer != "open" and .answer != "unknown") | .route`).Lines() {
				if l != "" {
					refused = append(refused, l)
				}
			}
			if (len(refused) == 7) != (name == "public" || name == "documented") {
				t.Errorf("refused routes on %s: %q", name, refused)
			}
		})
	}
}

// TestDoctorTeachesTheCommands: what doctor learned is kept for the profile, so a
// later command goes straight to the fallback without asking the refused route again.
func TestDoctorTeachesTheCommands(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{Surface: sandbox.SurfacePublic})
	h.Vars["FUNNELS_PROFILE"] = "default" // a token with no profile named keeps no access record
	h.Run("doctor").Want(t, 0)
	h.SB.Server.ResetLog()
	r := h.Run("folders").Want(t, 0, clitest.SeedTrialFunnel)
	if n := clitest.Notes(r); len(n) != 1 || !strings.Contains(n[0], "folder entities answered 403") {
		t.Errorf("the note still says why: %q", n)
	}
	for _, q := range h.SB.Server.Requests() {
		if q.Path == "/funnels/funnel/folder/entities" {
			t.Errorf("folder entities asked again after doctor found them refused")
		}
	}
}

// TestDoctorWhenNothingAnswers: a refused token is exit 3 and says to sign in; a
// server that never answers is exit 1. Neither prints a table of nothing.
func TestDoctorWhenNothingAnswers(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{Surface: sandbox.SurfacePublic})
	h.Vars["FUNNELS_TOKEN"] = "pit-not-a-real-token"
	r := h.Run("doctor").Want(t, 3, "err:401", "err:Invalid JWT", "err:funnels login")
	if r.Stdout != "" {
		t.Errorf("a refused token printed %q", r.Stdout)
	}
	h.Vars["FUNNELS_TOKEN"] = h.SB.Server.DemoToken()
	h.SB.Server.SetFaults(sandbox.Faults{ErrorRate: 1})
	r = h.Run("doctor").Want(t, 1, "err:no route gave an answer", "err:GET /funnels/funnel/list")
	if r.Stdout != "" {
		t.Errorf("no answer printed %q", r.Stdout)
	}
}
