package e2e

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	hostileapi "github.com/funnelsdev/funnels/client/hostile"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// mcpServer is `funnels mcp` started by the SDK's own client, as a desktop assistant
// starts it, against the sandbox on loopback.
type mcpServer struct {
	t       *testing.T
	cli     *binCLI
	session *mcp.ClientSession
	stderr  *lockedBuffer
}

// waitStderr waits until the server's standard error holds want.
func (s *mcpServer) waitStderr(want string) {
	s.t.Helper()
	for deadline := time.Now().Add(30 * time.Second); !strings.Contains(s.stderr.String(), want); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			s.t.Errorf("stderr lacks %q:\n%s", want, s.stderr.String())
			return
		}
	}
}

// startMCP runs `funnels mcp` with the sandbox's settings and extra flags, and
// connects to it.
func startMCP(t *testing.T, c *binCLI, extra ...string) *mcpServer {
	t.Helper()
	return startMCPWith(t, c, c.sb.Server.DemoToken(), extra...)
}

// startMCPWith is startMCP signed in with token.
func startMCPWith(t *testing.T, c *binCLI, token string, extra ...string) *mcpServer {
	t.Helper()
	return startMCPAt(t, c, c.sb.URL, token, extra...)
}

// startMCPAt is startMCP against the API at base, signed in with token.
func startMCPAt(t *testing.T, c *binCLI, base, token string, extra ...string) *mcpServer {
	t.Helper()
	return startMCPArgs(t, c, append([]string{"mcp", "--base-url", base, "--token", token, "--location", c.sb.Server.LocationID()}, extra...)...)
}

// startMCPArgs runs funnels with args (mcp and its flags), as an assistant starts it,
// and connects the SDK's client to it.
func startMCPArgs(t *testing.T, c *binCLI, args ...string) *mcpServer {
	t.Helper()
	cmd := exec.Command(binPath, args...)
	cmd.Env = c.env
	stderr := &lockedBuffer{}
	cmd.Stderr = stderr
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	client := mcp.NewClient(&mcp.Implementation{Name: "funnels-e2e", Version: "1"}, nil)
	session, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("connect to funnels mcp: %v\nstderr:\n%s", err, stderr.String())
	}
	t.Cleanup(func() {
		_ = session.Close()
		c.seen = append(c.seen, stderr.String())
	})
	return &mcpServer{t: t, cli: c, session: session, stderr: stderr}
}

// toolNames lists the tools the server offers.
func (s *mcpServer) toolNames() []string {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	res, err := s.session.ListTools(ctx, nil)
	if err != nil {
		s.t.Fatalf("list tools: %v\nstderr:\n%s", err, s.stderr.String())
	}
	var names []string
	for _, tool := range res.Tools {
		if tool.InputSchema == nil {
			s.t.Errorf("tool %s has no input schema", tool.Name)
		}
		names = append(names, tool.Name)
	}
	slices.Sort(names)
	return names
}

// mcpAnswer is what every tool answers.
type mcpAnswer struct {
	Location struct{ ID, Name, Profile string } `json:"location"`
	Result   json.RawMessage                    `json:"result"`
	Notes    []string                           `json:"notes"`
}

// call calls a tool; a protocol error is returned, a tool error comes back as the
// result with IsError set.
func (s *mcpServer) call(name string, args any) (*mcp.CallToolResult, error) {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	res, err := s.session.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
	if res != nil {
		for _, c := range res.Content {
			if tc, ok := c.(*mcp.TextContent); ok {
				s.cli.seen = append(s.cli.seen, tc.Text)
			}
		}
	}
	return res, err
}

// ok calls a tool that must answer, and decodes its result into v.
func (s *mcpServer) ok(name string, args any, v any) mcpAnswer {
	s.t.Helper()
	res, err := s.call(name, args)
	if err != nil {
		s.t.Fatalf("%s: %v\nstderr:\n%s", name, err, s.stderr.String())
	}
	if res.IsError {
		s.t.Fatalf("%s: tool error: %s", name, textOf(res))
	}
	var ans mcpAnswer
	if err := json.Unmarshal([]byte(textOf(res)), &ans); err != nil {
		s.t.Fatalf("%s: the answer is not the JSON expected: %v\n%s", name, err, textOf(res))
	}
	if ans.Location.ID != s.cli.sb.Server.LocationID() || ans.Location.Name == "" {
		s.t.Errorf("%s: the answer does not say which sub-account it is about: %+v", name, ans.Location)
	}
	if v != nil {
		if err := json.Unmarshal(ans.Result, v); err != nil {
			s.t.Fatalf("%s: result: %v\n%s", name, err, ans.Result)
		}
	}
	return ans
}

// textOf is the text of a result's first content block.
func textOf(res *mcp.CallToolResult) string {
	if len(res.Content) == 0 {
		return ""
	}
	if tc, ok := res.Content[0].(*mcp.TextContent); ok {
		return tc.Text
	}
	return ""
}

