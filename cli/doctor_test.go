package cli

import (
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestDoctorOnEverySurface: every read family is asked once with a GET and nothing
// else is sent; the table (a terminal) and the rows (piped) say what answered, and
// exit 0 whether routes were refused or not.
func TestDoctorOnEverySurface(t *testing.T) {
	families := len(client.RouteFamilies())
	for name, opts := range everySurface() {
		t.Run(name, func(t *testing.T) {
			h := signedIn(t, opts)
			h.sb.Server.ResetLog()
			term := h.tty("doctor").want(t, 0, "What this sign-in can do: profile default, location LakesideFit2026Loc01 at "+h.sb.URL,
				"writes are never sent", "ROUTE", "ANSWER", "MEANING", "ASK FOR", "GET /funnels/funnel/list", "POST /funnels/lookup/redirect")
			reqs := h.sb.Server.Requests()
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

			piped := h.run("doctor").want(t, 0)
			if len(piped.lines()) != families {
				t.Errorf("piped: %d rows, want one per family (%d):\n%s", len(piped.lines()), families, piped.stdout)
			}
			for _, l := range piped.lines() {
				if cells := strings.Split(l, "\t"); len(cells) != 4 {
					t.Errorf("piped row is not 4 tab-separated cells: %q", l)
				}
			}
			if !strings.Contains(piped.stderr, "What this sign-in can do") || strings.Contains(piped.stdout, "What this sign-in") {
				t.Errorf("piped: the sentences belong on stderr:\n%s", piped.stderr)
			}

			if name == "public" {
				for _, want := range []string{
					"GET /funnels/funnel/folder/entities\t403 IAM refusal\tnot open to this token\tweb-app access (no published scope)",
					"GET /funnels/page/{id}\t401 IAM refusal\tnot open to this token\tweb-app access (no published scope)",
					"GET /funnels/funnel/list\t200\topen\t-",
					"GET /funnels/lookup/redirect/list\t200\topen\t-",
				} {
					if !strings.Contains(piped.stdout, want+"\n") {
						t.Errorf("piped lacks %q:\n%s", want, piped.stdout)
					}
				}
				term.want(t, 0, "4 of 11 read routes asked answered; 7 refused to this sign-in")
			} else if name == "documented" {
				for _, want := range []string{
					"GET /funnels/funnel/folder/entities\t404 not on this server\tthe server does not have this route; folders come from the funnel list, named by id\t-",
					"GET /funnels/page/{id}\t404 not on this server\tthe server does not have this route; a page's detail shows the page list's fields\t-",
					"GET /funnels/funnel/geo-location\t404 not on this server\tthe server does not have this route; what needs it is unavailable\t-",
					"GET /funnels/funnel/list\t200\topen\t-",
					"GET /funnels/lookup/redirect/list\t200\topen\t-",
				} {
					if !strings.Contains(piped.stdout, want+"\n") {
						t.Errorf("piped lacks %q:\n%s", want, piped.stdout)
					}
				}
				if strings.Contains(piped.stdout, "refusal") {
					t.Errorf("a route not on this server is no refusal:\n%s", piped.stdout)
				}
				r := term.want(t, 0, "4 of 11 read routes asked answered; 7 not on this server: the server does not have those routes")
				if strings.Contains(r.stderr+r.stdout, "refused to this sign-in") {
					t.Errorf("nothing was refused to this sign-in:\n%s%s", r.stdout, r.stderr)
				}
			} else {
				if strings.Contains(piped.stdout, "refusal") {
					t.Errorf("nothing is refused here:\n%s", piped.stdout)
				}
				term.want(t, 0, "11 of 11 read routes asked answered.")
			}

			var out struct {
				Profile, BaseURL, LocationID string
				Asked, Open, Refused         int
				Routes                       []struct {
					Family, Route, Answer, Result, AskFor string
					Probed, Write                         bool
				}
			}
			h.run("doctor", "--json").decode(t, &out)
			if out.Profile != "default" || out.BaseURL != h.sb.URL || out.Asked != 11 || len(out.Routes) != families || out.Open+out.Refused != 11 {
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
			for _, l := range h.run("doctor", "--json", "route,answer", "--jq", `.[] | select(.answer != "open" and .answer != "unknown") | .route`).lines() {
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
	h := signedIn(t, sandbox.Options{Surface: sandbox.SurfacePublic})
	h.vars["FUNNELS_PROFILE"] = "default" // a token with no profile named keeps no access record
	h.run("doctor").want(t, 0)
	h.sb.Server.ResetLog()
	r := h.run("folders").want(t, 0, seedTrialFunnel)
	if n := notes(r); len(n) != 1 || !strings.Contains(n[0], "folder entities answered 403") {
		t.Errorf("the note still says why: %q", n)
	}
	for _, q := range h.sb.Server.Requests() {
		if q.Path == "/funnels/funnel/folder/entities" {
			t.Errorf("folder entities asked again after doctor found them refused")
		}
	}
}

// TestDoctorWhenNothingAnswers: a refused token is exit 3 and says to sign in; a
// server that never answers is exit 1. Neither prints a table of nothing.
func TestDoctorWhenNothingAnswers(t *testing.T) {
	h := signedIn(t, sandbox.Options{Surface: sandbox.SurfacePublic})
	h.vars["FUNNELS_TOKEN"] = "pit-not-a-real-token"
	r := h.run("doctor").want(t, 3, "err:401", "err:Invalid JWT", "err:funnels login")
	if r.stdout != "" {
		t.Errorf("a refused token printed %q", r.stdout)
	}
	h.vars["FUNNELS_TOKEN"] = h.sb.Server.DemoToken()
	h.sb.Server.SetFaults(sandbox.Faults{ErrorRate: 1})
	r = h.run("doctor").want(t, 1, "err:no route gave an answer", "err:GET /funnels/funnel/list")
	if r.stdout != "" {
		t.Errorf("no answer printed %q", r.stdout)
	}
}
