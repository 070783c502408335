package mcp_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/cli"
	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	funnelsmcp "github.com/funnelsdev/funnels/cli/mcp"
	"github.com/funnelsdev/funnels/client/redirectplan"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// serveMCP runs `funnels mcp` in this process over pipes and connects the SDK's
// client to it.
func serveMCP(t *testing.T, h *clitest.Home, args ...string) *mcp.ClientSession {
	t.Helper()
	return serveMCPIn(t, h.Getenv, h.Keyring, nil, args...)
}

// serveMCPIn is serveMCP on a machine with this environment and OS keyring, the
// client made with copts.
func serveMCPIn(t *testing.T, getenv func(string) string, keyring auth.Keyring, copts *mcp.ClientOptions, args ...string) *mcp.ClientSession {
	t.Helper()
	toServer, fromClient := io.Pipe()
	toClient, fromServer := io.Pipe()
	ios := &cmdutil.IOStreams{In: toServer, Out: fromServer, ErrOut: io.Discard}
	f := cmdutil.NewFactory(ios, getenv, "1.2.3-test")
	f.Keyring = keyring
	done := make(chan int, 1)
	go func() {
		done <- cli.Run(context.Background(), f, append([]string{"mcp"}, args...))
		_ = fromServer.Close()
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, copts)
	session, err := client.Connect(ctx, &mcp.IOTransport{Reader: toClient, Writer: fromClient}, nil)
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	t.Cleanup(func() {
		_ = session.Close()
		_ = fromClient.Close()
		select {
		case code := <-done:
			if code != 0 {
				t.Errorf("funnels mcp ended with exit %d when the assistant went away", code)
			}
		case <-time.After(30 * time.Second):
			t.Error("funnels mcp did not end when the assistant closed its streams")
		}
	})
	return session
}

