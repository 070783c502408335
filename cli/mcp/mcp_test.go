package mcp_test

import (
	"context"
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// serveMCP runs `funnels mcp` in this process and connects the SDK's client to it.
func serveMCP(t *testing.T, h *clitest.Home, args ...string) *mcp.ClientSession {
	t.Helper()
	return clitest.ServeMCP(t, h.Getenv, h.Keyring, nil, args...)
}

// answer is what a tool answers: the sub-account, the command's --json, the notes.
type answer struct {
	Location where           `json:"location"`
	Result   json.RawMessage `json:"result"`
	Notes    []string        `json:"notes"`
}

// where is the sub-account an answer is about.
type where struct{ ID, Name, Profile string }

// treeDoc is the funnels tree the resource serves: an export's tree.
type treeDoc struct {
	Location where
	Source   string
	Indexed  time.Time
	Counts   struct{ Folders, Funnels, Steps, Pages, Domains, Redirects int }
	Folders  []struct{ ID, Path string }
	Funnels  []struct {
		ID, Name, Folder, Domain, Path string
		Steps                          []struct {
			ID, Name, Path string
			Sequence       int
			Pages          []struct{ ID, Name string }
		}
	}
	Redirects []struct{ ID, Domain, Path string }
	Notes     []string
}

// answerOf is the whole answer of a tool, and fails the test on an error.
func answerOf(t *testing.T, s *mcp.ClientSession, tool string, args map[string]any) answer {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	res, err := s.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", tool, err)
	}
	text := res.Content[0].(*mcp.TextContent).Text
	if res.IsError {
		t.Fatalf("%s: tool error: %s", tool, text)
	}
	var ans answer
	if err := json.Unmarshal([]byte(text), &ans); err != nil {
		t.Fatalf("%s: %v\n%s", tool, err, text)
	}
	return ans
}

// resultOf is the result the tool answered, and fails the test on an error.
func resultOf(t *testing.T, s *mcp.ClientSession, tool string, args map[string]any) json.RawMessage {
	t.Helper()
	return answerOf(t, s, tool, args).Result
}

// sameJSON fails unless a and b hold the same JSON value.
func sameJSON(t *testing.T, what string, a, b []byte) {
	t.Helper()
	var va, vb any
	if err := json.Unmarshal(a, &va); err != nil {
		t.Fatalf("%s: %v\n%s", what, err, a)
	}
	if err := json.Unmarshal(b, &vb); err != nil {
		t.Fatalf("%s: %v\n%s", what, err, b)
	}
	if !reflect.DeepEqual(va, vb) {
		t.Errorf("%s: the tool's result is not the command's --json:\ntool: %s\ncommand: %s", what, a, b)
	}
}

// TestMCPToolsAnswerWithTheCommandsJSON: a tool's result is the --json of the command
// it stands for, and calls made at once each get their own answer.
func TestMCPToolsAnswerWithTheCommandsJSON(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{})
	s := serveMCP(t, h)
	// Asked fresh, the service's record whole; then, as the index keeps it, both alike.
	sameJSON(t, "list_steps fresh", resultOf(t, s, "list_steps", map[string]any{"funnel_id": clitest.SeedTrialFunnel, "fresh": true}),
		[]byte(h.Run("steps", clitest.SeedTrialFunnel, "--json", "--fresh").Want(t, 0).Stdout))
	sameJSON(t, "list_steps", resultOf(t, s, "list_steps", map[string]any{"funnel_id": clitest.SeedTrialFunnel}),
		[]byte(h.Run("steps", clitest.SeedTrialFunnel, "--json").Want(t, 0).Stdout))
	sameJSON(t, "list_folders", resultOf(t, s, "list_folders", map[string]any{"parent": clitest.SeedArchive}),
		[]byte(h.Run("folders", "--parent", clitest.SeedArchive, "--json").Want(t, 0).Stdout))
	sameJSON(t, "list_redirects", resultOf(t, s, "list_redirects", map[string]any{"search": "offers"}),
		[]byte(h.Run("redirects", "list", "--search", "offers", "--json").Want(t, 0).Stdout))

	want := string(resultOf(t, s, "list_pages", map[string]any{"funnel_id": clitest.SeedTrialFunnel, "step": clitest.SeedTrialSignUp}))
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			res, err := s.CallTool(ctx, &mcp.CallToolParams{Name: "list_pages", Arguments: map[string]any{"funnel_id": clitest.SeedTrialFunnel, "step": clitest.SeedTrialSignUp}})
			if err != nil || res.IsError {
				t.Errorf("a call made beside others failed: %v %+v", err, res)
				return
			}
			var ans answer
			if err := json.Unmarshal([]byte(res.Content[0].(*mcp.TextContent).Text), &ans); err != nil || string(ans.Result) != want {
				t.Errorf("a call made beside others got another answer: %v\n%s", err, ans.Result)
			}
		})
	}
	wg.Wait()
}

