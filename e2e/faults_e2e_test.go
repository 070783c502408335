package e2e

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestTUIUnderFaults: the real binary in tmux against `funnels sandbox`
// started with every fault — answers up to 5 s late, 30% 5xx, 10% dropped
// connections, 10% bodies cut in half — walks the panes and submits forms (new folder,
// new step, test conversion event, attach domain) for about a minute. It proves:
//
//   - the program stays up: no panic text ever, and q ends it with 0 and the terminal
//     restored;
//   - every failed submit shows beside its form with its status code or "no answer
//     from server", and the sandbox's log agrees with what the screen said; a pane
//     that fails shows its code (or "no answer") above "press r to retry";
//   - nothing typed is lost: after a failed submit the form still shows every value;
//   - retries happen only where allowed: every POST body (each submit's is unique)
//     was sent once, unless the try before got a 429 — whatever else came back, a
//     503 that names a Retry-After included — while a GET answered 500 is sent
//     again, and a POST answered 429 too.
//
// Only deterministic things are asserted: the faults decide which path each submit
// takes, and each path has its own exact checks. Forced failures (/_sandbox/fail)
// make sure a 503 on a POST, a 429 on a POST and a 500 on a GET happen in every run.
// Waits are for text on the screen, with deadlines long enough for a request that is
// late and retried three times.
func TestTUIUnderFaults(t *testing.T) {
	needTmux(t)
	t.Parallel() // it mostly waits on the sandbox's latency
	sb := startSandboxBinary(t, "--latency", "5s", "--error-rate", "0.3", "--drop-rate", "0.1", "--truncate-rate", "0.1")
	base := sb.values["base_url"]
	f := &faultRun{t: t, base: base}
	if got := f.control("GET", "/_sandbox/faults"); !strings.Contains(got, `"latency":"5s"`) || !strings.Contains(got, `"error_rate":0.3`) ||
		!strings.Contains(got, `"drop_rate":0.1`) || !strings.Contains(got, `"truncate_rate":0.1`) {
		t.Fatalf("the sandbox's flags set its faults: %s", got)
	}
	// The faults wait until the browser has drawn its first screen, so every run
	// starts the same way.
	f.control("POST", "/_sandbox/faults")
	// --no-cache: no crawl in the background; the faults met are the forms' requests'.
	f.s = startTUI(t, 120, 40, nil, "--no-cache", "--base-url", base, "--token", sb.values["token"], "--location", sb.values["location_id"])
	f.s.waitFor("Spring Sale 2026")
	f.control("POST", "/_sandbox/faults?latency=5s&error_rate=0.3&drop_rate=0.1&truncate_rate=0.1")

	// make test: each kind of submit once (the forced failures are the first ones);
	// make sweep and make test-faults (FUNNELS_SWEEP=1): fifty seconds of them.
	start, soak := time.Now(), time.Duration(0)
	if sweeping() {
		soak = 50 * time.Second
	}
	kinds := []func(n int){f.newFolder, f.newStep, f.testEvent, f.attachDomain}
	for n := 1; n <= 4 || time.Since(start) < soak; n++ {
		if n%2 == 1 {
			f.browse(n)
		}
		kinds[(n-1)%len(kinds)](n)
	}
	t.Logf("%d submits in %v: %s", len(f.submits), time.Since(start).Round(time.Second), f.summary())
	f.s.quit()
	f.checkLog()
}

// faultRun is the state of one run: the terminal, the sandbox and what was sent.
type faultRun struct {
	t       *testing.T
	s       *tui
	base    string
	submits []submitted
}

// submitted is one form sent: what marks its body in the sandbox's log, and what the
// screen said of it ("" for success, else the failure with its code).
type submitted struct {
	kind, marker string
	failure      string
	forced       int // the status /_sandbox/fail forced on its first try; 0 none
}

// faultDeadline bounds a wait for an answer: up to four tries of up to 5 s each, with
// the backoff between them, and room for a loaded machine.
const faultDeadline = 60 * time.Second

