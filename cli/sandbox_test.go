package cli_test

import (
	"context"
	"net"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/cli"
	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/cli/cmdutil"
)

// runSandbox starts `funnels sandbox ARGS…` on a random port and waits for its
// base URL; stop interrupts it and returns its exit code and stderr.
func runSandbox(t *testing.T, args ...string) (stdout *clitest.AuthLockedBuffer, url string, stop func() (int, string)) {
	t.Helper()
	h := clitest.NewHome(t)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	stdout = &clitest.AuthLockedBuffer{}
	var stderr clitest.AuthLockedBuffer
	done := make(chan int, 1)
	go func() {
		ios := &cmdutil.IOStreams{In: strings.NewReader(""), Out: stdout, ErrOut: &stderr}
		done <- cli.Run(ctx, cmdutil.NewFactory(ios, h.Getenv, "test"), append([]string{"sandbox", "--addr", "127.0.0.1:0"}, args...))
	}()
	base := regexp.MustCompile(`(?m)^base_url: (\S+)$`)
	for deadline := time.Now().Add(10 * time.Second); url == ""; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the sandbox printed no base_url:\n%s%s", stdout.String(), stderr.String())
		}
		if m := base.FindStringSubmatch(stdout.String()); m != nil {
			url = m[1]
		}
	}
	// The banner is printed whole before the server waits; give its last line time.
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(stdout.String(), "Serving until Ctrl-C") && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	return stdout, url, func() (int, string) {
		cancel()
		return <-done, stderr.String()
	}
}

func TestSandboxServesUntilInterrupted(t *testing.T) {
	stdout, url, stop := runSandbox(t, "--token", "pit-fixed", "--dialect", "bare,camel")
	for _, want := range []string{"token: pit-fixed\n", "location_id: ", "login: funnels login --profile sandbox --base-url " + url} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("the sandbox does not print %q:\n%s", want, stdout.String())
		}
	}
	if res := listFunnels(t, url, "pit-fixed"); res.StatusCode != 200 {
		t.Errorf("the sandbox answered %d", res.StatusCode)
	}
	if code, stderr := stop(); code != 0 || !strings.Contains(stderr, "funnels sandbox: stopped") {
		t.Errorf("exit %d after the interrupt: %s", code, stderr)
	}
}

// --daily-limit N makes a token's day N requests: the next answers 429 with the
// day's headers (Daily-Remaining 0, Daily-Reset), which no retry can get past.
func TestSandboxDailyLimit(t *testing.T) {
	_, url, stop := runSandbox(t, "--ephemeral", "--token", "pit-day", "--daily-limit", "2")
	defer stop()
	listFunnels(t, url, "pit-day")
	listFunnels(t, url, "pit-day")
	if last := listFunnels(t, url, "pit-day"); last.StatusCode != http.StatusTooManyRequests || last.Header.Get("X-RateLimit-Daily-Remaining") != "0" || last.Header.Get("X-RateLimit-Daily-Reset") == "" {
		t.Errorf("the third request of a day of 2: %d %v", last.StatusCode, last.Header)
	}
}

// listFunnels asks the sandbox at url for the funnel list with token; the answer's
// body is closed.
func listFunnels(t *testing.T, url, token string) *http.Response {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url+"/funnels/funnel/list", nil)
	req.Header.Set("Version", "2021-07-28")
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res
}

// --sub-accounts N gives the agency N sub-accounts; the banner says how to reach
// them as the agency and names the suspended one and the one without the app.
func TestSandboxAgencyOfManySubAccounts(t *testing.T) {
	stdout, _, stop := runSandbox(t, "--ephemeral", "--sub-accounts", "8")
	defer stop()
	for _, want := range []string{
		"agency: LakesideFitCompany01, 8 sub-accounts, 7 with the app installed; after agency_login, open any with --profile agency --location ID\n",
		"sub_account_2: SummitStrengthLoc002 \"Summit Strength\" token pit-",
		"sub_account_8: AgencyClientLoc00008 \"Cedar Grove Pilates Studio\" token pit-",
		"suspended: AgencyClientLoc00005 \"Northside CrossFit\" (its routes, refreshes and mints answer 400 Location is not active)\n",
		"not_installed: HarborYogaStudioLc04 \"Harbor Yoga Studio\" (the app is not installed: a mint for it answers 403)\n",
	} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("the banner does not print %q:\n%s", want, stdout.String())
		}
	}
}

func TestSandboxRefusesBadSettings(t *testing.T) {
	h := clitest.NewHome(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--addr", "0.0.0.0:8484"}, "refusing --addr 0.0.0.0:8484: the sandbox only listens on a loopback host"},
		{[]string{"--limit", "0"}, "--limit must be at least 1"},
		{[]string{"--window", "-1s"}, "--window must be a positive duration"},
		{[]string{"--error-rate", "2"}, "--error-rate must be a number from 0 to 1"},
		{[]string{"--dialect", "bare,yaml"}, `unknown --dialect "yaml"`},
		{[]string{"--token", "a b"}, "tokens must not contain spaces"},
		{[]string{"--sub-accounts", "1001"}, "--sub-accounts must be from 1 to 1000"},
		{[]string{"--daily-limit", "-1"}, "--daily-limit must be a number of requests"},
	} {
		h.Run(append([]string{"sandbox"}, c.args...)...).Want(t, 2, "err:funnels sandbox: "+c.want)
	}
	// A port in use is this machine's problem: exit 4.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	h.Run("sandbox", "--addr", ln.Addr().String()).Want(t, 4, "err:is already in use")
}

// TestSandboxLinesWorkAsPrinted: the sandbox's token_login line, given the token it
// printed, signs a profile in, and its env: line's variables reach the data with no
// sign-in at all — the two ways the README starts from.
func TestSandboxLinesWorkAsPrinted(t *testing.T) {
	stdout, _, _ := runSandbox(t, "--ephemeral")
	values := map[string]string{}
	for _, l := range strings.Split(stdout.String(), "\n") {
		if k, v, ok := strings.Cut(l, ": "); ok {
			values[k] = v
		}
	}
	login := strings.Fields(values["token_login"])
	if len(login) < 3 || login[0] != "funnels" {
		t.Fatalf("no token_login line:\n%s", stdout.String())
	}
	h := clitest.NewHome(t)
	h.RunWith(false, values["token"]+"\n", login[1:]...).Want(t, 0)
	h.Run("folders", "--profile", "sandbox").Want(t, 0, "Lead Generation")

	env, ok := strings.CutPrefix(values["env"], "export ")
	if !ok {
		t.Fatalf("no env: line:\n%s", stdout.String())
	}
	h = clitest.NewHome(t)
	for _, kv := range strings.Fields(env) {
		k, v, _ := strings.Cut(kv, "=")
		h.Vars[k] = v
	}
	h.Run("folders").Want(t, 0, "Lead Generation")
}
