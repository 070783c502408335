package e2e

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/spf13/pflag"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// These tests run the built binary against the sandbox for every headless command:
// the human output, the --json shape, the exit codes, and that bad input sends
// nothing.

var uuidV4 = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)

func TestFoldersCommand(t *testing.T) {
	c := newBinCLI(t, sandbox.Options{})
	r := c.api("folders")
	r.want(t, 0, "KIND", "Archive", seedArchive, "Free 7-Day Trial", seedTrialFunnel, "join.lakesidefit.com", "website folder")
	if strings.Index(r.stdout, "Webinars") > strings.Index(r.stdout, "Free 7-Day Trial") {
		t.Errorf("funnels listed before folders:\n%s", r.stdout)
	}
	reqs := c.requests()
	if len(reqs) != 1 || reqs[0].Path != "/funnels/funnel/folder/entities" || !strings.Contains(reqs[0].Query, "locationId=LakesideFit2026Loc01") {
		t.Errorf("requests %+v", reqs)
	}

	var out struct {
		ParentID string `json:"parentId"`
		Folders  []struct{ ID, Name, Type string }
		Funnels  []struct {
			ID, Name string
			Steps    []struct{ ID string }
		}
	}
	c.api("folders", "--json").decode(t, &out)
	if len(out.Folders) != 5 || len(out.Funnels) != 5 || out.Folders[0].Name != "Archive" || out.Funnels[0].ID != seedTrialFunnel || len(out.Funnels[0].Steps) != 4 {
		t.Errorf("--json: %+v", out)
	}

	c.api("folders", "--parent", seedArchive).want(t, 0, "2025 Campaigns", "Old Homepage Funnel")
	c.api("folders", "--parent", "AAAAAAAAAAAAAAAAAAAA").want(t, 1, "err:funnels folders: 404 Folder not found")
	c.requests()
	c.api("folders", "--parent", "a b").want(t, 2, `err:--parent must be an id`)
	c.api("folders", "extra").want(t, 2, `err:unexpected argument "extra"`)
	c.api("folders", "--bogus").want(t, 2, "err:unknown flag: --bogus", "err:--help")
	c.api("folders", "--jsn").want(t, 2, "err:did you mean --jq or --json?")
	c.api("fodlers").want(t, 2, `err:unknown command "fodlers" for "funnels"; did you mean folders?`)
	c.nothingSent("bad folders input")
}

func TestStepsCommand(t *testing.T) {
	c := newBinCLI(t, sandbox.Options{})
	r := c.api("steps", seedTrialFunnel)
	r.want(t, 0, `"Free 7-Day Trial"`, "4 steps", "SEQ", seedTrialLanding, "/free-trial-landing", "misc_funnel_page", "Welcome")
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if len(lines) != 6 || !strings.HasPrefix(lines[2], "1 ") || !strings.HasPrefix(lines[5], "4 ") {
		t.Errorf("steps not one per line in order:\n%s", r.stdout)
	}

	var f struct {
		ID, Name string
		Steps    []struct {
			ID       string
			Sequence int
			URL      string
			Pages    []string
		}
	}
	c.api("steps", "--json", seedTrialFunnel).decode(t, &f) // flags before the argument work too
	if f.ID != seedTrialFunnel || len(f.Steps) != 4 || f.Steps[1].ID != seedTrialSignUp || len(f.Steps[1].Pages) != 2 || f.Steps[3].Sequence != 4 {
		t.Errorf("--json: %+v", f)
	}

	c.requests()
	c.api("steps", "AAAAAAAAAAAAAAAAAAAA").want(t, 1, `err:no funnel with id "AAAAAAAAAAAAAAAAAAAA"`)
	c.requests()
	c.api("steps").want(t, 2, "err:FUNNEL_ID is required")
	c.api("steps", "../x").want(t, 2, "err:FUNNEL_ID must be an id")
	c.nothingSent("bad steps input")
}

