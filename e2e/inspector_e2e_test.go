package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// The official MCP Inspector (npm @modelcontextprotocol/inspector, pinned in
// testdata/inspector and installed there by `npm ci`) drives `funnels mcp` through
// its command line, as a person checking a server does: it lists the tools, judges
// their schemas for portability, and calls every tool it was given with arguments
// typed as key=value — which it turns into JSON its own way (digits become a number,
// a list's JSON text becomes the list, a value the schema calls boolean becomes
// true or false) — or given as one JSON object verbatim, where every value may be
// text.

// inspectorPath is the Inspector's command, installed by npm ci in testdata/inspector.
var inspectorPath = filepath.Join("testdata", "inspector", "node_modules", ".bin", "mcp-inspector")

// needInspector is the Inspector's command as an absolute path. Its test runs in
// `make test-inspector` (FUNNELS_INSPECTOR=1): a node process a call, it is kept
// out of make test's minutes. Without the Inspector (or without node) it is
// skipped, but on CI, where .ci/run installs it.
func needInspector(t *testing.T) string {
	t.Helper()
	if os.Getenv("FUNNELS_INSPECTOR") != "1" {
		t.Skip("the MCP Inspector's calls of every tool run in make test-inspector (CI runs it after make test)")
	}
	abs, err := filepath.Abs(inspectorPath)
	if err == nil {
		_, err = os.Stat(abs)
	}
	if err == nil {
		_, err = exec.LookPath("node")
	}
	if err != nil {
		const why = "the MCP Inspector is not installed (run npm ci in e2e/testdata/inspector; it needs Node 20 or later)"
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s; .ci/run installs it: %v", why, err)
		}
		t.Skipf("%s: %v", why, err)
	}
	return abs
}

// inspector runs the Inspector's command line against `funnels mcp --allow-writes`
// started with the settings of c's sandbox, each run a process of its own as the
// Inspector makes one.
type inspector struct {
	t      *testing.T
	c      *binCLI
	bin    string
	env    []string // the Inspector's own: a home of its own
	server []string // -e settings, then the server's command line
	mu     sync.Mutex
}

func newInspector(t *testing.T, c *binCLI, exports string) *inspector {
	bin := needInspector(t)
	home := t.TempDir()
	server := []string{"-e", "FUNNELS_BASE_URL=" + c.sb.URL, "-e", "FUNNELS_TOKEN=" + c.sb.Server.DemoToken(),
		"-e", "FUNNELS_LOCATION_ID=" + c.sb.Server.LocationID()}
	for _, kv := range c.env {
		if k, _, _ := strings.Cut(kv, "="); k != "PATH" && k != "FUNNELS_FORCE_TTY" {
			server = append(server, "-e", kv)
		}
	}
	server = append(server, binPath, "mcp", "--allow-writes", "--exports-dir", exports)
	return &inspector{t: t, c: c, bin: bin, server: server,
		env: []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
			"XDG_STATE_HOME=" + filepath.Join(home, "state"), "XDG_CACHE_HOME=" + filepath.Join(home, "cache")}}
}

// inspected is what one run of the Inspector printed: its result (the MCP answer)
// and its own report on standard error.
type inspected struct {
	code   int
	result json.RawMessage
	stderr string
}

// run runs the Inspector with the method and its options (and --format json).
func (in *inspector) run(method string, opts ...string) inspected {
	in.t.Helper()
	args := append(append([]string{"--cli"}, in.server...), append([]string{"--method", method, "--format", "json"}, opts...)...)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute) // a hung run fails, not the whole suite
	defer cancel()
	cmd := exec.CommandContext(ctx, in.bin, args...)
	cmd.Env = in.env
	cmd.WaitDelay = 5 * time.Second
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var ee *exec.ExitError
	code := 0
	switch {
	case errors.As(err, &ee):
		code = ee.ExitCode()
	case err != nil:
		in.t.Fatalf("mcp-inspector: %v", err)
	}
	in.mu.Lock()
	in.c.seen = append(in.c.seen, out.String(), errb.String())
	in.mu.Unlock()
	var printed struct {
		Result json.RawMessage `json:"result"`
	}
	if err := json.Unmarshal(out.Bytes(), &printed); err != nil {
		in.t.Errorf("mcp-inspector %s %q: exit %d, no JSON answer: %v\nstdout:\n%s\nstderr:\n%s", method, opts, code, err, out.String(), errb.String())
	}
	return inspected{code: code, result: printed.Result, stderr: errb.String()}
}

