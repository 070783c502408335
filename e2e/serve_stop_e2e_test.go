package e2e

import (
	"bytes"
	"net/http"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestServeStopsSoonAfterSIGTERM: SIGTERM sent to `funnels serve` with a browser
// open and a command waiting on a slow service: the server ends soon after, and
// each session is told why on its standard error before it ends.
func TestServeStopsSoonAfterSIGTERM(t *testing.T) {
	tm := startTeam(t, map[string]string{"ana": "read"})
	var browserErr lockedBuffer
	b := tm.openRawWith(t, "ana", 80, 24, &browserErr)
	select {
	case <-b.saw:
	case <-time.After(20 * time.Second):
		t.Fatal("the browser showed nothing")
	}
	resp, err := http.Post(tm.sb.URL+"/_sandbox/faults?fixed_latency=30s", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	var cmdErr bytes.Buffer
	waiting := exec.Command("ssh", append(tm.sshArgs(tm.keys["ana"], "127.0.0.1"), "folders")...)
	waiting.Stderr = &cmdErr
	if err := waiting.Start(); err != nil {
		t.Fatal(err)
	}
	for !strings.Contains(tm.srv.stderr.String(), `"folders"`) {
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(300 * time.Millisecond) // the request is on its way

	start := time.Now()
	if err := tm.srv.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case <-tm.srv.done:
	case <-time.After(5 * time.Second): // the goal is 1 s: far past it, something waits
		t.Fatalf("serve did not end after SIGTERM:\n%s", tm.srv.stderr.String())
	}
	took := time.Since(start)
	_ = waiting.Wait()
	select {
	case <-b.ended:
	case <-time.After(5 * time.Second):
		t.Fatal("the browser's session did not end with the server")
	}
	for what, said := range map[string]string{"the browser": browserErr.String(), "the command": cmdErr.String()} {
		if !strings.Contains(said, "the team server is stopping") {
			t.Errorf("%s was not told why it ended: %q\nthe server's log:\n%s", what, said, tm.srv.stderr.String())
		}
	}
	if !strings.Contains(tm.srv.stderr.String(), "stopped") {
		t.Errorf("the server's log does not say it stopped:\n%s", tm.srv.stderr.String())
	}
	t.Logf("serve ended %v after SIGTERM", took)
}
