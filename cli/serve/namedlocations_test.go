package serve

import (
	"errors"
	"net/url"
	"testing"

	"github.com/funnelsdev/funnels/cli/auditlog"
	"github.com/funnelsdev/funnels/client"
)

// Every place a request can name a sub-account is found: the query (any case, a
// list), the body at any depth (one or many), the path of a route that takes one.
func TestNamedLocations(t *testing.T) {
	got := namedLocations("/social-media-posting/oauth/PATHLOC/google/accounts/a1",
		url.Values{"LocationId": {"Q1,Q2"}, "limit": {"10"}},
		[]byte(`{"name":"x","locationId":"B1","steps":[{"location_id":"B2"}],"meta":{"locationIds":["B3","B4"]},"other":"NOTLOC"}`))
	for _, want := range []string{"PATHLOC", "Q1", "Q2", "B1", "B2", "B3", "B4"} {
		if _, ok := got[want]; !ok {
			t.Errorf("%s not found in %v", want, got)
		}
	}
	if len(got) != 7 {
		t.Errorf("found %v, want those 7 only", got)
	}
	if n := namedLocations("/funnels/funnel/list", nil, []byte(`not json`)); len(n) != 0 {
		t.Errorf("a request naming none: %v", n)
	}
}

// A request naming a sub-account the person was not granted is refused before it
// is sent, whatever the client's own sub-account; one naming only granted ones goes.
func TestGateRefusesARequestNamingAnotherSubAccount(t *testing.T) {
	g := newGate(newPool(auditlog.Open(t.TempDir())), &Person{Name: "bob", Grants: map[string]Role{"LOC1": RoleWrite, "LOC2": RoleRead}}, "SHA256:x", "s1")
	for _, c := range []struct {
		path  string
		query url.Values
		body  string
		ok    bool
	}{
		{"/funnels/lookup/redirect", url.Values{"locationId": {"LOC1"}}, `{"locationId":"LOC1"}`, true},
		{"/funnels/lookup/redirect", nil, `{"locationId":"LOC2"}`, true},
		{"/funnels/lookup/redirect", nil, `{"locationId":"LOC3"}`, false},
		{"/funnels/funnel/list", url.Values{"locationId": {"LOC3"}}, ``, false},
		{"/funnels/lookup/redirect", url.Values{"locationId": {"LOC1"}}, `{"data":[{"LocationID":"LOC9"}]}`, false},
		{"/social-media-posting/oauth/LOC3/google/accounts/x", nil, ``, false},
		{"/locations/LOC1", nil, ``, true},
		{"/locations/LOC3", nil, ``, false},
	} {
		err := g.grantedOnly("POST", c.path, c.query, []byte(c.body))
		if c.ok != (err == nil) || err != nil && !errors.Is(err, client.ErrWrongLocation) {
			t.Errorf("%s %v %s: %v", c.path, c.query, c.body, err)
		}
	}
}
