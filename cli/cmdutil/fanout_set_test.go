package cmdutil_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestSetFlagsResolveMembers: each way of naming a set gives its members, named by
// sub-account where the agency's listing knows them, each once, in order.
func TestSetFlagsResolveMembers(t *testing.T) {
	h, _ := clitest.AgencyHome(t, sandbox.Options{})
	h.WriteConfig(t, `default_profile = "agency"

[groups]
gyms = ["RiversideBoxingLoc03", "agency/SummitStrengthLoc002", "summit", "RiversideBoxingLoc03"]

[fanout]
concurrency = 3
`)
	resolve := func(location string, o cmdutil.SetOptions) *cmdutil.MemberSet {
		t.Helper()
		ios, _, _ := cmdutil.TestStreams("")
		f := h.Factory(ios)
		f.Flags.Location = location
		set, err := cmdutil.ResolveSet(context.Background(), f, &o)
		if err != nil {
			t.Fatalf("resolveSet(%q, %+v): %v", location, o, err)
		}
		return set
	}
	names := func(set *cmdutil.MemberSet) []string {
		var out []string
		for _, m := range set.Members {
			out = append(out, m.Profile+"|"+m.Location+"|"+m.Name)
		}
		return out
	}
	for _, c := range []struct {
		what     string
		location string
		opts     cmdutil.SetOptions
		want     []string
	}{
		{"--location a,b", "SummitStrengthLoc002, LakesideFit2026Loc01", cmdutil.SetOptions{},
			[]string{"agency|SummitStrengthLoc002|Summit Strength", "agency|LakesideFit2026Loc01|Lakeside Fit"}},
		{"--all-sub-accounts", "", cmdutil.SetOptions{AllSubAccounts: true}, []string{"agency|LakesideFit2026Loc01|Lakeside Fit",
			"agency|RiversideBoxingLoc03|Riverside Boxing Club", "agency|SummitStrengthLoc002|Summit Strength"}},
		{"--profiles", "", cmdutil.SetOptions{Profiles: []string{"summit", "agency"}},
			[]string{"summit|SummitStrengthLoc002|summit", "agency|LakesideFit2026Loc01|Lakeside Fit"}},
		{"--all-profiles", "", cmdutil.SetOptions{AllProfiles: true},
			[]string{"agency|LakesideFit2026Loc01|Lakeside Fit", "summit|SummitStrengthLoc002|summit"}},
		{"--group", "", cmdutil.SetOptions{Group: "gyms"}, []string{"agency|RiversideBoxingLoc03|Riverside Boxing Club",
			"agency|SummitStrengthLoc002|Summit Strength", "summit|SummitStrengthLoc002|summit"}},
	} {
		set := resolve(c.location, c.opts)
		if got := names(set); !slices.Equal(got, c.want) {
			t.Errorf("%s: members\n%q\nwant\n%q", c.what, got, c.want)
		}
		if set.Concurrency != 3 {
			t.Errorf("%s: concurrency %d, want [fanout] concurrency 3", c.what, set.Concurrency)
		}
	}
	if set := resolve("", cmdutil.SetOptions{AllSubAccounts: true, Concurrency: 5}); set.Concurrency != 5 {
		t.Errorf("--concurrency 5 gave %d", set.Concurrency)
	}
}

