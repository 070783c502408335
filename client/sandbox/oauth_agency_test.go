package sandbox

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// agencyToken signs in at agency level (user_type=Company) and returns the token answer.
func agencyToken(t *testing.T, o *oauthClient) map[string]any {
	t.Helper()
	code := o.code("", "st")
	status, tok, _ := o.token(url.Values{"grant_type": {"authorization_code"}, "code": {code},
		"redirect_uri": {redirectURI}, "user_type": {"Company"}})
	if status != 200 {
		t.Fatalf("agency exchange: %d %v", status, tok)
	}
	return tok
}

// mint posts to /oauth/locationToken with token as bearer.
func mint(t *testing.T, c *tc, form url.Values) *resp {
	t.Helper()
	return c.do(http.MethodPost, "/oauth/locationToken", form.Encode(), "Content-Type", "application/x-www-form-urlencoded")
}

func installedPath(query string) string {
	return "/oauth/installedLocations?companyId=" + seedCompanyID + "&appId=sandbox&" + query
}

func TestAgencySignInListsAndMints(t *testing.T) {
	r := startT(t, Options{AccessTokenTTL: time.Hour})
	o := newOAuth(t, r)
	tok := agencyToken(t, o)
	if tok["userType"] != "Company" || tok["locationId"] != nil || tok["companyId"] != seedCompanyID || tok["refresh_token"] == "" {
		t.Fatalf("agency token answer: %v", tok)
	}
	if approved, _ := tok["approvedLocations"].([]any); len(approved) != 3 {
		t.Fatalf("approvedLocations = %v, want the 3 installed", tok["approvedLocations"])
	}
	agency := newTC(t, r).as(tok["access_token"].(string))

	// The agency token is not a location token.
	agency.get("/funnels/funnel/list?limit=5").wantError(t, 403, "agency token cannot act for a location")

	var list struct {
		Locations []locationRecord `json:"locations"`
		Count     int              `json:"count"`
	}
	agency.get(installedPath("isInstalled=true")).hasStatus(t, 200).into(t, &list)
	var names []string
	for _, l := range list.Locations {
		names = append(names, l.Name)
		if !l.IsInstalled {
			t.Errorf("%s listed as not installed under isInstalled=true", l.Name)
		}
	}
	if list.Count != 3 || strings.Join(names, ",") != "Lakeside Fit,Riverside Boxing Club,Summit Strength" {
		t.Fatalf("installed: %d %v", list.Count, names)
	}
	agency.get(installedPath("")).hasStatus(t, 200).into(t, &list)
	if list.Count != 4 {
		t.Fatalf("every location: %d", list.Count)
	}
	agency.get(installedPath("isInstalled=false")).hasStatus(t, 200).into(t, &list)
	if list.Count != 1 || list.Locations[0].ID != harborLocationID {
		t.Fatalf("not installed: %+v", list)
	}
	agency.get(installedPath("query=SUMMIT")).hasStatus(t, 200).into(t, &list)
	if list.Count != 1 || list.Locations[0].ID != summitLocationID {
		t.Fatalf("query: %+v", list)
	}
	agency.get(installedPath("skip=1&limit=2")).hasStatus(t, 200).into(t, &list)
	if list.Count != 4 || len(list.Locations) != 2 || list.Locations[0].Name != "Lakeside Fit" || list.Locations[1].Name != "Riverside Boxing Club" {
		t.Fatalf("skip/limit: %+v", list)
	}
	agency.get("/oauth/installedLocations?appId=sandbox").wantError(t, 422, "companyId should not be empty")
	agency.get("/oauth/installedLocations?companyId="+seedCompanyID).wantError(t, 422, "appId should not be empty")
	agency.get("/oauth/installedLocations?companyId=other&appId=sandbox").wantError(t, 403, "company")
	agency.get("/oauth/installedLocations?companyId="+seedCompanyID+"&appId=nope").wantError(t, 404, "app")

	// Mint a token for the second gym: it sees that gym's funnels, not the first's.
	m := mint(t, agency, url.Values{"companyId": {seedCompanyID}, "locationId": {summitLocationID}}).hasStatus(t, 200).obj(t)
	if m["locationId"] != summitLocationID || m["refresh_token"] != nil || m["expires_in"] != float64(3600) || m["token_type"] != "Bearer" {
		t.Fatalf("minted: %v", m)
	}
	summitAPI := newTC(t, r).as(m["access_token"].(string))
	var funnels struct {
		Funnels []funnelRec `json:"funnels"`
		Count   int         `json:"count"`
	}
	summitAPI.get("/funnels/funnel/list?limit=100&locationId="+summitLocationID).hasStatus(t, 200).into(t, &funnels)
	if funnels.Count != 6 || funnels.Funnels[0].LocationID != summitLocationID {
		t.Fatalf("summit funnels: %d %+v", funnels.Count, funnels.Funnels)
	}
	summitAPI.get("/funnels/funnel/list?limit=100&locationId="+seedLocationID).wantError(t, 403, "location")
	// A location token cannot mint.
	mint(t, summitAPI, url.Values{"companyId": {seedCompanyID}, "locationId": {riversideLocationID}}).wantError(t, 401, "agency")

	mint(t, agency, url.Values{"companyId": {seedCompanyID}, "locationId": {harborLocationID}}).wantError(t, 403, "not installed")
	mint(t, agency, url.Values{"companyId": {seedCompanyID}, "locationId": {"NoSuchLocation000000"}}).wantError(t, 404, "location")
	mint(t, agency, url.Values{"companyId": {seedCompanyID}}).wantError(t, 422, "locationId should not be empty")
	agency.do(http.MethodPost, "/oauth/locationToken", map[string]any{"companyId": seedCompanyID}).wantError(t, 400, "form")
	agency.do(http.MethodGet, "/oauth/locationToken", nil).hasStatus(t, 405)
	newTC(t, r).as("").get(installedPath("")).wantError(t, 401, "Invalid JWT")
	agency.do(http.MethodGet, installedPath(""), nil, "Version", "").wantError(t, 400, "Version")

	// Expired: the minted token answers "Token expired" like any other.
	r.Server.ExpireAccessTokens()
	summitAPI.get("/funnels/funnel/list?limit=1").wantError(t, 401, "Token expired")
	agency.get(installedPath("")).wantError(t, 401, "Token expired")
}