// inspectedTool is a tool as the Inspector listed it.
type inspectedTool struct {
	Name        string
	InputSchema struct {
		Properties map[string]map[string]any `json:"properties"`
		Required   []string                  `json:"required"`
	} `json:"inputSchema"`
}

// inspectedCall is a tool's answer: the text of its first content, and whether it
// is a tool error.
type inspectedCall struct {
	Content []struct{ Text string } `json:"content"`
	IsError bool                    `json:"isError"`
}

// call runs tools/call of tool with the Inspector's options for its arguments.
func (in *inspector) call(tool string, args ...string) (inspectedCall, inspected) {
	in.t.Helper()
	got := in.run("tools/call", append([]string{"--tool-name", tool}, args...)...)
	var res inspectedCall
	if err := json.Unmarshal(got.result, &res); err != nil || len(res.Content) == 0 {
		in.t.Errorf("%s %q: no tool answer (%v): exit %d\n%s\n%s", tool, args, err, got.code, got.result, got.stderr)
	}
	return res, got
}

// inspectorValues are the seed's values for the tools' arguments, by name: a tool
// with a required argument not here fails the test until its value is added.
// Booleans are not here: each is sent as false (dry_run as true: the apply is
// checked on its own).
var inspectorValues = map[string]string{
	"funnel_id": seedTrialFunnel,
	"page_id":   seedLandingPage,
	"text":      "trial",
	"a":         "seed",
	"b":         "@cached",
	"kind":      `["funnel","step"]`,
	"rows":      `[{"domain":"offers.lakesidefit.com","path":"/from-inspector","target":"https://offers.lakesidefit.com/spring-sale","action":"url"}]`,
	"timeout":   "30s",
	"limit":     "5",
}

// inspectorArgs are the Inspector's --tool-arg options for tool: every required
// argument and every boolean, and the optional ones the seed has a value for.
func inspectorArgs(t *testing.T, tool inspectedTool) []string {
	t.Helper()
	var out []string
	for name, p := range tool.InputSchema.Properties {
		v, known := inspectorValues[name]
		switch {
		case p["type"] == "boolean" && name == "dry_run":
			v = "true"
		case p["type"] == "boolean":
			v = "false"
		case !known && slices.Contains(tool.InputSchema.Required, name):
			t.Errorf("%s: no value for its required argument %s: add one to inspectorValues", tool.Name, name)
			continue
		case !known:
			continue
		}
		out = append(out, "--tool-arg", name+"="+v)
	}
	return out
}