// TestSetFlagsRefuseBadCombinations: two sets at once, a set beside a single
// location or --token, an unknown group or profile, an agency set without an agency,
// a write through api: each exit 2 with a sentence that says what to do.
func TestSetFlagsRefuseBadCombinations(t *testing.T) {
	h, _ := clitest.AgencyHome(t, sandbox.Options{})
	h.WriteConfig(t, "default_profile = \"agency\"\n\n[groups]\ngyms = [\"not an id!\"]\n")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"find", "x", "--profiles", "summit", "--all-sub-accounts"}, "--profiles or --all-sub-accounts each name a set"},
		{[]string{"find", "x", "--location", "a,b", "--group", "gyms"}, "--location a,b or --group each name a set"},
		{[]string{"index", "--all-sub-accounts", "--location", "LakesideFit2026Loc01"}, "leave --location out"},
		{[]string{"folders", "--all-profiles", "--token", "pit-x"}, "leave --token out"},
		{[]string{"folders", "--profiles", "summit", "--profile", "agency"}, "leave --profile out"},
		{[]string{"find", "x", "--all-sub-accounts", "--concurrency", "-1"}, "--concurrency must be from 1 to 64"},
		{[]string{"find", "x", "--group", "nope"}, `no group "nope" in [groups]`},
		{[]string{"find", "x", "--group", "gyms"}, "is neither a profile nor a location id"},
		{[]string{"find", "x", "--profiles", "nobody"}, `no profile "nobody": signed in are agency, summit`},
		{[]string{"find", "x", "--location", "LakesideFit2026Loc01,,SummitStrengthLoc002"}, "an empty location id"},
		{[]string{"index", "--all-sub-accounts", "--profile", "summit"}, "--all-sub-accounts needs an agency sign-in, and profile \"summit\" is not one; add --profile agency (signed in at agency level)"},
		{[]string{"api", "POST", "/funnels/funnel/list", "--all-sub-accounts"}, "only GET goes across sub-accounts"},
		{[]string{"redirects", "export", "--all-sub-accounts"}, "name a directory with -o DIR"},
		{[]string{"find", "x", "--all-sub-accounts", "--no-cache"}, "leave --no-cache out"},
	} {
		code, out, errOut := h.Run(nil, c.args...)
		if code != cmdutil.ExitUsage || !strings.Contains(errOut, c.want) {
			t.Errorf("funnels %s: exit %d, want 2 and %q\n%s%s", strings.Join(c.args, " "), code, c.want, out, errOut)
		}
	}
}

// TestExportFileNamesBySubAccount: a file per sub-account named after it; names that
// meet (or leave nothing) get the location id.
func TestExportFileNamesBySubAccount(t *testing.T) {
	got := cmdutil.ExportFileNames([]cmdutil.Member{
		{Name: "Summit Strength", Location: "S1"}, {Name: "Lakeside Fit", Location: "L1"},
		{Name: "Lakeside  fit!", Location: "L2"}, {Name: "★", Location: "X1"},
	}, "csv")
	want := []string{"summit-strength.csv", "lakeside-fit-l1.csv", "lakeside-fit-l2.csv", "x1.csv"}
	if !slices.Equal(got, want) {
		t.Fatalf("file names %q, want %q", got, want)
	}
}

// TestSetFlagsComplete: --group completes the config's groups, --profiles the
// signed-in profiles (each once in a list), --location the agency's sub-accounts.
func TestSetFlagsComplete(t *testing.T) {
	h, _ := clitest.AgencyHome(t, sandbox.Options{})
	h.WriteConfig(t, "default_profile = \"agency\"\n\n[groups]\ngyms = [\"summit\"]\nclinics = [\"agency\"]\n")
	for _, c := range []struct {
		args       []string
		want, lack []string
	}{
		{[]string{"find", "x", "--group", ""}, []string{"clinics", "gyms"}, nil},
		{[]string{"index", "--profiles", "summit,"}, []string{"summit,agency"}, []string{"summit,summit"}},
		{[]string{"folders", "--location", "LakesideFit2026Loc01,S"}, []string{"LakesideFit2026Loc01,SummitStrengthLoc002"}, []string{"RiversideBoxingLoc03"}},
	} {
		_, out, errOut := h.Run(nil, append([]string{"__complete"}, c.args...)...)
		for _, w := range c.want {
			if !strings.Contains(out, w+"\n") {
				t.Errorf("completing %q: no %q in\n%s%s", c.args, w, out, errOut)
			}
		}
		for _, l := range c.lack {
			if strings.Contains(out, l) {
				t.Errorf("completing %q offers %q:\n%s", c.args, l, out)
			}
		}
	}
}

// FuzzFileStem: an export's file name made from any sub-account name holds only
// letters, digits and single hyphens (no separator, dot or control character), never
// a hyphen at either end.
func FuzzFileStem(f *testing.F) {
	for _, s := range []string{"Summit Strength", "../../etc/passwd", "  -- ", "Café Zoë", "a/b\\c", strings.Repeat("x ", 100)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		stem := cmdutil.FileStem(name)
		if strings.HasPrefix(stem, "-") || strings.HasSuffix(stem, "-") || strings.Contains(stem, "--") {
			t.Fatalf("fileStem(%q) = %q", name, stem)
		}
		for _, r := range stem {
			if r != '-' && !unicode.IsLetter(r) && !unicode.IsDigit(r) {
				t.Fatalf("fileStem(%q) = %q holds %q", name, stem, r)
			}
		}
	})
}
