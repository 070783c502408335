package client_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

func TestConversionCarriesNoToken(t *testing.T) {
	c, sb := newTestClient(t, sandbox.Options{})
	ctx := ctxT(t)
	res, resp, err := c.SendConversion(ctx, client.ConversionRequest{
		EventName: "Purchase", Contact: client.ContactInfo{Email: "jo@example.com", DateOfBirth: "1990-04-01T00:00:00Z"},
		Currency: "USD", Value: "49.00", URL: "https://offers.example.com/checkout",
	})
	if err != nil || resp.StatusCode != 200 || !res.Success || res.EventID == "" {
		t.Fatalf("conversion: %+v %v", res, err)
	}
	for _, r := range sb.Server.Requests() {
		if r.Path == "/funnels/event/conversion" {
			if r.Auth != "none" {
				t.Errorf("conversion carried a token")
			}
			var body map[string]any
			if err := json.Unmarshal([]byte(r.Body), &body); err != nil || body["value"] != "49.00" || body["contact"] == nil {
				t.Errorf("conversion body %s", r.Body)
			}
		}
	}
	_, _, err = c.SendConversion(ctx, client.ConversionRequest{EventName: "Bought", Contact: client.ContactInfo{}})
	var apiErr *client.APIError
	if !isStatus(err, 422) || !errorsAs(err, &apiErr) || !strings.Contains(apiErr.Message(), "eventName") {
		t.Errorf("bad eventName: want a 422 naming eventName, got %v", err)
	}
}

// TestTriggerPageViewSendsTheLocation: the page-visit trigger succeeds and carries
// the locationId in its query.
func TestTriggerPageViewSendsTheLocation(t *testing.T) {
	c, sb := newTestClient(t, sandbox.Options{})
	ctx := ctxT(t)

	list, _, _ := c.ListFunnels(ctx, client.ListFunnelsParams{Limit: 1})
	f := list.Funnels[0]
	tr, resp, err := c.TriggerPageView(ctx, "", client.PageViewRequest{FunnelID: f.ID, StepID: f.Steps[0].ID, PageURL: f.Steps[0].URL})
	if err != nil || resp.StatusCode != 200 || !tr.Success {
		t.Fatalf("trigger: %+v %v", tr, err)
	}
	for _, r := range sb.Server.Requests() {
		if r.Path == "/funnels/page/view/workflow/trigger" && !strings.Contains(r.Query, "locationId=") {
			t.Errorf("trigger sent no locationId: %q", r.Query)
		}
	}
}
