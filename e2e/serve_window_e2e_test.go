package e2e

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// rawBrowser is a browser session opened by a client of our own (what OpenSSH will
// not send: a terminal of 2³²−1 columns), its output read and dropped as it comes.
type rawBrowser struct {
	conn  *gossh.Client
	sess  *gossh.Session
	in    io.WriteCloser
	ended chan error
	saw   chan struct{} // closed at the first output
}

// openRaw signs in as person and opens the browser on a terminal of cols×rows.
func (tm *team) openRaw(t *testing.T, person string, cols, rows int) *rawBrowser {
	t.Helper()
	return tm.openRawWith(t, person, cols, rows, io.Discard)
}

// openRawWith is openRaw with the session's standard error written to stderr.
func (tm *team) openRawWith(t *testing.T, person string, cols, rows int, stderr io.Writer) *rawBrowser {
	t.Helper()
	pemBytes, err := os.ReadFile(tm.keys[person])
	if err != nil {
		t.Fatal(err)
	}
	signer, err := gossh.ParsePrivateKey(pemBytes)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := gossh.Dial("tcp", "127.0.0.1:"+tm.port, &gossh.ClientConfig{User: person, Auth: []gossh.AuthMethod{gossh.PublicKeys(signer)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	sess, err := conn.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if err := sess.RequestPty("xterm-256color", rows, cols, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	sess.Stderr = stderr
	b := &rawBrowser{conn: conn, sess: sess, ended: make(chan error, 1), saw: make(chan struct{})}
	if b.in, err = sess.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	out, err := sess.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		buf := make([]byte, 32<<10)
		first := true
		for {
			n, err := out.Read(buf)
			if n > 0 && first {
				close(b.saw)
				first = false
			}
			if err != nil {
				return
			}
		}
	}()
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	go func() { b.ended <- sess.Wait() }()
	return b
}

// quit presses q and returns how long the session took to end (failing past a
// bound far above the goal, so a slow machine does not fail it).
func (b *rawBrowser) quit(t *testing.T, what string) time.Duration {
	t.Helper()
	select {
	case <-b.saw:
	case <-time.After(20 * time.Second):
		t.Fatalf("%s: the browser showed nothing", what)
	}
	start := time.Now()
	if _, err := b.in.Write([]byte("q")); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	select {
	case <-b.ended:
		return time.Since(start)
	case <-time.After(15 * time.Second):
		t.Fatalf("%s: the session did not end after q (wedged)", what)
	}
	return 0
}

// TestServeSurvivesHugeTerminalsAndWindowStorms: sessions asking for a terminal of
// 65535² and (from a client of our own) 2³²−1 cells, one sending 100,000 window
// changes of every size, and one whose client leaves mid-storm: each ends when q is
// pressed or the client leaves, the server stays under 200 MB all along, and goes
// on answering.
func TestServeSurvivesHugeTerminalsAndWindowStorms(t *testing.T) {
	tm := startTeam(t, map[string]string{"ana": "read"})
	pid := strconv.Itoa(tm.srv.pid())
	if _, err := procMB(pid, "VmHWM"); err != nil {
		t.Skip(err)
	}
	took := map[string]time.Duration{}
	for _, size := range []int{65535, 1<<32 - 1} {
		what := fmt.Sprintf("a terminal of %d²", size)
		took[what] = tm.openRaw(t, "ana", size, size).quit(t, what)
	}

	storm := func(b *rawBrowser) {
		for i := range 100_000 {
			w, h := 20+i%300, 5+i%100
			if i%1000 == 0 {
				w, h = 1<<32-1, 65535
			}
			if err := b.sess.WindowChange(h, w); err != nil {
				t.Fatalf("window change %d: %v", i, err)
			}
		}
	}
	b := tm.openRaw(t, "ana", 80, 24)
	storm(b)
	took["100,000 window changes"] = b.quit(t, "the storm")

	gone := tm.openRaw(t, "ana", 80, 24)
	<-gone.saw
	storm(gone)
	left := time.Now()
	gone.conn.Close()
	ended := strings.Count(tm.srv.stderr.String(), " ended: ")
	for strings.Count(tm.srv.stderr.String(), " ended: ") < 4 {
		if time.Since(left) > 15*time.Second {
			t.Fatalf("the session whose client left mid-storm did not end (%d of 4 ended):\n%s", ended, tm.srv.stderr.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	took["the client leaving mid-storm"] = time.Since(left)

	peak, err := procMB(pid, "VmHWM")
	if err != nil {
		t.Fatal(err)
	}
	if peak >= 200 {
		t.Errorf("the server's memory peaked at %.0f MB, want under 200", peak)
	}
	tm.ssh("ana", "version").want(t, 0, "funnels")
	t.Logf("peak %.0f MB; ended after: %v", peak, took)
}
