package ui

import (
	"bytes"
	"encoding/base64"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// osc52 returns what the OSC 52 sequences in out asked the terminal to copy.
func osc52(t *testing.T, out []byte) []string {
	t.Helper()
	var copied []string
	const start = "\x1b]52;c;"
	for {
		i := bytes.Index(out, []byte(start))
		if i < 0 {
			return copied
		}
		out = out[i+len(start):]
		end := bytes.IndexAny(out, "\a\x1b")
		if end < 0 {
			t.Fatalf("an unterminated OSC 52 sequence")
		}
		b, err := base64.StdEncoding.DecodeString(string(out[:end]))
		if err != nil {
			t.Fatalf("OSC 52 payload: %v", err)
		}
		copied = append(copied, string(b))
		out = out[end:]
	}
}

// TestProgramSendsATestEventAndCopiesItAsCurl runs a conversion through its form in a
// real program, then copies its request from the log: the terminal gets an OSC 52
// sequence whose curl command has no token and no Authorization (the conversion is
// sent without one), and a GET copied next reads the token from $FUNNELS_TOKEN.
func TestProgramSendsATestEventAndCopiesItAsCurl(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	tm, s := startProgram(t, c, sb, 120, 40)
	wait(t, s, "Spring Sale 2026")
	tm.Type("E")
	wait(t, s, "Test conversion event", "Event · 1 of 4")
	tm.Send(keyPress("ctrl+s"))
	wait(t, s, "✓ Lead event accepted (200)")
	tm.Send(keyPress("esc"))
	wait(t, s, "enter/l open")
	tm.Type("L")
	wait(t, s, "Request log · newest first", "/funnels/event/conversion")
	tm.Type("c")
	wait(t, s, "copied curl for POST /funnels/event/conversion")
	term := &termOut{tm: tm}
	// Each copy is a command of its own: two sent at once may reach the terminal in
	// either order, so the second key waits for the first copy, as a person's would.
	term.waitCopies(t, 1)
	tm.Send(keyPress("down"))
	tm.Type("c")
	wait(t, s, "copied curl for GET /funnels/funnel/folder/entities")
	term.waitCopies(t, 2)
	tm.Send(keyPress("esc"))
	tm.Type("q")
	copied := osc52(t, term.final(t))
	if len(copied) != 2 {
		t.Fatalf("two copies, got %q", copied)
	}
	token := sb.Server.DemoToken()
	post, get := copied[0], copied[1]
	if !strings.HasPrefix(post, "curl -X POST '") || !strings.Contains(post, "/funnels/event/conversion'") ||
		strings.Contains(post, "Authorization") || !strings.Contains(post, `"eventName":"Lead"`) {
		t.Fatalf("the conversion as curl: %s", post)
	}
	if !strings.Contains(get, `-H "Authorization: Bearer $FUNNELS_TOKEN"`) || !strings.Contains(get, "/funnels/funnel/folder/entities") {
		t.Fatalf("the folder read as curl: %s", get)
	}
	for _, cmd := range copied {
		if strings.Contains(cmd, token) {
			t.Fatal("a copied command holds the token")
		}
	}
}

// TestProgramNewStepChecksThePath makes a step through its form in a real program:
// the taken path is refused at its field, a free one is sent, and the steps pane
// selects the new step.
func TestProgramNewStepChecksThePath(t *testing.T) {
	t.Parallel()
	sb, c := testClient(t, sandbox.Options{}, -1)
	tm, s := startProgram(t, c, sb, 80, 24)
	wait(t, s, "Spring Sale 2026")
	tm.Type("G")
	wait(t, s, "Steps · Spring Sale 2026")
	tm.Type("n")
	wait(t, s, "New step in Spring Sale 2026", "┃ Name")
	tm.Type("Spring Offer")
	tm.Send(keyPress("tab"))
	wait(t, s, "┃ Path")
	tm.Type("/spring-sale-opt-in")
	wait(t, s, "✗ /spring-sale-opt-in is taken — suggested /spring-sale-opt-in-")
	tm.Send(keyPress("ctrl+s"))
	wait(t, s, "✗ is taken in this funnel: try /spring-sale-opt-in-", "Nothing was sent")
	for range len("/spring-sale-opt-in") {
		tm.Send(keyPress("backspace"))
	}
	tm.Type("/spring-offer")
	wait(t, s, "✓ /spring-offer is free")
	tm.Send(keyPress("ctrl+s"))
	wait(t, s, "▸ 6  Spring Offer")
	tm.Type("q")
	tm.WaitFinished(t, teatest.WithFinalTimeout(waitTimeout))
	if reqs := sent(sb, "POST", "/funnels/funnel/create-step"); len(reqs) != 1 || reqs[0].Status != 201 {
		t.Fatalf("create-step requests: %+v", reqs)
	}
}
