package domain_test

import (
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/cli/clitest"
	"github.com/funnelsdev/funnels/client/sandbox"
)

func TestDomainAttachOnATerminalAndPiped(t *testing.T) {
	h := clitest.SignedIn(t, sandbox.Options{})
	h.TTY("domain", "attach", "--domain", "Bücher.Example.").Want(t, 0, "Attached bücher.example (xn--bcher-kva.example) (id ")
	piped := h.Run("domain", "attach", "--domain", "shop.example.com").Want(t, 0, "err:Attached shop.example.com (id ")
	if id := strings.TrimSpace(piped.Stdout); id == "" || strings.Contains(id, " ") {
		t.Errorf("piped stdout should be the domain's id alone: %q", piped.Stdout)
	}
	h.Run("domain", "attach", "--domain", "shop.example.com").Want(t, 1, "err:funnels domain attach: 422 --domain is already attached")
	var d struct{ URL string }
	h.Run("domain", "attach", "--domain", "other.example.com", "--json", "url").Decode(t, &d)
	if d.URL != "other.example.com" {
		t.Errorf("--json url: %+v", d)
	}
	h.Run("domain", "attach", "--domain", "https://a.io/b").Want(t, 2, "err:funnels domain attach: --domain ")
	h.Run("domain", "atach").Want(t, 2, "err:did you mean attach?")
}
