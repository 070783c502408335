package cli

import (
	"context"
	"net"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"
)

func TestSandboxServesUntilInterrupted(t *testing.T) {
	h := newHome(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var stdout, stderr authLockedBuffer
	done := make(chan int, 1)
	go func() {
		ios := &IOStreams{In: strings.NewReader(""), Out: &stdout, ErrOut: &stderr}
		done <- Run(ctx, NewFactory(ios, h.getenv, "test"), []string{"sandbox", "--addr", "127.0.0.1:0", "--token", "pit-fixed", "--dialect", "bare,camel"})
	}()
	base := regexp.MustCompile(`(?m)^base_url: (\S+)$`)
	var url string
	for deadline := time.Now().Add(10 * time.Second); url == ""; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the sandbox printed no base_url:\n%s%s", stdout.String(), stderr.String())
		}
		if m := base.FindStringSubmatch(stdout.String()); m != nil {
			url = m[1]
		}
	}
	for _, want := range []string{"token: pit-fixed\n", "location_id: ", "login: funnels login --profile sandbox --base-url " + url} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("the sandbox does not print %q:\n%s", want, stdout.String())
		}
	}
	req, _ := http.NewRequest(http.MethodGet, url+"/funnels/funnel/list", nil)
	req.Header.Set("Version", "2021-07-28")
	req.Header.Set("Authorization", "Bearer pit-fixed")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Errorf("the sandbox answered %d", res.StatusCode)
	}
	cancel()
	if code := <-done; code != 0 || !strings.Contains(stderr.String(), "funnels sandbox: stopped") {
		t.Errorf("exit %d after the interrupt: %s", code, stderr.String())
	}
}

func TestSandboxRefusesBadSettings(t *testing.T) {
	h := newHome(t)
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
	} {
		h.run(append([]string{"sandbox"}, c.args...)...).want(t, 2, "err:funnels sandbox: "+c.want)
	}
	// A port in use is this machine's problem: exit 4.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	h.run("sandbox", "--addr", ln.Addr().String()).want(t, 4, "err:is already in use")
}