func TestPagesAndPageGetCommands(t *testing.T) {
	c := newBinCLI(t, sandbox.Options{})
	c.api("pages", seedTrialFunnel).want(t, 0, "STATUS", seedLandingPage, "Landing Page", "Sign Up (Variation B)", "live")
	r := c.api("pages", seedTrialFunnel, "--step", seedTrialSignUp)
	r.want(t, 0, "Sign Up (Variation B)")
	if strings.Contains(r.stdout, "Landing Page") {
		t.Errorf("--step kept another step's page:\n%s", r.stdout)
	}
	var pages struct {
		FunnelID, StepID string
		Pages            []struct {
			ID, Name, StepID string
			Deleted          bool
		}
	}
	c.api("pages", seedTrialFunnel, "--step", seedTrialSignUp, "--json").decode(t, &pages)
	if pages.FunnelID != seedTrialFunnel || pages.StepID != seedTrialSignUp || len(pages.Pages) != 2 || pages.Pages[0].StepID != seedTrialSignUp {
		t.Errorf("pages --json: %+v", pages)
	}

	c.api("page", "get", seedLandingPage).want(t, 0, "_id:", seedLandingPage, "funnelId:", "stepId:", "pageVersion:", "sections:", "dateUpdated:")
	var page struct {
		ID, Name, FunnelID string
		Raw                map[string]any
	}
	c.api("page", "get", seedLandingPage, "--json").decode(t, &page)
	if page.ID != seedLandingPage || page.FunnelID != seedTrialFunnel || page.Raw["_id"] != seedLandingPage || page.Raw["sections"] == nil {
		t.Errorf("page get --json: %+v", page)
	}
	c.api("page", "get", "AAAAAAAAAAAAAAAAAAAA").want(t, 1, "err:404 Page not found")
	c.requests()
	c.api("page", "get").want(t, 2, "err:PAGE_ID is required")
	c.api("page", "get", "a?b").want(t, 2, "err:PAGE_ID must be an id")
	c.api("pages", seedTrialFunnel, "--step", "x y").want(t, 2, "err:--step must be an id")
	c.api("page").want(t, 2, "err:funnels page: a command is needed: get")
	c.api("page", "delete").want(t, 2, `err:unknown command "delete" for "funnels page"`)
	c.nothingSent("bad pages input")
}

func TestFolderCreateCommand(t *testing.T) {
	c := newBinCLI(t, sandbox.Options{})
	r := c.api("folder", "create", "--name", "  Spring Campaigns ")
	r.want(t, 0, `Created funnel folder "Spring Campaigns" (id `, "at the top level", "New folders appear at the top level")
	reqs := c.requests()
	if len(reqs) != 1 || reqs[0].Method != "POST" || reqs[0].Path != "/funnels/funnel/folder/create" {
		t.Fatalf("requests %+v", reqs)
	}
	var body map[string]any
	if err := json.Unmarshal([]byte(reqs[0].Body), &body); err != nil || body["name"] != "Spring Campaigns" || body["type"] != "funnel" || body["locationId"] != "LakesideFit2026Loc01" {
		t.Errorf("body %s", reqs[0].Body)
	}
	c.api("folders").want(t, 0, "Spring Campaigns")

	var f struct{ ID, Name, Type, ParentID string }
	r = c.api("folder", "create", "--name", "Club Sites", "--type", "Website", "--user-id", "u123", "--json")
	r.decode(t, &f)
	if f.ID == "" || f.Name != "Club Sites" || f.Type != "website" || f.ParentID != "" || !strings.Contains(r.stderr, "top level") {
		t.Errorf("--json: %+v, stderr %q", f, r.stderr)
	}

	ro := c.run("", "folder", "create", "--name", "X", "--base-url", c.sb.URL, "--token", c.sb.Server.ReadOnlyToken(), "--location", c.sb.Server.LocationID())
	ro.want(t, 1, "err:403")
	c.requests()
	c.api("folder", "create", "--name", "X", "--type", "folder").want(t, 2, `err:--type must be funnel or website (got "folder")`)
	c.api("folder", "create").want(t, 2, "err:--name is required")
	c.api("folder", "create", "--name", "a\x1b[2Jb").want(t, 2, "err:--name must not contain control characters")
	c.nothingSent("bad folder input")
}

