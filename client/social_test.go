package client_test

import (
	"encoding/json"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestAttachSocialAccount attaches an account of a known platform; an unknown platform
// is a 422.
func TestAttachSocialAccount(t *testing.T) {
	c, _ := newTestClient(t, sandbox.Options{})
	ctx := ctxT(t)

	sr, resp, err := c.AttachSocialAccount(ctx, "", "facebook", "acct-1", json.RawMessage(`{"originId":"o1","name":"Lakeside","type":"page"}`))
	if err != nil || resp.StatusCode != 201 || !sr.Success {
		t.Fatalf("social: %+v %v", sr, err)
	}
	if _, _, err := c.AttachSocialAccount(ctx, "", "myspace", "acct-1", nil); !isStatus(err, 422) {
		t.Errorf("unknown platform: want 422, got %v", err)
	}
}
