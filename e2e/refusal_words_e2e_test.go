package e2e

import (
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestARefusalInOtherWordsThroughTheBinary: against a service that words its refusal
// of a web-app route otherwise than the IAM message, the binary tells it from an
// expired token by what the server does: the doctor calls each such route refused
// to a token the service knows, folders are listed from the funnel list with the
// note that says why, and a write says what access it needs; nothing asks to sign in
// again, and the funnel list is asked once to tell it, not once a route.
func TestARefusalInOtherWordsThroughTheBinary(t *testing.T) {
	c := newBinCLI(t, sandbox.Options{Surface: sandbox.SurfacePublic, RefusalWords: "Route blocked for this app type."})
	r := c.piped("doctor")
	r.want(t, 0, "GET /funnels/funnel/folder/entities\t403 refused\tnot open to this token (the service knows the token)",
		"GET /funnels/funnel/geo-location\t401 refused\tnot open to this token (the service knows the token)")
	lists := 0
	for _, q := range c.requests() {
		if q.Path == "/funnels/funnel/list" {
			lists++
		}
	}
	if lists > 2 {
		t.Errorf("the doctor asked the funnel list %d times: once for itself, at most once to tell the refusals", lists)
	}
	c.piped("folders").want(t, 0, "err:folders shown by id: folder entities answered 403 (refused to a token the service knows)")
	c.piped("folder", "create", "--name", "Spring").want(t, 1,
		"err:create folder refused to this sign-in (403 Route blocked for this app type.): it needs web-app access with write rights")
	for _, out := range c.seen {
		if strings.Contains(out, "sign in again") || strings.Contains(out, "funnels login") {
			t.Errorf("a refusal of a route was taken for the token's:\n%s", out)
		}
	}
}