func TestStepCreateCommand(t *testing.T) {
	c := newBinCLI(t, sandbox.Options{})
	r := c.api("step", "create", "--funnel", seedTrialFunnel, "--name", "Upsell Offer", "--path", "Trial-Upsell", "--type", "upsell")
	r.want(t, 0, `Created step "Upsell Offer" in funnel "Free 7-Day Trial"`, "/trial-upsell", "upsell_funnel_page", "Sequence:  5")
	var create *sandbox.Request
	reqs := c.requests()
	for i := range reqs {
		if reqs[i].Path == "/funnels/funnel/create-step" {
			create = &reqs[i]
		}
	}
	if create == nil || reqs[len(reqs)-1].Path != "/funnels/funnel/list" {
		t.Fatalf("no create-step, or no re-read after it: %+v", reqs)
	}
	var body struct {
		FunnelID string `json:"funnelId"`
		Step     struct {
			ID, Name, URL, Type string
			Pages               []string
			Sequence            int
		}
	}
	if err := json.Unmarshal([]byte(create.Body), &body); err != nil || !uuidV4.MatchString(body.Step.ID) || body.Step.Sequence != 5 ||
		body.Step.URL != "/trial-upsell" || body.Step.Pages == nil || body.FunnelID != seedTrialFunnel {
		t.Errorf("create-step body %s (%v)", create.Body, err)
	}
	if !strings.Contains(r.stdout, body.Step.ID) {
		t.Errorf("the new step's id %s is not printed:\n%s", body.Step.ID, r.stdout)
	}

	var out struct {
		FunnelID string
		Step     struct {
			ID, URL, Type string
			Pages         []string
			Sequence      int
		}
	}
	c.api("step", "create", "--funnel", seedTrialFunnel, "--name", "Bonus", "--path", "/trial-bonus", "--json").decode(t, &out)
	if out.FunnelID != seedTrialFunnel || !uuidV4.MatchString(out.Step.ID) || out.Step.Sequence != 6 || len(out.Step.Pages) != 1 || out.Step.Type != "optin_funnel_page" {
		t.Errorf("--json: %+v", out)
	}
	c.api("steps", seedTrialFunnel).want(t, 0, "6 steps", "/trial-bonus")

	// A path the funnel already has: refused before anything is written.
	c.requests()
	c.api("step", "create", "--funnel", seedTrialFunnel, "--name", "Again", "--path", "/trial-bonus").want(t, 2, "err:--path /trial-bonus is already the path of step")
	// The funnel's own path: the service's check says it is taken and suggests another.
	c.api("step", "create", "--funnel", seedTrialFunnel, "--name", "Again", "--path", "/free-trial").want(t, 2, "err:--path /free-trial is taken; the service suggests /free-trial-")
	for _, q := range c.requests() {
		if q.Method != "GET" {
			t.Errorf("a refused step still sent %s %s", q.Method, q.Path)
		}
	}
	c.api("step", "create", "--funnel", "AAAAAAAAAAAAAAAAAAAA", "--name", "X", "--path", "/x").want(t, 1, "err:no funnel with id")
	c.requests()
	r = c.api("step", "create", "--name", " ", "--path", "/My Offer", "--type", "checkout", "--domain", "https://x.io")
	r.want(t, 2, "err:--funnel is required", "err:--name is required", "err:--path must not contain spaces: try /my-offer",
		"err:--type must be one of optin, sales", "err:--domain must be a host name, not an address: try x.io")
	c.nothingSent("bad step input")
}

func TestDomainAttachCommand(t *testing.T) {
	c := newBinCLI(t, sandbox.Options{})
	c.api("domain", "attach", "--domain", "Bücher.Example.").want(t, 0, "Attached bücher.example (xn--bcher-kva.example) (id ")
	reqs := c.requests()
	if len(reqs) != 1 || !strings.Contains(reqs[0].Body, `"domain":"xn--bcher-kva.example"`) {
		t.Errorf("requests %+v", reqs)
	}
	var d struct{ ID, URL, LocationID string }
	c.api("domain", "attach", "--domain", "shop.example.com", "--json").decode(t, &d)
	if d.ID == "" || d.URL != "shop.example.com" || d.LocationID != "LakesideFit2026Loc01" {
		t.Errorf("--json: %+v", d)
	}
	c.api("domain", "attach", "--domain", "shop.example.com").want(t, 1, "err:422 --domain is already attached")
	c.requests()
	for _, bad := range []string{"shop.example.com:8443", "192.168.1.1", "localhost", "https://a.io/b", ""} {
		c.api("domain", "attach", "--domain", bad).want(t, 2, "err:funnels domain attach: --domain ")
	}
	c.nothingSent("bad domains")
}