// answerOf is the whole answer of a tool, and fails the test on an error.
func answerOf(t *testing.T, s *mcp.ClientSession, tool string, args map[string]any) funnelsmcp.McpResult {
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
	var ans funnelsmcp.McpResult
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
	sameJSON(t, "list_steps", resultOf(t, s, "list_steps", map[string]any{"funnelId": clitest.SeedTrialFunnel}),
		[]byte(h.Run("steps", clitest.SeedTrialFunnel, "--json").Want(t, 0).Stdout))
	sameJSON(t, "list_folders", resultOf(t, s, "list_folders", map[string]any{"parentId": clitest.SeedArchive}),
		[]byte(h.Run("folders", "--parent", clitest.SeedArchive, "--json").Want(t, 0).Stdout))
	sameJSON(t, "list_redirects", resultOf(t, s, "list_redirects", map[string]any{"search": "offers"}),
		[]byte(h.Run("redirects", "list", "--search", "offers", "--json").Want(t, 0).Stdout))

	want := string(resultOf(t, s, "list_pages", map[string]any{"funnelId": clitest.SeedTrialFunnel, "stepId": clitest.SeedTrialSignUp}))
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			res, err := s.CallTool(ctx, &mcp.CallToolParams{Name: "list_pages", Arguments: map[string]any{"funnelId": clitest.SeedTrialFunnel, "stepId": clitest.SeedTrialSignUp}})
			if err != nil || res.IsError {
				t.Errorf("a call made beside others failed: %v %+v", err, res)
				return
			}
			var ans funnelsmcp.McpResult
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

// FuzzInlineRows: whatever text an assistant gives as rows, the reading ends in rows
// or a usage error, never a panic.
func FuzzInlineRows(f *testing.F) {
	f.Add("domain,path,target,action\noffers.example.com,/a,https://example.com/,url\n", "")
	f.Add(`[{"domain":"a.example.com","path":"/x","target":"https://b.example.com/","action":"url"}]`, "")
	f.Add(`{"domain":"a.example.com"}`, "jsonl")
	f.Add("\x1b[2J", "csv")
	f.Add("[", "xml")
	f.Fuzz(func(t *testing.T, text, format string) {
		rows, err := funnelsmcp.InlineRows(text, format)
		var ue *cmdutil.UsageError
		if err != nil && !errors.As(err, &ue) {
			t.Fatalf("not a usage error: %T %v", err, err)
		}
		if err == nil && len(rows) > redirectplan.MaxRows {
			t.Fatalf("%d rows", len(rows))
		}
	})
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
	s := serveMCPIn(t, h.Getenv, clitest.NoKeyring{}, nil, "--profile", "agency", "--location", "SummitStrengthLoc002")
	loc := answerOf(t, s, "list_folders", map[string]any{}).Location
	if loc != (funnelsmcp.McpLocation{ID: "SummitStrengthLoc002", Name: "Summit Strength", Profile: "agency"}) {
		t.Errorf("an agency's sub-account: %+v", loc)
	}

	tok := clitest.SignedIn(t, sandbox.Options{})
	loc = answerOf(t, serveMCP(t, tok), "index_status", map[string]any{}).Location
	if loc.ID != tok.SB.Server.LocationID() || loc.Name != "FUNNELS_TOKEN" {
		t.Errorf("a token from the environment: %+v", loc)
	}
}

// TestNoteLinesAreBounded: a long run's progress lines are cut to the first and the
// last ones, saying how many were left out.
func TestNoteLinesAreBounded(t *testing.T) {
	var b strings.Builder
	for i := range 100 {
		fmt.Fprintf(&b, "line %d \x1b[31m\n\n", i)
	}
	got := funnelsmcp.NoteLines(b.String())
	if len(got) != funnelsmcp.McpMaxNotes || got[0] != "line 0" || got[1] != "(61 progress lines left out)" || got[2] != "line 62" || got[len(got)-1] != "line 99" {
		t.Errorf("notes: %d lines: %q", len(got), got)
	}
}

// TestMCPToolPanicIsAToolError: a handler that panics answers a tool error, logs its
// stack, and the server answers the next call.
func TestMCPToolPanicIsAToolError(t *testing.T) {
	srv := mcp.NewServer(&mcp.Implementation{Name: "test", Version: "1"}, nil)
	var log strings.Builder
	calls := 0
	funnelsmcp.AddMCPTool(srv, &log, funnelsmcp.ReadOnlyTool("boom", "panics on its first call"), func(context.Context, funnelsmcp.NoArgs) *mcp.CallToolResult {
		calls++
		if calls == 1 {
			var m map[string]int
			m["x"]++ // a nil map: panics
		}
		return funnelsmcp.McpError(errors.New("second call"))
	})
	st, ct := mcp.NewInMemoryTransports()
	ctx := t.Context()
	ss, err := srv.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "1"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "boom", Arguments: map[string]any{}})
	if err != nil || !res.IsError || !strings.Contains(res.Content[0].(*mcp.TextContent).Text, "internal error") {
		t.Fatalf("a panic: want a tool error, got %v %+v", err, res)
	}
	if !strings.Contains(log.String(), "funnels mcp: boom: assignment to entry in nil map") || !strings.Contains(log.String(), "goroutine") {
		t.Errorf("the panic is not logged with its stack:\n%s", log.String())
	}
	res, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "boom", Arguments: map[string]any{}})
	if err != nil || res.Content[0].(*mcp.TextContent).Text != "second call" {
		t.Errorf("after a panic: %v %+v", err, res)
	}
}

// readTree reads the location's tree resource.
func readTree(t *testing.T, s *mcp.ClientSession, location string) funnelsmcp.TreeDoc {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	rr, err := s.ReadResource(ctx, &mcp.ReadResourceParams{URI: funnelsmcp.TreeURI(location)})
	if err != nil {
		t.Fatalf("read the tree: %v", err)
	}
	var doc funnelsmcp.TreeDoc
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
	count := func(fs []funnelsmcp.TreeFunnel) {
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
	sortTree := func(d *funnelsmcp.TreeDoc) {
		slices.SortFunc(d.Folders, func(a, b funnelsmcp.TreeFolder) int { return strings.Compare(a.ID, b.ID) })
		byID := func(a, b funnelsmcp.TreeFunnel) int { return strings.Compare(a.ID, b.ID) }
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
	s := serveMCPIn(t, h.Getenv, h.Keyring, copts)
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
	var ans funnelsmcp.McpResult
	if err := json.Unmarshal([]byte(res.Content[0].(*mcp.TextContent).Text), &ans); err != nil || !slices.ContainsFunc(ans.Notes, func(n string) bool { return strings.Contains(n, want) }) {
		t.Errorf("the answer's notes lack %q: %v %q", want, err, ans.Notes)
	}
}