// TestMCPReadOnlyWithoutAllowWrites: without --allow-writes the client is read-only
// whatever the tools list; with --readonly the write tool plans and sends nothing.
func TestMCPReadOnlyWithoutAllowWrites(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{})
	s := serveMCP(t, h, "--allow-writes", "--readonly")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	h.SB.Server.ResetLog()
	res, err := s.CallTool(ctx, &mcp.CallToolParams{Name: "apply_redirect_import", Arguments: map[string]any{
		"rows": "domain,path,target,action\noffers.lakesidefit.com,/ro,https://offers.lakesidefit.com/y,url\n", "dry_run": false}})
	if err != nil {
		t.Fatal(err)
	}
	text := ""
	for _, c := range res.Content {
		text += c.(*mcp.TextContent).Text
	}
	if !strings.Contains(text, "Read-only mode is on") || !strings.Contains(text, `"outcome":"planned"`) {
		t.Errorf("--readonly with --allow-writes: want the plan and the read-only note, got %s", text)
	}
	for _, r := range h.SB.Server.Requests() {
		if r.Method != "GET" {
			t.Errorf("--readonly: %s %s sent", r.Method, r.Path)
		}
	}
}

// TestMCPNamesTheSubAccount: a sub-account of an agency sign-in is named by the
// agency's listing in every answer, with its profile; a token given without a
// profile is named by the locations API where the token may read it, with no
// profile, and not named at all where it may not — never by where the token came
// from.
func TestMCPNamesTheSubAccount(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{})
	h := clitest.NewAuthHome(t)
	if code, stderr := h.LoginByPaste(clitest.AgencyLoginArgs(r)); code != cmdutil.ExitOK {
		t.Fatalf("login --agency: exit %d\n%s", code, stderr)
	}
	s := clitest.ServeMCP(t, h.Getenv, clitest.NoKeyring{}, nil, "--profile", "agency", "--location", "SummitStrengthLoc002")
	loc := answerOf(t, s, "list_folders", map[string]any{}).Location
	if loc != (where{ID: "SummitStrengthLoc002", Name: "Summit Strength", Profile: "agency"}) {
		t.Errorf("an agency's sub-account: %+v", loc)
	}

	tok := clitest.SignedIn(t, sandbox.Options{})
	loc = answerOf(t, serveMCP(t, tok), "index_status", map[string]any{}).Location
	if loc != (where{ID: tok.SB.Server.LocationID(), Name: "Lakeside Fit"}) {
		t.Errorf("a token from the environment: %+v", loc)
	}
	if n := len(requestsTo(tok.SB.Server, "/locations/"+tok.SB.Server.LocationID())); n != 1 {
		t.Errorf("the locations API was asked %d times, want once for the server's life", n)
	}

	pub := clitest.SignedIn(t, sandbox.Options{Surface: sandbox.SurfacePublic})
	s = serveMCP(t, pub, "--token", pub.SB.Server.IssueScopedToken(0, "funnels/funnel.readonly"))
	ans := answerOf(t, s, "index_status", map[string]any{})
	if ans.Location != (where{ID: pub.SB.Server.LocationID()}) {
		t.Errorf("a token that may not read the location: %+v", ans.Location)
	}
	if raw := string(ans.Result); strings.Contains(raw, "--token") || strings.Contains(raw, "FUNNELS_TOKEN") {
		t.Errorf("the answer names the sign-in by where the token came from: %s", raw)
	}
}