func TestEventConversionNeedsNoLogin(t *testing.T) {
	c := newBinCLI(t, sandbox.Options{})
	// No token anywhere: no flag, no environment, no login.
	r := c.run("", "event", "conversion", "--base-url", c.sb.URL, "--event-name", "purchase", "--email", "Jo@Example.COM",
		"--value", "49.90", "--currency", "usd", "--date-of-birth", "1990-04-12", "--phone", "+1 (555) 123-4567", "--first-name", "Jo")
	r.want(t, 0, "Sent Purchase event ", "accepted")
	reqs := c.requests()
	if len(reqs) != 1 || reqs[0].Auth != "none" || reqs[0].Status != 200 {
		t.Fatalf("requests %+v", reqs)
	}
	var body map[string]any
	_ = json.Unmarshal([]byte(reqs[0].Body), &body)
	contact, _ := body["contact"].(map[string]any)
	if body["eventName"] != "Purchase" || body["currency"] != "USD" || body["value"] != "49.90" || !uuidV4.MatchString(str(body["eventId"])) ||
		contact["email"] != "Jo@example.com" || contact["dateOfBirth"] != "1990-04-12T00:00:00Z" || contact["phone"] != "+15551234567" {
		t.Errorf("body %s", reqs[0].Body)
	}
	if !strings.Contains(r.stdout, str(body["eventId"])) {
		t.Errorf("the generated event id is not printed: %s", r.stdout)
	}

	// With a token given it is still not sent.
	var out struct {
		EventID, EventName string
		Success            bool
	}
	c.api("event", "conversion", "--event-name", "Lead", "--event-id", "evt-42", "--json").decode(t, &out)
	if out.EventID != "evt-42" || out.EventName != "Lead" || !out.Success {
		t.Errorf("--json: %+v", out)
	}
	if reqs := c.requests(); len(reqs) != 1 || reqs[0].Auth != "none" || !strings.Contains(reqs[0].Body, `"eventId":"evt-42"`) {
		t.Errorf("requests %+v", reqs)
	}

	r = c.run("", "event", "conversion", "--base-url", c.sb.URL, "--event-name", "Bought", "--email", "jo@", "--date-of-birth", "12/04/1990",
		"--value", "1,000", "--currency", "dollars", "--url", "shop", "--country", "U")
	r.want(t, 2, "err:--event-name must be one of PageView, Purchase", "err:--email must be an email address", "err:--date-of-birth must be a date",
		"err:--value must use . for decimals", "err:--currency must be a 3-letter", "err:--url must be a full address", "err:--country must be")
	c.run("", "event", "conversion", "--base-url", c.sb.URL).want(t, 2, "err:--event-name is required")
	c.nothingSent("bad conversion")
}

func str(v any) string { s, _ := v.(string); return s }

func TestEventPageViewCommand(t *testing.T) {
	c := newBinCLI(t, sandbox.Options{})
	c.api("event", "page-view", "--funnel", seedTrialFunnel, "--step", seedTrialLanding, "--page-url", "free-trial-landing").
		want(t, 0, "Triggered the page-view workflows of /free-trial-landing", "Workflow triggered")
	reqs := c.requests()
	if len(reqs) != 1 || reqs[0].Path != "/funnels/page/view/workflow/trigger" || reqs[0].Auth != "bearer" ||
		reqs[0].Body != `{"funnelId":"`+seedTrialFunnel+`","stepId":"`+seedTrialLanding+`","pageUrl":"/free-trial-landing"}` ||
		reqs[0].Query != "locationId=LakesideFit2026Loc01" {
		t.Errorf("requests %+v", reqs)
	}
	var res struct {
		Success bool
		Message string
	}
	c.api("event", "page-view", "--funnel", seedTrialFunnel, "--step", seedTrialLanding, "--page-url", "/x", "--json").decode(t, &res)
	if !res.Success || res.Message != "Workflow triggered" {
		t.Errorf("--json: %+v", res)
	}
	c.api("event", "page-view", "--funnel", seedTrialFunnel, "--step", "AAAAAAAAAAAAAAAAAAAA", "--page-url", "/x").want(t, 1, "err:404 Step not found")
	c.requests()
	c.api("event", "page-view", "--page-url", "https://x.io/offer").want(t, 2, "err:--funnel is required", "err:--step is required", "err:--page-url must be a path within the funnel")
	c.api("event").want(t, 2, "err:funnels event: a command is needed: conversion, page-view")
	c.nothingSent("bad page view")
}

