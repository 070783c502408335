package cli

import (
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"
)

func TestDomainAttachOnATerminalAndPiped(t *testing.T) {
	h := signedIn(t, sandbox.Options{})
	h.tty("domain", "attach", "--domain", "Bücher.Example.").want(t, 0, "Attached bücher.example (xn--bcher-kva.example) (id ")
	piped := h.run("domain", "attach", "--domain", "shop.example.com").want(t, 0, "err:Attached shop.example.com (id ")
	if id := strings.TrimSpace(piped.stdout); id == "" || strings.Contains(id, " ") {
		t.Errorf("piped stdout should be the domain's id alone: %q", piped.stdout)
	}
	h.run("domain", "attach", "--domain", "shop.example.com").want(t, 1, "err:funnels domain attach: 422 --domain is already attached")
	var d struct{ URL string }
	h.run("domain", "attach", "--domain", "other.example.com", "--json", "url").decode(t, &d)
	if d.URL != "other.example.com" {
		t.Errorf("--json url: %+v", d)
	}
	h.run("domain", "attach", "--domain", "https://a.io/b").want(t, 2, "err:funnels domain attach: --domain ")
	h.run("domain", "atach").want(t, 2, "err:did you mean attach?")
}