// requestsTo are the sandbox's logged requests to path.
func requestsTo(s *sandbox.Server, path string) []sandbox.Request {
	var out []sandbox.Request
	for _, r := range s.Requests() {
		if r.Path == path {
			out = append(out, r)
		}
	}
	return out
}

// readTree reads the location's tree resource.
func readTree(t *testing.T, s *mcp.ClientSession, location string) treeDoc {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	rr, err := s.ReadResource(ctx, &mcp.ReadResourceParams{URI: "funnels://location/" + location + "/tree"})
	if err != nil {
		t.Fatalf("read the tree: %v", err)
	}
	var doc treeDoc
	if err := json.Unmarshal([]byte(rr.Contents[0].Text), &doc); err != nil {
		t.Fatalf("the tree: %v\n%s", err, rr.Contents[0].Text)
	}
	return doc
}

// TestMCPTreeCrawledThenFromTheIndex: with no index the tree is read by crawling
// the index, in the shape of an export; the next read is served from the index with
// no request, and says the same.
func TestMCPTreeCrawledThenFromTheIndex(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{})
	s := serveMCP(t, h)
	loc := h.SB.Server.LocationID()
	crawled := readTree(t, s, loc)
	if crawled.Source != "crawled" || crawled.Indexed.IsZero() || crawled.Location.ID != loc || crawled.Location.Name != "Lakeside Fit" {
		t.Fatalf("first read: source %q, indexed %v, %+v", crawled.Source, crawled.Indexed, crawled.Location)
	}
	steps, pages := 0, 0
	for _, fu := range crawled.Funnels {
		steps += len(fu.Steps)
		for _, st := range fu.Steps {
			pages += len(st.Pages)
		}
	}
	if len(crawled.Folders) != 9 || len(crawled.Funnels) != 25 || steps != 111 || len(crawled.Redirects) != 8 ||
		crawled.Counts.Funnels != 25 || crawled.Counts.Steps != 111 {
		t.Errorf("crawled: %d folders, %d funnels, %d steps, %d redirects, counts %+v; want the seed's 9, 25, 111, 8",
			len(crawled.Folders), len(crawled.Funnels), steps, len(crawled.Redirects), crawled.Counts)
	}
	if pages == 0 || !slices.ContainsFunc(crawled.Folders, func(f struct{ ID, Path string }) bool {
		return f.Path == "Archive / 2025 Campaigns / Black Friday 2025"
	}) {
		t.Errorf("crawled: %d pages, folders %+v; want pages and folders by their paths", pages, crawled.Folders)
	}

	h.SB.Server.ResetLog()
	indexed := readTree(t, s, loc)
	if n := len(h.SB.Server.Requests()); n > 0 {
		t.Errorf("the tree from the index sent %d requests", n)
	}
	if indexed.Source != "index" || !indexed.Indexed.Equal(crawled.Indexed) {
		t.Fatalf("second read: source %q, indexed %v", indexed.Source, indexed.Indexed)
	}
	indexed.Source = crawled.Source
	if !reflect.DeepEqual(crawled, indexed) {
		t.Errorf("the tree from the index differs from the crawled one:\ncrawled: %+v\nindex:   %+v", crawled, indexed)
	}
}

// TestMCPTreeWhereFoldersAreRefused: where the folder entities are refused to the
// token, the tree holds the folders the funnels sit in, by id, and says why — when
// crawled, and again when served from the index.
func TestMCPTreeWhereFoldersAreRefused(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{Surface: sandbox.SurfacePublic})
	s := serveMCP(t, h)
	for _, source := range []string{"crawled", "index"} {
		doc := readTree(t, s, h.SB.Server.LocationID())
		if doc.Source != source || len(doc.Folders) == 0 || doc.Folders[0].Path != doc.Folders[0].ID || len(doc.Funnels) != 25 {
			t.Fatalf("folders refused, %s: source %q, %d funnels, folders %+v", source, doc.Source, len(doc.Funnels), doc.Folders)
		}
		if !slices.ContainsFunc(doc.Notes, func(n string) bool {
			return strings.Contains(n, "folders by id") && strings.Contains(n, "403") && strings.Contains(n, "needs")
		}) {
			t.Errorf("folders refused, %s: want a note with the refusal, got %q", source, doc.Notes)
		}
	}
}