// TestInspectorCallsEveryTool: the official MCP Inspector lists the tools with no
// portability problem in its strict report (every argument one plain type), calls
// every tool it lists with arguments as it sends them, and each answers about the
// sandbox's location; arguments bad on purpose get the tool's own refusal; the
// import it applies with dry_run false (sent as the text "false", the rows as CSV
// text) lands in the sandbox, and nothing before it wrote.
func TestInspectorCallsEveryTool(t *testing.T) {
	needInspector(t)
	c := newBinCLI(t, sandbox.Options{})
	exports := t.TempDir()
	c.api("export", "-o", filepath.Join(exports, "seed")).want(t, 0)
	c.api("index").want(t, 0) // @cached for diff, and an index for find: no call crawls
	in := newInspector(t, c, exports)

	listed := in.run("tools/list", "--strict")
	var list struct{ Tools []inspectedTool }
	if err := json.Unmarshal(listed.result, &list); err != nil || len(list.Tools) == 0 {
		t.Fatalf("tools/list: exit %d, %v: %s\n%s", listed.code, err, listed.result, listed.stderr)
	}
	if listed.code != 0 || strings.Contains(listed.stderr, "Warning: tool") || strings.Contains(listed.stderr, "Error: tool") {
		t.Errorf("the Inspector's strict report on the tools' schemas (exit %d):\n%s", listed.code, listed.stderr)
	}
	var names []string
	for _, tool := range list.Tools {
		names = append(names, tool.Name)
		for name, p := range tool.InputSchema.Properties {
			if _, ok := p["type"].(string); !ok || p["anyOf"] != nil || p["oneOf"] != nil {
				t.Errorf("%s: argument %s is not of one plain type: %v", tool.Name, name, p)
			}
		}
	}
	if !slices.Contains(names, "apply_redirect_import") {
		t.Fatalf("with --allow-writes the Inspector lists %v, without apply_redirect_import", names)
	}
	c.requests()

	type call struct {
		tool string
		args []string
		// refused is what the tool's own refusal says ("": the call succeeds).
		refused string
	}
	calls := []call{
		{"list_steps", []string{"--tool-arg", "funnel_id=nosuch"}, `no funnel with id "nosuch"`},
		{"find", []string{"--tool-arg", "text=trial", "--tool-arg", "funnelId=x"}, `takes no argument "funnelId"`},
		{"find", []string{"--tool-args-json", `{"text":"trial","kind":"[\"nosuch\"]","limit":"5"}`}, "nosuch"},
		// Digits typed for a text: the Inspector sends a number.
		{"list_redirects", []string{"--tool-arg", "search=2025"}, ""},
		// Every value as text, a list as its JSON text: as the Inspector's form sends them.
		{"find", []string{"--tool-args-json", `{"text":"trial","kind":"[\"funnel\",\"step\"]","limit":"5","all_sub_accounts":"false"}`}, ""},
	}
	for _, tool := range list.Tools {
		calls = append(calls, call{tool: tool.Name, args: inspectorArgs(t, tool)})
	}
	var wg sync.WaitGroup
	slots := make(chan struct{}, 3) // the Inspector is a node process a call: a few at a time
	for _, cl := range calls {
		wg.Go(func() {
			slots <- struct{}{}
			defer func() { <-slots }()
			res, got := in.call(cl.tool, cl.args...)
			if len(res.Content) == 0 {
				return
			}
			text := res.Content[0].Text
			if cl.refused != "" {
				if !res.IsError || !strings.Contains(text, cl.refused) {
					t.Errorf("%s %q: want the tool's refusal saying %q, got (error %v, exit %d) %s", cl.tool, cl.args, cl.refused, res.IsError, got.code, text)
				}
				return
			}
			var ans mcpAnswer
			if res.IsError || got.code != 0 || json.Unmarshal([]byte(text), &ans) != nil || ans.Location.ID != c.sb.Server.LocationID() || len(ans.Result) == 0 {
				t.Errorf("%s %q: (error %v, exit %d) %s\n%s", cl.tool, cl.args, res.IsError, got.code, text, got.stderr)
			}
		})
	}
	wg.Wait()
	if w := writesOf(c.requests()); len(w) > 0 {
		t.Fatalf("calls that plan or read sent writes: %+v", w)
	}

	rows := "domain,path,target,action\noffers.lakesidefit.com,/from-inspector,https://offers.lakesidefit.com/spring-sale,url\n"
	args, _ := json.Marshal(map[string]string{"rows": rows, "dry_run": "false", "prune": "false"})
	res, got := in.call("apply_redirect_import", "--tool-args-json", string(args))
	// The plan's document: its steps, each with its outcome, and the marks.
	var applied struct {
		Result struct {
			Steps []struct{ Kind, Path, Outcome, ID string }
		}
	}
	if len(res.Content) > 0 && (res.IsError || json.Unmarshal([]byte(res.Content[0].Text), &applied) != nil) {
		t.Errorf("the applied import: (error %v, exit %d) %s", res.IsError, got.code, res.Content[0].Text)
	}
	if st := applied.Result.Steps; len(st) != 1 || st[0].Kind != "add" || st[0].Outcome != "done" || st[0].ID == "" {
		t.Errorf("the applied import: want the add done with its id: %+v", st)
	}
	w := writesOf(c.requests())
	if len(w) != 1 || w[0].Method != http.MethodPost || !strings.Contains(w[0].Body, "/from-inspector") {
		t.Errorf("the applied import: want one POST of the redirect in the sandbox's log, got %+v", w)
	}
}