func TestAPICommand(t *testing.T) {
	c := newBinCLI(t, sandbox.Options{})
	r := c.api("api", "get", "/funnels/funnel/list", "--query", "locationId={locationId}", "--query", "limit=2")
	r.want(t, 0, "{\n  \"", `"count": 25`, `"funnels": [`)
	reqs := c.requests()
	if len(reqs) != 1 || reqs[0].Method != "GET" || reqs[0].Query != "limit=2&locationId=LakesideFit2026Loc01" {
		t.Errorf("requests %+v", reqs)
	}

	file := filepath.Join(t.TempDir(), "folder.json")
	if err := os.WriteFile(file, []byte(`{"locationId":"LakesideFit2026Loc01","type":"funnel","name":"From a file"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	c.api("api", "POST", "/funnels/funnel/folder/create", "--data", "@"+file).want(t, 0, `"name": "From a file"`)
	r = c.run(`{"lookups": [{"target": "/a", "action": "publish"}]}`, "api", "POST", "/funnels/lookup/multiple", "--data", "@-",
		"--base-url", c.sb.URL, "--token", c.sb.Server.DemoToken())
	r.want(t, 0, `"lookups"`, `"target": "/a"`)
	reqs = c.requests()
	if len(reqs) != 2 || reqs[1].Body != `{"lookups": [{"target": "/a", "action": "publish"}]}` {
		t.Errorf("requests %+v", reqs)
	}

	c.api("api", "GET", "/funnels/page/AAAAAAAAAAAAAAAAAAAA").want(t, 1, "err:funnels api: 404 Page not found")
	c.api("api", "POST", "/funnels/funnel/folder/create", "--data", `{"name":""}`).want(t, 1, "err:422 name should not be empty")
	c.requests()
	c.api("api", "GET", "funnels/funnel/list").want(t, 2, "err:PATH must start with a single /")
	c.api("api", "FETCH", "/x").want(t, 2, "err:METHOD must be GET, POST")
	c.api("api", "POST", "/x", "--data", "{nope").want(t, 2, "err:--data is not valid JSON")
	c.api("api", "POST", "/x", "--data", "@"+filepath.Join(t.TempDir(), "missing.json")).want(t, 2, "err:--data: open ")
	c.api("api", "GET", "/x", "--query", "novalue").want(t, 2, "err:--query must be key=value")
	c.api("api", "GET").want(t, 2, "err:PATH is required")
	c.nothingSent("bad api input")
}

func TestCredentialsAndNetworkExitCodes(t *testing.T) {
	c := newBinCLI(t, sandbox.Options{})
	withoutToken := [][]string{
		{"folders"}, {"steps", seedTrialFunnel}, {"pages", seedTrialFunnel}, {"page", "get", seedLandingPage},
		{"folder", "create", "--name", "X"}, {"step", "create", "--funnel", seedTrialFunnel, "--name", "X", "--path", "/x"},
		{"domain", "attach", "--domain", "x.example.com"},
		{"event", "page-view", "--funnel", seedTrialFunnel, "--step", seedTrialLanding, "--page-url", "/x"},
		{"api", "GET", "/funnels/funnel/geo-location"},
	}
	for _, args := range withoutToken {
		c.run("", append(args, "--base-url", c.sb.URL, "--location", c.sb.Server.LocationID())...).want(t, 3, "err:run `funnels login`")
		c.run("", append(args, "--base-url", c.sb.URL, "--location", c.sb.Server.LocationID(), "--token", "pit-refused")...).
			want(t, 3, "err:401 Invalid JWT: the token was refused")
	}
	for _, q := range c.requests() {
		if q.Status != 401 {
			t.Errorf("%s %s answered %d; only the refused token's requests should have gone out", q.Method, q.Path, q.Status)
		}
	}
	// No location anywhere: refused before sending.
	c.run("", "folders", "--base-url", c.sb.URL, "--token", c.sb.Server.DemoToken()).want(t, 2, "err:no location: pass --location")
	c.nothingSent("no location")

	closed := "http://127.0.0.1:1"
	c.run("", "domain", "attach", "--domain", "x.example.com", "--base-url", closed, "--token", "t", "--location", "L").
		want(t, 1, "err:funnels domain attach: no answer from server (POST /funnels/domain/attach-domain")
	c.run("", "event", "conversion", "--event-name", "Lead", "--base-url", closed).want(t, 1, "err:no answer from server")
}

// TestHelpOfEveryCommand asks the binary for the help of every command, both ways
// (COMMAND --help and help COMMAND): one style, on stdout, exit 0, naming the
// command's usage, its examples and every flag.
func TestHelpOfEveryCommand(t *testing.T) {
	c := newBinCLI(t, sandbox.Options{})
	for _, cmd := range allCommands() {
		path := strings.Fields(cmd.CommandPath())[1:]
		for _, args := range [][]string{append(slices.Clone(path), "--help"), append([]string{"help"}, path...)} {
			r := c.run("", args...)
			r.want(t, 0, "USAGE", cmd.CommandPath())
			if r.stderr != "" {
				t.Errorf("funnels %s wrote to stderr: %s", strings.Join(args, " "), r.stderr)
			}
			if cmd.Example != "" && !strings.Contains(r.stdout, "EXAMPLES") {
				t.Errorf("funnels %s lacks its examples:\n%s", strings.Join(args, " "), r.stdout)
			}
			cmd.Flags().VisitAll(func(f *pflag.Flag) {
				if !f.Hidden && !strings.Contains(r.stdout, "--"+f.Name) {
					t.Errorf("funnels %s lacks --%s", strings.Join(args, " "), f.Name)
				}
			})
		}
	}
	c.run("", "help").want(t, 0, "folders", "completion", "api")
	c.nothingSent("help")
}

// TestHeadlessAgainstTheSandboxBinary uses `funnels sandbox` as a user would start it,
// and reads its request log over HTTP.
func TestHeadlessAgainstTheSandboxBinary(t *testing.T) {
	sb := startSandboxBinary(t)
	base, token, loc := sb.values["base_url"], sb.values["token"], sb.values["location_id"]
	c := &binCLI{t: t, env: testEnv(t)}
	log := func() []sandbox.Request {
		t.Helper()
		res, err := http.Get(base + "/_sandbox/requests")
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var reqs []sandbox.Request
		if err := json.NewDecoder(res.Body).Decode(&reqs); err != nil {
			t.Fatal(err)
		}
		if _, err := http.Post(base+"/_sandbox/reset-log", "application/json", nil); err != nil {
			t.Fatal(err)
		}
		return reqs
	}
	c.run("", "steps", seedTrialFunnel, "--base-url", base, "--token", token, "--location", loc).want(t, 0, "Landing Page")
	// Piped (this binCLI forces no terminal), the sentence goes to stderr and stdout
	// holds only the event id.
	r := c.run("", "event", "conversion", "--event-name", "Lead", "--base-url", base)
	r.want(t, 0, "err:Sent Lead event")
	if !uuidV4.MatchString(strings.TrimSpace(r.stdout)) {
		t.Errorf("piped, stdout should hold only the event id: %q", r.stdout)
	}
	if reqs := log(); len(reqs) != 2 || reqs[0].Auth != "bearer" || reqs[1].Auth != "none" {
		t.Errorf("requests %+v", reqs)
	}
	c.run("", "event", "conversion", "--event-name", "Lead", "--email", "nope", "--base-url", base).want(t, 2, "err:--email")
	c.run("", "step", "create", "--funnel", seedTrialFunnel, "--name", "X", "--path", "/A B", "--base-url", base, "--token", token, "--location", loc).want(t, 2, "err:--path")
	if reqs := log(); len(reqs) != 0 {
		t.Errorf("bad input sent %+v", reqs)
	}
	for _, out := range c.seen {
		if strings.Contains(out, token) {
			t.Errorf("the token was printed: %s", out)
		}
	}
}