// The agency's refresh token rotates like a location's, and stays an agency grant.
func TestAgencyRefreshKeepsUserType(t *testing.T) {
	r := startT(t, Options{})
	o := newOAuth(t, r)
	tok := agencyToken(t, o)
	rt := tok["refresh_token"].(string)
	if status, m, _ := o.token(url.Values{"grant_type": {"refresh_token"}, "refresh_token": {rt}, "user_type": {"Location"}}); status != 400 || m["error"] != "invalid_request" {
		t.Fatalf("refresh as Location: %d %v", status, m)
	}
	status, m, _ := o.token(url.Values{"grant_type": {"refresh_token"}, "refresh_token": {rt}, "user_type": {"Company"}})
	if status != 200 || m["userType"] != "Company" || m["refresh_token"] == rt {
		t.Fatalf("refresh: %d %v", status, m)
	}
	newTC(t, r).as(m["access_token"].(string)).get(installedPath("")).hasStatus(t, 200)
}

// The limit is per app and sub-account: two gyms' tokens of one app count apart,
// two tokens of one app for one gym count together.
func TestRateBucketPerLocation(t *testing.T) {
	r := startT(t, Options{Limit: 3, Window: time.Minute})
	o := newOAuth(t, r)
	agency := newTC(t, r).as(agencyToken(t, o)["access_token"].(string))
	token := func(loc string) *tc {
		m := mint(t, agency, url.Values{"companyId": {seedCompanyID}, "locationId": {loc}}).hasStatus(t, 200).obj(t)
		return newTC(t, r).as(m["access_token"].(string))
	}
	summitA, summitB, riverside := token(summitLocationID), token(summitLocationID), token(riversideLocationID)
	if got := summitA.get("/funnels/funnel/list?limit=1").hasStatus(t, 200).header1("X-RateLimit-Remaining"); got != "2" {
		t.Fatalf("first summit call: remaining %s", got)
	}
	if got := summitB.get("/funnels/funnel/list?limit=1").hasStatus(t, 200).header1("X-RateLimit-Remaining"); got != "1" {
		t.Fatalf("second summit token shares the bucket: remaining %s", got)
	}
	if got := riverside.get("/funnels/funnel/list?limit=1").hasStatus(t, 200).header1("X-RateLimit-Remaining"); got != "2" {
		t.Fatalf("riverside has its own bucket: remaining %s", got)
	}
	summitA.get("/funnels/funnel/list?limit=1").hasStatus(t, 200)
	summitB.get("/funnels/funnel/list?limit=1").hasStatus(t, 429)
	riverside.get("/funnels/funnel/list?limit=1").hasStatus(t, 200)
}

// Every installed sub-account has a static demo token of its own, which reads and
// writes that sub-account's data only.
func TestSubAccountDemoTokens(t *testing.T) {
	r := startT(t, Options{})
	subs := r.Server.SubAccounts()
	if len(subs) != 4 || subs[0].ID != r.Server.LocationID() || subs[0].DemoToken != r.Server.DemoToken() {
		t.Fatalf("sub-accounts: %+v", subs)
	}
	counts := map[string]int{}
	for _, sub := range subs {
		if !sub.Installed {
			if sub.DemoToken != "" {
				t.Fatalf("%s is not installed but has a token", sub.Name)
			}
			continue
		}
		c := newTC(t, r).as(sub.DemoToken)
		var list struct {
			Funnels []funnelRec `json:"funnels"`
			Count   int         `json:"count"`
		}
		c.get("/funnels/funnel/list?limit=100").hasStatus(t, 200).into(t, &list)
		for _, f := range list.Funnels {
			if f.LocationID != sub.ID {
				t.Fatalf("%s serves %s of %s", sub.Name, f.Name, f.LocationID)
			}
		}
		counts[sub.ID] = list.Count
		c.post("/funnels/funnel/folder/create", map[string]any{"locationId": sub.ID, "name": "New " + sub.Name, "type": "funnel"}).hasStatus(t, 201)
	}
	if counts[seedLocationID] != 25 || counts[summitLocationID] != 6 || counts[riversideLocationID] != 4 {
		t.Fatalf("funnels per sub-account: %v", counts)
	}
	// A write in one sub-account shows there only.
	body := newTC(t, r).get("/funnels/funnel/folder/entities").hasStatus(t, 200).String()
	if !strings.Contains(body, "New Lakeside Fit") || strings.Contains(body, "New Summit Strength") {
		t.Fatalf("the first sub-account's root holds another's folder: %s", body)
	}
}

// On the public surface the agency routes want their oauth scopes, as the service does.
func TestAgencyRoutesCheckScopesOnThePublicSurface(t *testing.T) {
	r := startT(t, Options{Surface: SurfacePublic})
	agency := newTC(t, r).as(agencyToken(t, newOAuth(t, r))["access_token"].(string)) // asked for funnels scopes only
	agency.get(installedPath("")).wantError(t, 401, "not authorized for this scope")
	mint(t, agency, url.Values{"companyId": {seedCompanyID}, "locationId": {summitLocationID}}).wantError(t, 401, "not authorized for this scope")
}
