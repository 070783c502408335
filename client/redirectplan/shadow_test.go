package redirectplan

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

func seedClient(t *testing.T, opts sandbox.Options) *client.Client {
	t.Helper()
	sb := sandboxtest.Start(t, opts)
	c, err := client.New(client.Options{BaseURL: sb.URL, LocationID: sb.Server.LocationID(),
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: sb.Server.DemoToken()}), RetryBase: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func ctxT(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// TestPlanMarksAShadowedStep: a redirect added at a live step's own address on the
// seed (/spring-sale-opt-in on offers.) is marked, and so are the two redirects
// already sending people there (offers./Spring-2025 and promo./), which would chain;
// the plan is held back until shadowing is allowed. Both where the funnel-by-domain
// route answers (the seed) and where it is refused or missing (the public and the
// documented surfaces: the steps come from the funnel list).
func TestPlanMarksAShadowedStep(t *testing.T) {
	rows := []Row{
		{Domain: "offers.lakesidefit.com", Path: "/spring-sale-opt-in", Target: "https://offers.lakesidefit.com/bootcamp-series-opt-in", Action: "url", Where: "line 2"},
		{Domain: "offers.lakesidefit.com", Path: "/brand-new-path", Target: "https://offers.lakesidefit.com/bootcamp-series-opt-in", Action: "url", Where: "line 3"},
	}
	for _, surface := range []sandbox.Surface{sandbox.SurfaceSeed, sandbox.SurfacePublic, sandbox.SurfaceDocumented} {
		c := seedClient(t, sandbox.Options{Surface: surface})
		plan, _, err := Prepare(ctxT(t), c, ImportOf(rows, false, "moving.csv"))
		if err != nil {
			t.Fatal(err)
		}
		if !plan.LiveChecked {
			t.Errorf("%s: the steps were not all placed", surface)
		}
		var warned []Step
		for _, s := range plan.Steps {
			if s.Kind != Add {
				t.Errorf("%s: %+v is not an add", surface, s)
			}
			if s.Warning != "" {
				warned = append(warned, s)
			}
		}
		if len(warned) != 1 || warned[0].Row.Path != "/spring-sale-opt-in" || warned[0].Warning != Shadows {
			t.Fatalf("%s: warned %+v", surface, warned)
		}
		note := warned[0].Note()
		for _, want := range []string{`warning: shadows the live step "Opt-in" of "Spring Sale 2026"`,
			"2 redirects already lead there and would chain: offers.lakesidefit.com/Spring-2025, promo.lakesidefit.com/"} {
			if !strings.Contains(note, want) {
				t.Errorf("%s: note %q lacks %q", surface, note, want)
			}
		}
		var kinds []string
		for _, m := range plan.Marks {
			kinds = append(kinds, string(m.Warning)+" "+m.Domain+m.Path+" "+m.Step.Address())
		}
		want := "shadow offers.lakesidefit.com/spring-sale-opt-in offers.lakesidefit.com/spring-sale-opt-in|" +
			"chain offers.lakesidefit.com/Spring-2025 offers.lakesidefit.com/spring-sale-opt-in|" +
			"chain promo.lakesidefit.com/ offers.lakesidefit.com/spring-sale-opt-in"
		if strings.Join(kinds, "|") != want {
			t.Errorf("%s: marks\n%s\nwant\n%s", surface, strings.Join(kinds, "|"), want)
		}
		err = plan.CheckShadows(false)
		var se *ShadowError
		if !errors.Is(err, ErrShadow) || !errors.As(err, &se) || len(se.Marks) != 3 ||
			err.Error() != "the plan redirects from the address of 1 live step (offers.lakesidefit.com/spring-sale-opt-in), and 2 redirects "+
				"leading there would then chain (offers.lakesidefit.com/Spring-2025, promo.lakesidefit.com/): it is sent only when shadowing is allowed" {
			t.Errorf("%s: CheckShadows(false) = %v", surface, err)
		}
		if err := plan.CheckShadows(true); err != nil {
			t.Errorf("%s: CheckShadows(true) = %v", surface, err)
		}
	}
}

// TestPlanShadowMarksFollowThePlan: a redirect the plan points elsewhere, or
// deletes, no longer chains; a redirect that already shadows a step is the
// location's state, not the plan's doing; a plan with no live steps given marks
// nothing and says its steps were not checked.
func TestPlanShadowMarksFollowThePlan(t *testing.T) {
	live := []LiveStep{{Domain: "a.example.com", Path: "/step", Funnel: "F", Step: "S"}}
	current := []client.Redirect{
		{ID: "r1", Domain: "a.example.com", Path: "/old", Target: "https://a.example.com/step", Action: "funnel"},
		{ID: "r2", Domain: "b.example.com", Path: "/", Target: "https://a.example.com/step/", Action: "all"},
		{ID: "r3", Domain: "a.example.com", Path: "/already", Target: "https://x.example.com/", Action: "url"},
	}
	attached := map[string]bool{"a.example.com": true, "b.example.com": true}
	rows := []Row{
		{Domain: "a.example.com", Path: "/STEP", Target: "https://x.example.com/", Action: "url"},
		{Domain: "a.example.com", Path: "/old", Target: "https://x.example.com/o", Action: "url"},
	}
	p := Build(rows, current, Options{Attached: attached, Live: live, LiveKnown: true})
	if len(p.Marks) != 2 || p.Marks[0].Warning != Shadows || p.Marks[1].Domain != "b.example.com" {
		t.Errorf("marks %+v", p.Marks)
	}
	p = Build(rows, current, Options{Attached: attached, Live: live, LiveKnown: true, Prune: true})
	if len(p.Marks) != 1 || p.Marks[0].Warning != Shadows {
		t.Errorf("pruned: marks %+v", p.Marks)
	}
	p = Build([]Row{{Domain: "a.example.com", Path: "/already", Target: "https://y.example.com/", Action: "url"}}, current,
		Options{Attached: attached, Live: []LiveStep{{Domain: "a.example.com", Path: "/already"}}, LiveKnown: true})
	if len(p.Marks) != 0 || p.CheckShadows(false) != nil {
		t.Errorf("a change of a redirect over a step: %+v", p.Marks)
	}
	if p := Build(rows, current, Options{Attached: attached}); len(p.Marks) != 0 || p.LiveChecked {
		t.Errorf("no live steps given: %+v", p)
	}
}
