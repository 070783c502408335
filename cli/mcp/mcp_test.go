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

// treeDoc, treeFolder and treeFunnel are the funnels tree the resource serves.
type (
	treeDoc struct {
		Location where
		Source   string
		Indexed  time.Time
		Folders  []treeFolder
		Funnels  []treeFunnel
		Notes    []string
	}
	treeFolder struct {
		ID, Name, ParentID string
		Funnels            []treeFunnel
	}
	treeFunnel struct {
		ID, Name, Domain, Path string
		Steps                  []struct {
			ID, Name, Path, Type string
			Sequence, Pages      int
		}
	}
)

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
// agency's listing in every answer; a token given without a profile, by where it
// came from.
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
	if loc.ID != tok.SB.Server.LocationID() || loc.Name != "FUNNELS_TOKEN" {
		t.Errorf("a token from the environment: %+v", loc)
	}
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

// TestMCPTreeLiveThenFromTheIndex: with no index the tree is read live; once the
// index is built it is served from there, with no request, and says the same.
func TestMCPTreeLiveThenFromTheIndex(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{})
	s := serveMCP(t, h)
	loc := h.SB.Server.LocationID()
	live := readTree(t, s, loc)
	if live.Source != "live" || len(live.Folders) != 9 || len(live.Funnels) != 5 || live.Location.ID != loc {
		t.Fatalf("live: source %q, %d folders, %d top-level funnels, %+v", live.Source, len(live.Folders), len(live.Funnels), live.Location)
	}
	funnels, steps := 0, 0
	count := func(fs []treeFunnel) {
		for _, fu := range fs {
			funnels++
			steps += len(fu.Steps)
		}
	}
	count(live.Funnels)
	for _, fo := range live.Folders {
		count(fo.Funnels)
	}
	if funnels != 25 || steps != 111 {
		t.Errorf("live: %d funnels and %d steps, want the seed's 25 and 111", funnels, steps)
	}

	resultOf(t, s, "find", map[string]any{"text": "trial"}) // builds the index
	h.SB.Server.ResetLog()
	indexed := readTree(t, s, loc)
	if n := len(h.SB.Server.Requests()); n > 0 {
		t.Errorf("the tree from the index sent %d requests", n)
	}
	if indexed.Source != "index" || indexed.Indexed.IsZero() {
		t.Fatalf("after the index was built: source %q, indexed %v", indexed.Source, indexed.Indexed)
	}
	sortTree := func(d *treeDoc) {
		slices.SortFunc(d.Folders, func(a, b treeFolder) int { return strings.Compare(a.ID, b.ID) })
		byID := func(a, b treeFunnel) int { return strings.Compare(a.ID, b.ID) }
		slices.SortFunc(d.Funnels, byID)
		for i := range d.Folders {
			slices.SortFunc(d.Folders[i].Funnels, byID)
		}
	}
	sortTree(&live)
	sortTree(&indexed)
	if !reflect.DeepEqual(live.Folders, indexed.Folders) || !reflect.DeepEqual(live.Funnels, indexed.Funnels) {
		t.Errorf("the tree from the index differs from the live one:\nlive:  %+v\nindex: %+v", live.Folders, indexed.Folders)
	}
}

// TestMCPTreeWhereFoldersAreRefused: where the folder entities are refused to the
// token, the live tree holds the folders the funnels sit in, by id, and says why.
func TestMCPTreeWhereFoldersAreRefused(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{Surface: sandbox.SurfacePublic})
	s := serveMCP(t, h, "--no-cache")
	doc := readTree(t, s, h.SB.Server.LocationID())
	if doc.Source != "live" || len(doc.Folders) == 0 || doc.Folders[0].Name != doc.Folders[0].ID {
		t.Fatalf("folders refused: source %q, folders %+v", doc.Source, doc.Folders)
	}
	if len(doc.Notes) == 0 || !strings.Contains(doc.Notes[0], "the folders could not be listed") || !strings.Contains(doc.Notes[0], "403") || !strings.Contains(doc.Notes[0], "it needs") {
		t.Errorf("folders refused: want a note with the refusal, got %q", doc.Notes)
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