// TestMCPSendsProgress: asked for progress, find's first build of the index sends
// what the command prints on standard error as progress while it runs, and the
// answer still holds its notes.
func TestMCPSendsProgress(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{})
	var mu sync.Mutex
	var got []string
	copts := &mcp.ClientOptions{ProgressNotificationHandler: func(_ context.Context, req *mcp.ProgressNotificationClientRequest) {
		mu.Lock()
		defer mu.Unlock()
		if req.Params.ProgressToken == "find-1" {
			got = append(got, req.Params.Message)
		}
	}}
	s := clitest.ServeMCP(t, h.Getenv, h.Keyring, copts)
	params := &mcp.CallToolParams{Name: "find", Arguments: map[string]any{"text": "trial"}}
	params.SetProgressToken("find-1")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	res, err := s.CallTool(ctx, params)
	if err != nil || res.IsError {
		t.Fatalf("find: %v %+v", err, res)
	}
	want := "not built yet"
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		mu.Lock()
		sent := slices.ContainsFunc(got, func(m string) bool { return strings.Contains(m, want) })
		mu.Unlock()
		if sent {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no progress says %q: %q", want, got)
		}
	}
	var ans answer
	if err := json.Unmarshal([]byte(res.Content[0].(*mcp.TextContent).Text), &ans); err != nil || !slices.ContainsFunc(ans.Notes, func(n string) bool { return strings.Contains(n, want) }) {
		t.Errorf("the answer's notes lack %q: %v %q", want, err, ans.Notes)
	}
}

// TestMCPCallsKeepTheirOwnArguments: calls of one tool with an argument and without
// it, one after the other and all at once, each answer what their own command line
// answers: no flag of one call is left set for the next, nor read by another.
func TestMCPCallsKeepTheirOwnArguments(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{})
	s := serveMCP(t, h)
	type call struct {
		tool string
		args map[string]any
		want string // the command's --json
	}
	var calls []call
	for _, c := range []struct {
		tool    string
		args    map[string]any
		command []string
	}{
		{"list_pages", map[string]any{"funnel_id": clitest.SeedTrialFunnel, "step": clitest.SeedTrialSignUp}, []string{"pages", clitest.SeedTrialFunnel, "--step", clitest.SeedTrialSignUp}},
		{"list_pages", map[string]any{"funnel_id": clitest.SeedTrialFunnel}, []string{"pages", clitest.SeedTrialFunnel}},
		{"list_redirects", map[string]any{"search": "offers"}, []string{"redirects", "list", "--search", "offers"}},
		{"list_redirects", nil, []string{"redirects", "list"}},
		{"list_folders", map[string]any{"parent": clitest.SeedArchive}, []string{"folders", "--parent", clitest.SeedArchive}},
		{"list_folders", map[string]any{}, []string{"folders"}},
	} {
		calls = append(calls, call{c.tool, c.args, h.Run(append(c.command, "--json")...).Want(t, 0).Stdout})
	}
	for i := 0; i < len(calls); i += 2 {
		if calls[i].want == calls[i+1].want {
			t.Fatalf("%s answers the same with and without its argument: no leak could be seen", calls[i].tool)
		}
	}
	check := func(c call) {
		got := resultOf(t, s, c.tool, c.args)
		var a, b any
		if json.Unmarshal(got, &a) != nil || json.Unmarshal([]byte(c.want), &b) != nil || !reflect.DeepEqual(a, b) {
			t.Errorf("%s %v answered another command line's result:\n%s\nwant\n%s", c.tool, c.args, got, c.want)
		}
	}
	for range 2 {
		for _, c := range calls {
			check(c)
		}
	}
	var wg sync.WaitGroup
	for range 4 {
		for _, c := range calls {
			wg.Go(func() { check(c) })
		}
	}
	wg.Wait()
}