// writesOf are the requests of the log that write.
func writesOf(reqs []sandbox.Request) []sandbox.Request {
	return slices.DeleteFunc(reqs, func(r sandbox.Request) bool { return r.Method == http.MethodGet || r.Method == http.MethodHead })
}

var readTools = []string{"check", "diff", "doctor", "export_summary", "find", "get_page", "index_status", "list_folders", "list_pages", "list_redirects", "list_steps", "plan_redirect_import"}

// TestMCPServesTheLocationReadOnly: an assistant's client lists the read tools only,
// each answers with the command's --json and the sub-account it is about, the tree
// resource reads, and the write tool is not there to call.
func TestMCPServesTheLocationReadOnly(t *testing.T) {
	c := newBinCLI(t, sandbox.Options{})
	s := startMCP(t, c)
	if got := s.toolNames(); !slices.Equal(got, readTools) {
		t.Fatalf("tools %v, want %v", got, readTools)
	}
	s.waitStderr("funnels mcp: serving Lakeside Fit (" + c.sb.Server.LocationID() + ", the token from --token), read-only")
	c.requests()

	var folders struct {
		Folders []struct{ ID, Name string } `json:"folders"`
		Funnels []struct{ ID, Name string } `json:"funnels"`
	}
	s.ok("list_folders", map[string]any{}, &folders)
	if !slices.ContainsFunc(folders.Folders, func(f struct{ ID, Name string }) bool { return f.Name == "Lead Generation" }) || len(folders.Funnels) != 5 {
		t.Errorf("list_folders: want Lead Generation among the folders and 5 funnels at the top: %+v", folders)
	}

	var steps struct {
		ID    string `json:"id"`
		Steps []struct {
			ID, Name string
			Sequence int
		} `json:"steps"`
	}
	s.ok("list_steps", map[string]any{"funnel_id": seedTrialFunnel}, &steps)
	if steps.ID != seedTrialFunnel || len(steps.Steps) != 4 {
		t.Errorf("list_steps: want the trial funnel's 4 steps: %+v", steps)
	}

	var pages struct {
		StepID string                        `json:"stepId"`
		Pages  []struct{ ID, StepID string } `json:"pages"`
	}
	s.ok("list_pages", map[string]any{"funnel_id": seedTrialFunnel, "step": seedTrialSignUp}, &pages)
	if pages.StepID != seedTrialSignUp || len(pages.Pages) != 2 {
		t.Errorf("list_pages: want the sign-up step's 2 pages: %+v", pages)
	}

	var page struct {
		ID  string          `json:"id"`
		Raw json.RawMessage `json:"raw"`
	}
	s.ok("get_page", map[string]any{"page_id": seedLandingPage}, &page)
	if page.ID != seedLandingPage || len(page.Raw) < 10 {
		t.Errorf("get_page: want the landing page with its raw record: %+v", page)
	}

	var found struct {
		Matches []struct{ ID, Kind string } `json:"matches"`
	}
	ans := s.ok("find", map[string]any{"text": "Free 7-Day Trial", "kind": []string{"funnel"}}, &found)
	if len(found.Matches) == 0 || found.Matches[0].ID != seedTrialFunnel {
		t.Errorf("find: want the trial funnel first: %+v (notes %v)", found, ans.Notes)
	}

	var redirects struct {
		Redirects []struct{ ID, Domain, Path string } `json:"redirects"`
	}
	s.ok("list_redirects", map[string]any{}, &redirects)
	if len(redirects.Redirects) != 8 {
		t.Errorf("list_redirects: want the seed's 8 redirects, got %d", len(redirects.Redirects))
	}

	var planned struct {
		Steps []struct{ Kind, Path, Outcome string }
		Marks []any
	}
	ans = s.ok("plan_redirect_import", map[string]any{"rows": "domain,path,target,action\noffers.lakesidefit.com,/from-mcp,https://offers.lakesidefit.com/spring-sale,url\n"}, &planned)
	plan := planned.Steps
	if planned.Marks == nil {
		t.Errorf("plan_redirect_import: no marks beside the steps")
	}
	if !slices.ContainsFunc(ans.Notes, func(n string) bool { return strings.HasPrefix(n, "Read-only mode is on") }) {
		t.Errorf("without --allow-writes the client is not read-only: notes %q", ans.Notes)
	}
	if !slices.ContainsFunc(plan, func(p struct{ Kind, Path, Outcome string }) bool {
		return p.Kind == "add" && p.Path == "/from-mcp" && p.Outcome == "planned"
	}) {
		t.Errorf("plan_redirect_import: want the row planned as an add: %+v", plan)
	}

	var doctor struct {
		LocationID string                           `json:"locationId"`
		Open       int                              `json:"open"`
		Routes     []struct{ Route, Answer string } `json:"routes"`
	}
	s.ok("doctor", map[string]any{}, &doctor)
	if doctor.LocationID != c.sb.Server.LocationID() || doctor.Open == 0 || len(doctor.Routes) == 0 {
		t.Errorf("doctor: want the routes asked: %+v", doctor)
	}

	var status struct {
		Exists  bool `json:"exists"`
		Funnels int  `json:"funnels"`
	}
	s.ok("index_status", map[string]any{}, &status)
	if !status.Exists || status.Funnels != 25 {
		t.Errorf("index_status: want the index find built, with 25 funnels: %+v", status)
	}
	if w := writesOf(c.requests()); len(w) > 0 {
		t.Errorf("the read tools sent writes: %+v", w)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	uri := "funnels://location/" + c.sb.Server.LocationID() + "/tree"
	rr, err := s.session.ReadResource(ctx, &mcp.ReadResourceParams{URI: uri})
	if err != nil || len(rr.Contents) != 1 {
		t.Fatalf("read %s: %v", uri, err)
	}
	var tree struct {
		Location struct{ ID, Name string } `json:"location"`
		Source   string                    `json:"source"`
		Folders  []struct {
			Path string `json:"path"`
		} `json:"folders"`
		Funnels []struct {
			Folder string                `json:"folder"`
			Steps  []struct{ ID string } `json:"steps"`
		} `json:"funnels"`
		Redirects []struct{ Path string } `json:"redirects"`
	}
	if err := json.Unmarshal([]byte(rr.Contents[0].Text), &tree); err != nil {
		t.Fatalf("tree: %v\n%s", err, rr.Contents[0].Text)
	}
	top := 0
	for _, fu := range tree.Funnels {
		if fu.Folder == "" {
			top++
		}
	}
	if tree.Location.ID != c.sb.Server.LocationID() || tree.Location.Name != "Lakeside Fit" || tree.Source != "index" || len(tree.Folders) != 9 ||
		len(tree.Funnels) != 25 || top != 5 || len(tree.Redirects) != 8 {
		t.Errorf("tree: want the export's tree from the index (9 folders, 25 funnels of which 5 at the top, 8 redirects): location %+v, source %q, %d folders, %d funnels (%d at the top), %d redirects",
			tree.Location, tree.Source, len(tree.Folders), len(tree.Funnels), top, len(tree.Redirects))
	}
	if reqs := c.requests(); len(reqs) > 0 {
		t.Errorf("the tree from a fresh index sent %d requests", len(reqs))
	}

	res, err := s.call("apply_redirect_import", map[string]any{"rows": "domain,path,target,action\n", "dry_run": false})
	if err == nil && (res == nil || !res.IsError) {
		t.Errorf("apply_redirect_import answered without --allow-writes: %+v", res)
	}
	if w := writesOf(c.requests()); len(w) > 0 {
		t.Errorf("a write was sent without --allow-writes: %+v", w)
	}
}

// TestMCPPlansWritesAndAppliesOnlyWhenTold: with --allow-writes the import tool is
// listed; by default it returns the plan with nothing sent, and with dry_run false
// the redirect is made, journaled as redirects import --yes does.
func TestMCPPlansWritesAndAppliesOnlyWhenTold(t *testing.T) {
	c := newBinCLI(t, sandbox.Options{})
	s := startMCP(t, c, "--allow-writes")
	if got := s.toolNames(); !slices.Contains(got, "apply_redirect_import") {
		t.Fatalf("with --allow-writes the tools are %v, want apply_redirect_import among them", got)
	}
	s.waitStderr("writes allowed, each planned first")
	rows := `[{"domain":"offers.lakesidefit.com","path":"/from-mcp","target":"https://offers.lakesidefit.com/spring-sale","action":"url"}]`
	c.requests()
	var planned struct {
		Steps []struct{ Kind, Path, Outcome string }
	}
	ans := s.ok("apply_redirect_import", map[string]any{"rows": rows}, &planned)
	if plan := planned.Steps; len(plan) != 1 || plan[0].Kind != "add" || plan[0].Outcome != "planned" {
		t.Errorf("dry run by default: want one add planned: %+v", plan)
	}
	if slices.ContainsFunc(ans.Notes, func(n string) bool { return strings.HasPrefix(n, "Read-only mode is on") }) {
		t.Errorf("with --allow-writes the client is read-only: notes %q", ans.Notes)
	}
	if w := writesOf(c.requests()); len(w) > 0 {
		t.Fatalf("the default dry run sent writes: %+v", w)
	}

	var done struct {
		Steps []struct{ Kind, Path, Outcome, ID string }
	}
	ans = s.ok("apply_redirect_import", map[string]any{"rows": rows, "dry_run": false}, &done)
	if applied := done.Steps; len(applied) != 1 || applied[0].Outcome != "done" || applied[0].ID == "" {
		t.Errorf("dry_run false: want the add done with its id: %+v (notes %v)", applied, ans.Notes)
	}
	w := writesOf(c.requests())
	if len(w) != 1 || w[0].Method != http.MethodPost || !strings.Contains(w[0].Body, "/from-mcp") {
		t.Errorf("dry_run false: want one POST of the redirect, got %+v", w)
	}
	var redirects struct {
		Redirects []struct{ ID, Path string } `json:"redirects"`
	}
	s.ok("list_redirects", map[string]any{"search": "from-mcp"}, &redirects)
	if len(redirects.Redirects) != 1 || redirects.Redirects[0].Path != "/from-mcp" {
		t.Errorf("the redirect made is not listed: %+v", redirects)
	}

	// The same rows again: the journal and the plan send nothing twice.
	c.requests()
	s.ok("apply_redirect_import", map[string]any{"rows": rows, "dry_run": false}, &done)
	if w := writesOf(c.requests()); len(w) > 0 {
		t.Errorf("applying the same rows again sent %+v", w)
	}

	// A redirect over a live step: the plan marks it, and it is sent only with
	// allow_shadow, the flag --allow-shadow as an argument.
	over := `[{"domain":"offers.lakesidefit.com","path":"/spring-sale-opt-in","target":"https://offers.lakesidefit.com/bootcamp-series-opt-in"}]`
	if res, err := s.call("apply_redirect_import", map[string]any{"rows": over, "dry_run": false}); err != nil {
		t.Errorf("a plan over a live step without allow_shadow: %v", err)
	} else if !res.IsError || !strings.Contains(textOf(res), "allow-shadow") {
		t.Errorf("a plan over a live step without allow_shadow: want a tool error naming allow-shadow: %s", textOf(res))
	}
	if w := writesOf(c.requests()); len(w) > 0 {
		t.Errorf("a plan over a live step was sent without allow_shadow: %+v", w)
	}
	s.ok("apply_redirect_import", map[string]any{"rows": over, "dry_run": false, "allow_shadow": true}, &done)
	if applied := done.Steps; len(applied) != 1 || applied[0].Outcome != "done" {
		t.Errorf("allow_shadow true: want the add done: %+v", applied)
	}
}

// TestMCPRefusesBadArgumentsAndStaysUp: every tool given wrong types, a 1 MB string,
// an escape sequence or an unknown id answers a tool error, sends nothing it should
// not, and the server answers the next call.
func TestMCPRefusesBadArgumentsAndStaysUp(t *testing.T) {
	c := newBinCLI(t, sandbox.Options{})
	s := startMCP(t, c, "--allow-writes")
	huge := strings.Repeat("a", 1<<20)
	escape := "\x1b]52;c;aGk=\x07\x1b[2J"
	idArgs := map[string]string{"list_folders": "parent", "list_steps": "funnel_id", "list_pages": "funnel_id", "get_page": "page_id",
		"find": "text", "list_redirects": "search", "plan_redirect_import": "rows", "apply_redirect_import": "rows",
		"export_summary": "funnel", "diff": "a"}
	type badCall struct {
		tool string
		args map[string]any
	}
	var bad []badCall
	for tool, arg := range idArgs {
		bad = append(bad,
			badCall{tool, map[string]any{arg: map[string]any{"id": 42}}},
			badCall{tool, map[string]any{arg: []string{"x"}}},
			badCall{tool, map[string]any{arg: huge}},
			badCall{tool, map[string]any{arg: escape}},
			badCall{tool, map[string]any{arg: "ok", "token": "stolen"}},
		)
	}
	for _, tool := range []string{"doctor", "index_status"} {
		bad = append(bad, badCall{tool, map[string]any{"x": huge}})
	}
	bad = append(bad,
		badCall{"find", map[string]any{"text": "trial", "limit": "many"}},
		badCall{"find", map[string]any{"text": "trial", "limit": 100000}},
		badCall{"find", map[string]any{"text": "trial", "kind": []string{escape}}},
		badCall{"find", map[string]any{"text": "trial", "kinds": []string{"funnel"}}}, // no such argument
		badCall{"apply_redirect_import", map[string]any{"rows": "domain,path,target,action\n", "dry_run": "no"}},
		badCall{"plan_redirect_import", map[string]any{"rows": "[{", "format": "json"}},
		badCall{"plan_redirect_import", map[string]any{"rows": "a,b\n", "format": "xml"}},
		badCall{"export_summary", map[string]any{"format": "xml"}},
		badCall{"export_summary", map[string]any{"source": "stale"}},
		badCall{"export_summary", map[string]any{"funnel": escape}},
		badCall{"diff", map[string]any{"a": "@cached"}},
		badCall{"diff", map[string]any{"a": "@nope", "b": "@cached"}},
		badCall{"diff", map[string]any{"a": "@cached", "b": "location:../../x"}},
		badCall{"diff", map[string]any{"a": "@cached", "b": "profile:" + escape}},
		badCall{"diff", map[string]any{"a": "@cached", "b": "lakeside-export"}}, // no --exports-dir: no directory is read
		badCall{"diff", map[string]any{"a": "@cached", "b": huge}},
		badCall{"find", map[string]any{"text": "trial", "location": map[string]any{"id": "abc123"}}},
		badCall{"find", map[string]any{"text": "trial", "location": []string{"abc123"}}},
		badCall{"find", map[string]any{"text": "trial", "all_sub_accounts": "maybe"}},
		badCall{"find", map[string]any{"text": "trial", "group": escape}},
		badCall{"find", map[string]any{"text": "trial", "location": huge}},
		badCall{"find", map[string]any{"text": "trial", "all_sub_accounts": true}}, // --token reaches one sub-account: no agency list
		badCall{"find", map[string]any{"text": "trial", "sub_accounts": "all"}},    // no such argument
		badCall{"index_status", map[string]any{"location": escape}},
		badCall{"index_status", map[string]any{"location": strings.Repeat("abc123,", 600) + "abc123"}},
	)
	c.requests()
	for _, b := range bad {
		res, err := s.call(b.tool, b.args)
		if err == nil && !res.IsError {
			t.Errorf("%s %.80v: answered without an error: %.200s", b.tool, b.args, textOf(res))
		}
		if res != nil && strings.Contains(textOf(res), "\x1b") {
			t.Errorf("%s: an escape sequence came back: %q", b.tool, textOf(res))
		}
		if res != nil && len(textOf(res)) > 4096 {
			t.Errorf("%s: the error echoes the argument back: %d bytes", b.tool, len(textOf(res)))
		}
		if reqs := c.requests(); len(reqs) > 0 {
			t.Errorf("%s %.80v: %d request(s) sent for an argument refused", b.tool, b.args, len(reqs))
		}
	}
	// Ids that are well made but name nothing: the service's answer, as a tool error.
	for _, b := range []badCall{
		{"list_steps", map[string]any{"funnel_id": "noSuchFunnel0001"}},
		{"list_pages", map[string]any{"funnel_id": "noSuchFunnel0001", "step": "noSuchStep"}},
		{"get_page", map[string]any{"page_id": "noSuchPage000001", "funnel": "noSuchFunnel0001"}},
	} {
		res, err := s.call(b.tool, b.args)
		if err != nil || !res.IsError && b.tool != "list_pages" {
			t.Errorf("%s %v: want a tool error, got %v %+v", b.tool, b.args, err, res)
		}
		if w := writesOf(c.requests()); len(w) > 0 {
			t.Errorf("%s: writes sent: %+v", b.tool, w)
		}
	}
	// Still up.
	var steps struct {
		Steps []struct{ ID string } `json:"steps"`
	}
	s.ok("list_steps", map[string]any{"funnel_id": seedTrialFunnel}, &steps)
	if len(steps.Steps) != 4 {
		t.Errorf("after the bad calls: want the trial funnel's 4 steps: %+v", steps)
	}
	// A text given as a number (as a client that reads typed digits as one sends it)
	// is its digits.
	var listed struct{ Search string }
	s.ok("list_redirects", map[string]any{"search": 2025}, &listed)
	if listed.Search != "2025" {
		t.Errorf("search 2025 as a number: the command searched %q", listed.Search)
	}
}

// TestMCPExplainsRefusals: a refusal comes back as a tool error in the command
// line's words (the status, the scope to ask for and where it is granted), a token
// refused says to sign in again, and with no sign-in at all the server does not
// start (exit 3).
func TestMCPExplainsRefusals(t *testing.T) {
	c := newBinCLI(t, sandbox.Options{})
	s := startMCPWith(t, c, c.sb.Server.ReadOnlyToken(), "--allow-writes")
	res, err := s.call("apply_redirect_import", map[string]any{"rows": "domain,path,target,action\noffers.lakesidefit.com,/x,https://offers.lakesidefit.com/y,url\n", "dry_run": false})
	if err != nil || !res.IsError {
		t.Fatalf("a write the token may not make: want a tool error, got %v %+v", err, res)
	}
	for _, want := range []string{"403", "it needs scope funnels/redirect.write", "Private Integrations"} {
		if !strings.Contains(textOf(res), want) {
			t.Errorf("the refusal lacks %q:\n%s", want, textOf(res))
		}
	}

	bogus := startMCPWith(t, c, "not-a-token-of-this-sandbox")
	res, err = bogus.call("list_redirects", map[string]any{})
	if err != nil || !res.IsError || !strings.Contains(textOf(res), "401") || !strings.Contains(textOf(res), "sign in again") {
		t.Errorf("a refused token: want a tool error with 401 and what to do, got %v %s", err, textOf(res))
	}

	cmd := exec.Command(binPath, "mcp")
	cmd.Env = c.env
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 3 || !strings.Contains(string(out), "funnels login") {
		t.Errorf("mcp with no sign-in: want exit 3 and how to sign in, got %v:\n%s", err, out)
	}
}

// TestMCPOnAHostileServer: a list the server never ends is a tool error saying why
// it stopped, with the rows read kept beside it; a rate limit reset centuries away
// is a tool error at once; the server answers the next call.
func TestMCPOnAHostileServer(t *testing.T) {
	t.Parallel()
	c := newBinCLI(t, sandbox.Options{})
	h := hostileapi.StartT(t, hostileapi.EndlessPages, sandbox.Options{})
	s := startMCPAt(t, c, h.URL, h.Sandbox.DemoToken())
	far := hostileapi.StartT(t, hostileapi.FarFutureReset, sandbox.Options{})
	limited := startMCPAt(t, c, far.URL, far.Sandbox.DemoToken())
	huge := hostileapi.StartT(t, hostileapi.HugeNames, sandbox.Options{})
	hugeNames := startMCPAt(t, c, huge.URL, huge.Sandbox.DemoToken())
	tokens := []string{h.Sandbox.DemoToken(), far.Sandbox.DemoToken(), huge.Sandbox.DemoToken()}
	t.Cleanup(func() {
		for _, out := range c.seen {
			for _, tok := range tokens {
				if strings.Contains(out, tok) {
					t.Errorf("a token was printed:\n%s", out)
				}
			}
		}
	})

	res, err := s.call("list_pages", map[string]any{"funnel_id": seedTrialFunnel})
	if err != nil || !res.IsError || !strings.Contains(textOf(res), "list stopped after 20 items") || len(res.Content) != 2 {
		t.Fatalf("an endless list: want a tool error saying why it stopped, with what was read: %v %s", err, textOf(res))
	}
	var partial struct {
		Result struct {
			Pages []struct{ ID string } `json:"pages"`
		} `json:"result"`
	}
	if err := json.Unmarshal([]byte(res.Content[1].(*mcp.TextContent).Text), &partial); err != nil || len(partial.Result.Pages) != 20 {
		t.Errorf("an endless list: want the 20 pages read beside the error: %v %d", err, len(partial.Result.Pages))
	}

	res, err = limited.call("list_folders", map[string]any{})
	if err != nil || !res.IsError || !strings.Contains(textOf(res), "429 rate limited for a year or more") {
		t.Errorf("a reset centuries away: want a tool error saying so, got %v %s", err, textOf(res))
	}
	// A 10 MB name: the answer is refused, not sent to break the assistant's side.
	res, err = hugeNames.call("list_folders", map[string]any{})
	if err != nil || !res.IsError || !strings.Contains(textOf(res), "more than the 4 MB sent to an assistant at once") {
		t.Errorf("a 10 MB name: want a tool error saying the answer is too big, got %v %.300s", err, textOf(res))
	}
	// The tree is read through the local index, which keeps a name's first 2 KiB:
	// served whole, every name cut. Reading it crawls a 10 MB answer a funnel: the
	// bound only stops a hang, never a slow machine.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	rr, err := hugeNames.session.ReadResource(ctx, &mcp.ReadResourceParams{URI: "funnels://location/" + huge.Sandbox.LocationID() + "/tree"})
	if err != nil || len(rr.Contents) != 1 || len(rr.Contents[0].Text) > 1<<20 || !strings.Contains(rr.Contents[0].Text, `"funnels"`) {
		t.Errorf("the tree with a 10 MB name: want it served with the name cut, got %v", err)
	}
	for _, srv := range []*mcpServer{s, limited, hugeNames} {
		res, err := srv.call("index_status", map[string]any{})
		if err != nil || res.IsError {
			t.Errorf("after the hostile answers: %v %s", err, textOf(res))
		}
	}
}

// TestMCPAsTheReadmeConfiguresIt: a private integration token signed in to a
// profile, then `funnels mcp --profile NAME` exactly as the README's mcpServers
// snippet starts it, with no other setting: the profile's sub-account is served.
func TestMCPAsTheReadmeConfiguresIt(t *testing.T) {
	c := newBinCLI(t, sandbox.Options{})
	c.run(c.sb.Server.DemoToken()+"\n", "login", "--profile", "clinic", "--base-url", c.sb.URL, "--location", c.sb.Server.LocationID(), "--with-token").want(t, 0)
	s := startMCPArgs(t, c, "mcp", "--profile", "clinic")
	var steps struct {
		Steps []struct{ ID string } `json:"steps"`
	}
	ans := s.ok("list_steps", map[string]any{"funnel_id": seedTrialFunnel}, &steps)
	if len(steps.Steps) != 4 || ans.Location.Name != "Lakeside Fit" || ans.Location.Profile != "clinic" {
		t.Errorf("the profile's sub-account: %d steps, location %+v", len(steps.Steps), ans.Location)
	}
	s.waitStderr("funnels mcp: serving Lakeside Fit (" + c.sb.Server.LocationID() + ", profile clinic), read-only")
}

// TestMCPSummarisesExportsAndDiffs: export_summary tells what funnels export would
// write and writes nothing; diff compares an export under --exports-dir with the
// location crawled now and finds a step renamed in the web app; a directory outside
// --exports-dir, or reached through a link that leads out, is refused with nothing
// read.
func TestMCPSummarisesExportsAndDiffs(t *testing.T) {
	c := newBinCLI(t, sandbox.Options{})
	exports := t.TempDir()
	c.api("export", "-o", filepath.Join(exports, "monday")).want(t, 0)
	outside := t.TempDir()
	c.api("export", "-o", filepath.Join(outside, "elsewhere")).want(t, 0)
	if err := os.Symlink(filepath.Join(outside, "elsewhere"), filepath.Join(exports, "link-out")); err != nil {
		t.Fatal(err)
	}
	s := startMCP(t, c, "--exports-dir", exports)

	var sum struct {
		Manifest struct {
			Source string `json:"source"`
			Format string `json:"format"`
			Counts struct{ Folders, Funnels, Steps, Pages, Domains, Redirects int }
		} `json:"manifest"`
		IndexAge *int `json:"indexAgeSeconds"`
		Files    int  `json:"files"`
		Funnel   *struct {
			File  string                  `json:"file"`
			ID    string                  `json:"id"`
			Steps []struct{ Name string } `json:"steps"`
		} `json:"funnel"`
	}
	s.ok("export_summary", map[string]any{"cached": true}, &sum)
	m := sum.Manifest
	if m.Source != "cached" || m.Format != "yaml" || m.Counts.Funnels != 25 || m.Counts.Folders != 9 || m.Counts.Redirects != 8 ||
		m.Counts.Steps == 0 || m.Counts.Pages == 0 || sum.IndexAge == nil || *sum.IndexAge < 0 || sum.Files != 29 || sum.Funnel != nil {
		t.Errorf("export_summary: %+v", sum)
	}
	s.ok("export_summary", map[string]any{"funnel": "free 7-day  TRIAL", "format": "json"}, &sum)
	if sum.Funnel == nil || sum.Funnel.ID != seedTrialFunnel || len(sum.Funnel.Steps) != 4 ||
		!strings.HasPrefix(sum.Funnel.File, "funnels/") || !strings.HasSuffix(sum.Funnel.File, ".json") {
		t.Fatalf("export_summary of the trial funnel: %+v", sum.Funnel)
	}
	file := sum.Funnel.File
	sum.Funnel = nil
	s.ok("export_summary", map[string]any{"funnel": file}, &sum)
	if sum.Funnel == nil || sum.Funnel.ID != seedTrialFunnel {
		t.Errorf("export_summary by the funnel's file %s: %+v", file, sum.Funnel)
	}
	if res, err := s.call("export_summary", map[string]any{"funnel": "no such funnel anywhere"}); err != nil || !res.IsError || !strings.Contains(textOf(res), "find") {
		t.Errorf("export_summary of a funnel that is not there: want a tool error pointing to find, got %v %+v", err, res)
	}
	if entries, _ := os.ReadDir(exports); len(entries) != 2 {
		t.Errorf("export_summary wrote in the exports directory: %d entries", len(entries))
	}

	var same struct {
		Same    bool       `json:"same"`
		Changes []struct{} `json:"changes"`
	}
	s.ok("diff", map[string]any{"a": "monday", "b": "@cached"}, &same)
	if !same.Same || len(same.Changes) != 0 {
		t.Errorf("diff of an export with the index it was made from: %+v", same)
	}

	if err := c.sb.Server.EditStep(c.sb.Server.LocationID(), seedTrialFunnel, seedTrialSignUp, sandbox.StepEdit{Name: "Renamed In The Web App"}); err != nil {
		t.Fatal(err)
	}
	var diff struct {
		A, B    string
		Same    bool `json:"same"`
		Changes []struct {
			Op, Kind, Funnel, Name string
			Fields                 []struct{ Name, Old, New string }
		} `json:"changes"`
	}
	s.ok("diff", map[string]any{"a": filepath.Join(exports, "monday"), "b": "@live"}, &diff)
	renamed := slices.ContainsFunc(diff.Changes, func(ch struct {
		Op, Kind, Funnel, Name string
		Fields                 []struct{ Name, Old, New string }
	}) bool {
		return slices.ContainsFunc(ch.Fields, func(f struct{ Name, Old, New string }) bool { return f.New == "Renamed In The Web App" })
	})
	if diff.Same || !renamed {
		t.Errorf("diff against @live: want the renamed step among the changes: %+v", diff)
	}
	if w := writesOf(c.requests()); len(w) > 0 {
		t.Errorf("diff sent writes: %+v", w)
	}

	for _, dir := range []string{filepath.Join(outside, "elsewhere"), "../" + filepath.Base(outside) + "/elsewhere", "link-out", "/etc", "not-there"} {
		res, err := s.call("diff", map[string]any{"a": dir, "b": "@cached"})
		if err != nil || !res.IsError {
			t.Errorf("diff of %s: want a tool error, got %v %+v", dir, err, res)
			continue
		}
		if dir != "not-there" && !strings.Contains(textOf(res), "outside the exports directory") {
			t.Errorf("diff of %s: the refusal does not say why: %s", dir, textOf(res))
		}
	}
	c.nothingSent("the refused directories")
}

// TestMCPFindsAcrossSubAccounts: find and index_status with location a,b run across
// the sub-accounts named, each row naming its location; one the sign-in cannot
// reach is listed under failures with its status, and the call still answers.
func TestMCPFindsAcrossSubAccounts(t *testing.T) {
	c := newBinCLI(t, sandbox.Options{})
	s := startMCP(t, c)
	here := c.sb.Server.LocationID()
	var found struct {
		Matches []struct {
			Location, LocationName, ID string
		} `json:"matches"`
		Failures []struct {
			Location, Error string
			Status          int
		} `json:"failures"`
	}
	ans := s.ok("find", map[string]any{"text": "Free 7-Day Trial", "kind": []string{"funnel"}, "location": here + ",NotThisSignInLoc99"}, &found)
	if len(found.Matches) == 0 || found.Matches[0].ID != seedTrialFunnel || found.Matches[0].Location != here || found.Matches[0].LocationName == "" {
		t.Errorf("find across sub-accounts: want the trial funnel first, with its location: %+v (notes %v)", found, ans.Notes)
	}
	if len(found.Failures) != 1 || found.Failures[0].Location != "NotThisSignInLoc99" || found.Failures[0].Status == 0 {
		t.Errorf("find across sub-accounts: want the unreachable one under failures with its status: %+v", found.Failures)
	}
	if !slices.ContainsFunc(ans.Notes, func(n string) bool { return strings.Contains(n, "1 of 2 sub-accounts failed") }) {
		t.Errorf("find across sub-accounts: the notes do not say one failed: %q", ans.Notes)
	}

	if w := writesOf(c.requests()); len(w) > 0 {
		t.Errorf("find across sub-accounts sent writes: %+v", w)
	}

	// index_status reads the local indexes only: the one never reached is never indexed.
	var status struct {
		SubAccounts []struct {
			Location string `json:"location"`
			Exists   bool   `json:"exists"`
			Funnels  int    `json:"funnels"`
		} `json:"subAccounts"`
		Failures []struct{ Location string } `json:"failures"`
	}
	s.ok("index_status", map[string]any{"location": here + ",NotThisSignInLoc99"}, &status)
	if len(status.SubAccounts) != 2 || status.SubAccounts[0].Location != here || status.SubAccounts[0].Funnels != 25 ||
		status.SubAccounts[1].Exists || len(status.Failures) != 0 {
		t.Errorf("index_status across sub-accounts: %+v", status)
	}
	c.nothingSent("index_status across sub-accounts")
}

// TestMCPFindsAcrossAnAgencysSubAccounts: `funnels sandbox`'s agency signed in with
// `login --agency`, one of its three gyms suspended. find with all_sub_accounts
// answers from the two others, each match naming its sub-account, and lists the
// suspended one under failures with its status: an answer, not a tool error.
func TestMCPFindsAcrossAnAgencysSubAccounts(t *testing.T) {
	sb := startSandboxBinary(t, "--ephemeral")
	env := testEnv(t)
	if _, said := loginByPaste(t, env, append(strings.Fields(sb.values["agency_login"])[1:], "--redirect-port", "0")...); !strings.Contains(said, "at agency level") {
		t.Fatalf("login --agency said:\n%s", said)
	}
	resp, err := http.Post(sb.values["base_url"]+"/_sandbox/suspend?location=RiversideBoxingLoc03", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	s := startMCPArgs(t, &binCLI{t: t, env: env}, "mcp", "--location", "LakesideFit2026Loc01")

	var schema struct {
		Properties map[string]struct {
			Type any `json:"type"`
		} `json:"properties"`
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	tools, err := s.session.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range tools.Tools {
		if tool.Name != "find" && tool.Name != "index_status" {
			continue
		}
		b, _ := json.Marshal(tool.InputSchema)
		if err := json.Unmarshal(b, &schema); err != nil || schema.Properties["location"].Type != "string" || schema.Properties["all_sub_accounts"].Type != "boolean" {
			t.Errorf("%s: location and all_sub_accounts are not a string and a boolean in its schema: %s", tool.Name, b)
		}
	}

	res, err := s.call("find", map[string]any{"text": "open house", "all_sub_accounts": true})
	if err != nil || res.IsError {
		t.Fatalf("find across the agency's sub-accounts: want an answer, got %v %s", err, textOf(res))
	}
	var ans struct {
		Result struct {
			Matches []struct {
				Location, LocationName, Name string
			} `json:"matches"`
			Failures []struct {
				Location, LocationName, Error string
				Status                        int
			} `json:"failures"`
		} `json:"result"`
		Notes []string `json:"notes"`
	}
	if err := json.Unmarshal([]byte(textOf(res)), &ans); err != nil {
		t.Fatalf("%v\n%s", err, textOf(res))
	}
	found := ans.Result
	if len(found.Matches) == 0 || found.Matches[0].Name != "Summit Open House" || found.Matches[0].LocationName != "Summit Strength" {
		t.Errorf("find's best match across the agency: %+v", found.Matches)
	}
	if slices.ContainsFunc(found.Matches, func(m struct{ Location, LocationName, Name string }) bool {
		return m.Location == "RiversideBoxingLoc03"
	}) {
		t.Errorf("a match from the suspended sub-account: %+v", found.Matches)
	}
	if len(found.Failures) != 1 || found.Failures[0].Location != "RiversideBoxingLoc03" || found.Failures[0].Status != 400 ||
		!strings.Contains(found.Failures[0].Error, "suspended") {
		t.Errorf("find across the agency: want the suspended one under failures with 400: %+v", found.Failures)
	}
	if !slices.ContainsFunc(ans.Notes, func(n string) bool { return strings.Contains(n, "1 of 3 sub-accounts failed") }) {
		t.Errorf("the notes do not say one failed: %q", ans.Notes)
	}
}