// failureOnForm is how a form shows a failed submit: its code, or that no answer came.
var failureOnForm = regexp.MustCompile(`✗ (\d{3}) |✗ no answer from server`)

// failureInPane is how a pane shows a failed load: its code, or that no answer came.
var failureInPane = regexp.MustCompile(`✗ (\d{3}|no answer)`)

// control calls the sandbox's control API and returns the answer's body.
func (f *faultRun) control(method, path string) string {
	f.t.Helper()
	req, err := http.NewRequest(method, f.base+path, nil)
	if err != nil {
		f.t.Fatal(err)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		f.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		f.t.Fatalf("%s %s: %d %s", method, path, res.StatusCode, b)
	}
	return string(b)
}

// wait polls the screen until cond holds, checking every screen on the way: the
// program is up (no panic, not exited) and a failed pane shows why.
func (f *faultRun) wait(what string, cond func(scr string) bool) string {
	f.t.Helper()
	deadline := time.Now().Add(faultDeadline)
	for {
		scr := f.s.screen()
		f.checkScreen(scr)
		if cond(scr) {
			return scr
		}
		if time.Now().After(deadline) {
			f.t.Fatalf("timed out waiting for %s; the screen shows:\n%s", what, scr)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// checkScreen fails on a screen that shows a crash, or a failed load without its cause.
func (f *faultRun) checkScreen(scr string) {
	f.t.Helper()
	for _, bad := range []string{"panic", "goroutine ", "funnels exited with", "runtime error"} {
		if strings.Contains(scr, bad) {
			f.t.Fatalf("the screen shows %q:\n%s", bad, scr)
		}
	}
	if strings.Contains(scr, "press r to retry") && !failureInPane.MatchString(scr) {
		f.t.Fatalf("a pane failed without saying why (a status code or no answer):\n%s", scr)
	}
}

// settled: nothing under way, no form sending.
func settled(scr string) bool {
	st := lastLine(scr)
	return strings.Contains(st, "idle") && !strings.Contains(st, "retrying") &&
		!strings.Contains(scr, "Loading") && !strings.Contains(scr, "sending…")
}

// key presses one key and waits until the browser has settled.
func (f *faultRun) key(k string) string {
	f.t.Helper()
	f.s.keys(k)
	return f.wait("the browser to settle after "+k, settled)
}

// atRoot brings the browser back to the folders and funnels of the root, with Spring
// Sale 2026 loaded (pressing r while a failure is shown).
func (f *faultRun) atRoot() {
	f.t.Helper()
	for range 3 {
		f.key("h") // back: pages → steps → folders, or up a folder
	}
	f.wait("the root's funnels", func(scr string) bool {
		if strings.Contains(scr, "Spring Sale 2026") && settled(scr) {
			return true
		}
		if strings.Contains(scr, "press r to retry") && settled(scr) {
			f.s.keys("r")
		}
		return false
	})
}

// browse walks from the root to a page's detail and back. The first walk ends with a
// refresh that meets a forced 500: the GET is sent again (checked in checkLog).
func (f *faultRun) browse(n int) {
	f.t.Helper()
	f.atRoot()
	f.key("G")     // Spring Sale 2026, the last row: its steps show at once
	f.key("Tab")   // the steps
	f.key("Enter") // the pages of the first step
	f.key("Enter") // the first page's detail, or why it could not be read
	f.atRoot()
	if n == 1 {
		f.control("POST", "/_sandbox/fail?status=500&count=1&path=/funnels/funnel/folder/entities")
		f.key("r")
	}
}

// newFolder submits the new-folder form; the first meets a forced 503.
func (f *faultRun) newFolder(n int) {
	name := fmt.Sprintf("Faults %02d", n)
	f.s.keys("N")
	f.wait("the new-folder form", func(scr string) bool { return strings.Contains(scr, "╭─ New folder") })
	f.s.text(name)
	f.wait("the name typed", func(scr string) bool { return strings.Contains(scr, "> "+name) })
	sub := submitted{kind: "folder", marker: `"name":"` + name + `"`}
	if n == 1 {
		f.control("POST", "/_sandbox/fail?status=503&count=1&path=/funnels/funnel/folder/create")
		sub.forced = 503
	}
	f.s.keys("C-s")
	f.outcome(&sub, "╭─ New folder", "", []string{"> " + name})
}

// newStep submits a step of Spring Sale 2026 with a name and a path.
func (f *faultRun) newStep(n int) {
	name, path := fmt.Sprintf("Faults step %02d", n), fmt.Sprintf("/faults-step-%02d", n)
	f.atRoot()
	f.key("G")
	f.s.keys("n")
	f.wait("the new-step form", func(scr string) bool { return strings.Contains(scr, "╭─ New step in Spring Sale 2026") })
	f.s.text(name)
	f.wait("the name typed", func(scr string) bool { return strings.Contains(scr, "> "+name) })
	f.s.keys("Tab")
	f.wait("the path field", func(scr string) bool { return strings.Contains(scr, "┃ Path") })
	f.s.text(path)
	f.wait("the path typed", func(scr string) bool { return strings.Contains(scr, "> "+path) })
	// The live path check is a GET that the faults hit too: send only once it has said
	// the path is free. When the check itself failed ("? could not check the path: 503
	// …" after the client's retries), throw the form away and go on.
	scr := f.wait("the path check's verdict", func(scr string) bool {
		box, _ := formBox(scr, "╭─ New step in")
		return strings.Contains(box, path+" is free") || strings.Contains(box, "could not check the path") ||
			failureOnForm.MatchString(box)
	})
	if !strings.Contains(scr, path+" is free") {
		f.s.keys("Escape")
		f.wait("the discard question", func(scr string) bool { return strings.Contains(scr, "Discard what you typed? y/n") })
		f.s.keys("y")
		f.wait("the form to close", func(scr string) bool { return !strings.Contains(scr, "╭─ New step in") })
		return
	}
	f.s.keys("C-s")
	f.outcome(&submitted{kind: "step", marker: `"name":"` + name + `"`}, "╭─ New step in", "", []string{"> " + name, "> " + path})
}

// testEvent submits a conversion with a value; the first meets a forced 429, which
// the client waits out and sends again.
func (f *faultRun) testEvent(n int) {
	value := fmt.Sprintf("%d.50", n)
	f.s.keys("E")
	f.wait("the conversion form", func(scr string) bool { return strings.Contains(scr, "╭─ Test conversion event") })
	for _, field := range []string{"Address", "Value"} {
		f.s.keys("Enter")
		f.wait("the "+field+" field", func(scr string) bool { return strings.Contains(scr, "┃ "+field) })
	}
	f.s.text(value)
	f.wait("the value typed", func(scr string) bool { return strings.Contains(scr, "> "+value) })
	sub := submitted{kind: "event", marker: `"value":"` + value + `"`}
	if n == 3 {
		f.control("POST", "/_sandbox/fail?status=429&count=1&path=/funnels/event/conversion")
		sub.forced = 429
	}
	f.s.keys("C-s")
	f.outcome(&sub, "╭─ Test conversion event ─", "event accepted", []string{"> " + value})
}

// attachDomain submits a host name.
func (f *faultRun) attachDomain(n int) {
	host := fmt.Sprintf("faults-%02d.example.com", n)
	f.s.keys("D")
	f.wait("the attach-domain form", func(scr string) bool { return strings.Contains(scr, "┃ Domain") })
	f.s.text(host)
	f.wait("the host typed", func(scr string) bool { return strings.Contains(scr, "> "+host) })
	f.s.keys("Enter")
	f.outcome(&submitted{kind: "domain", marker: `"domain":"` + host + `"`}, "╭─ Attach domain", "✓ Attached", []string{"> " + host})
}

// outcome waits for the answer to a submit to the form whose top border starts with
// form. Success: the form closes (a result view shows ok, when the form has one).
// Failure: the form stays, says why with the code or "no answer from server", and
// still shows every value typed (kept); then esc and y throw it away. Only the
// form's box is read: a pane behind it may show a failure of its own.
func (f *faultRun) outcome(sub *submitted, form, ok string, kept []string) {
	f.t.Helper()
	var box string
	scr := f.wait("the answer to the "+sub.kind, func(scr string) bool {
		if strings.Contains(scr, "sending…") || strings.Contains(lastLine(scr), "rate limited") {
			return false
		}
		if ok != "" && strings.Contains(scr, ok) {
			return true
		}
		var open bool
		box, open = formBox(scr, form)
		return !open || failureOnForm.MatchString(box)
	})
	if ok != "" && strings.Contains(scr, ok) || !strings.Contains(scr, form) {
		f.submits = append(f.submits, *sub)
		if ok != "" {
			f.s.keys("h")
			f.wait("the result to close", func(scr string) bool { return !strings.Contains(scr, ok) })
		}
		return
	}
	m := failureOnForm.FindString(box)
	sub.failure = strings.TrimSpace(strings.TrimPrefix(m, "✗ "))
	for _, k := range kept {
		if !strings.Contains(box, k) {
			f.t.Fatalf("after a failed %s the form lost %q:\n%s", sub.kind, k, scr)
		}
	}
	if !strings.Contains(wordsOf(box), "it may have been done all the same") {
		f.t.Fatalf("a failed write that may have happened must say so:\n%s", scr)
	}
	f.submits = append(f.submits, *sub)
	f.s.keys("Escape")
	f.wait("the discard question", func(scr string) bool { return strings.Contains(scr, "Discard what you typed? y/n") })
	f.s.keys("y")
	f.wait("the form to close", func(scr string) bool { return !strings.Contains(scr, form) })
}

func (f *faultRun) summary() string {
	var parts []string
	for _, s := range f.submits {
		parts = append(parts, s.kind+": "+pick(s.failure == "", "ok", s.failure))
	}
	return strings.Join(parts, ", ")
}

// checkLog reads the sandbox's request log and holds it against the run.
func (f *faultRun) checkLog() {
	t := f.t
	var reqs []sandbox.Request
	if err := json.Unmarshal([]byte(f.control("GET", "/_sandbox/requests")), &reqs); err != nil {
		t.Fatal(err)
	}
	faults := 0
	for _, r := range reqs {
		if r.Status == 0 || r.Status >= 500 {
			faults++
		}
	}
	t.Logf("%d requests, %d answered 5xx or dropped", len(reqs), faults)

	// No POST body twice, unless the try before it got a 429.
	tries := map[string][]sandbox.Request{}
	var order []string
	for _, r := range reqs {
		if r.Method != http.MethodPost {
			continue
		}
		k := r.Path + " " + r.Body
		if tries[k] == nil {
			order = append(order, k)
		}
		tries[k] = append(tries[k], r)
	}
	for _, k := range order {
		rs := tries[k]
		for i, r := range rs[:len(rs)-1] {
			if r.Status != http.StatusTooManyRequests {
				t.Errorf("POST %s was sent again after try %d answered %d (only a 429 may be retried): %s", rs[0].Path, i+1, r.Status, rs[0].Body)
			}
		}
	}

	// Each submit: sent, and its last try agrees with what the screen said.
	for _, sub := range f.submits {
		var rs []sandbox.Request
		for _, k := range order {
			if strings.Contains(k, sub.marker) {
				rs = append(rs, tries[k]...)
			}
		}
		if len(rs) == 0 {
			t.Errorf("the %s %s never reached the sandbox", sub.kind, sub.marker)
			continue
		}
		last := rs[len(rs)-1].Status
		switch {
		case sub.forced != 0 && rs[0].Status != sub.forced:
			t.Errorf("the %s's first try should have met the forced %d: %d", sub.kind, sub.forced, rs[0].Status)
		case sub.forced == http.StatusTooManyRequests && len(rs) < 2:
			t.Errorf("the %s answered 429 must be sent again after the wait: %d tries", sub.kind, len(rs))
		case sub.failure == "" && (last < 200 || last > 299):
			t.Errorf("the screen showed the %s done, the sandbox answered %d", sub.kind, last)
		case strings.HasPrefix(sub.failure, "no answer") && last >= 500:
			t.Errorf("the screen said no answer for the %s, the sandbox answered %d", sub.kind, last)
		case sub.failure != "" && !strings.HasPrefix(sub.failure, "no answer") && sub.failure != fmt.Sprint(last):
			t.Errorf("the screen said %s for the %s, the sandbox answered %d", sub.failure, sub.kind, last)
		}
	}
	if f.submits[0].failure != "503" {
		t.Errorf("the first folder met a forced 503; the screen said %q", f.submits[0].failure)
	}

	// A GET that got a 500 is sent again: the forced one of the first walk.
	for i, r := range reqs {
		if r.Method == http.MethodGet && r.Path == "/funnels/funnel/folder/entities" && r.Status == http.StatusInternalServerError {
			for _, again := range reqs[i+1:] {
				if again.Method == r.Method && again.Path == r.Path && again.Query == r.Query {
					return
				}
			}
			t.Errorf("the GET answered 500 was never sent again: %+v", r)
			return
		}
	}
	t.Error("the forced 500 on the folder read never happened")
}

// formBox is the text inside the box whose top border, on some line of scr, starts
// with top ("╭─ New folder"): each line cut to the box's columns, down to its bottom
// border. open is false when no such box is on the screen.
func formBox(scr, top string) (box string, open bool) {
	lines := strings.Split(scr, "\n")
	for i, line := range lines {
		at := strings.Index(line, top)
		if at < 0 {
			continue
		}
		runes := []rune(line)
		left := len([]rune(line[:at]))
		right := left + 1
		for right < len(runes) && runes[right] != '╮' {
			right++
		}
		var b strings.Builder
		for _, l := range lines[i+1:] {
			r := []rune(l)
			if left >= len(r) {
				break
			}
			if r[left] == '╰' {
				break
			}
			b.WriteString(string(r[left:min(right+1, len(r))]) + "\n")
		}
		return b.String(), true
	}
	return "", false
}

// wordsOf is the screen's text as one line of words, box borders left out, so a
// phrase wrapped inside a bordered form still reads as one.
func wordsOf(scr string) string {
	var words []string
	for _, w := range strings.Fields(scr) {
		if strings.Trim(w, "│┃╭╮╰╯─") != "" {
			words = append(words, w)
		}
	}
	return strings.Join(words, " ")
}

// TestFormBoxReadsOnlyTheForm: a pane's failure beside a form is not the form's.
func TestFormBoxReadsOnlyTheForm(t *testing.T) {
	scr := strings.Join([]string{
		"╭─ Funnels ──────────╮",
		"│   Archive/   ╭─ Test conversion event ─╮ │",
		"│ ✗ 500 Intern │ ┃ > 3.50                │ │",
		"│ press r to r │ ✗ no answer from server │ │",
		"│              ╰─────────────────────────╯ │",
		"│ ✗ 503 below                              │",
	}, "\n")
	box, open := formBox(scr, "╭─ Test conversion event ─")
	if !open || strings.Contains(box, "500") || strings.Contains(box, "503") || !strings.Contains(box, "> 3.50") {
		t.Fatalf("box %q (open %v)", box, open)
	}
	if m := failureOnForm.FindString(box); m != "✗ no answer from server" {
		t.Fatalf("the form's failure: %q", m)
	}
	if _, open := formBox(scr, "╭─ New folder"); open {
		t.Fatal("no such form is open")
	}
}
