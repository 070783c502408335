package sandbox

import (
	"slices"
	"strings"
	"testing"
)

const newStepID = "3f0c8a52-1b7d-4e6a-9c2f-5d8e7b6a4c31"

func TestCreateStep(t *testing.T) {
	r := startT(t, Options{})
	c := newTC(t, r)
	f := funnelByName(t, c, "Referral Rewards")
	body := func(step any) map[string]any {
		return map[string]any{"funnelId": f.ID, "step": step}
	}
	step := map[string]any{"id": newStepID, "name": "Bonus Offer", "url": "/referral-bonus", "type": "upsell_funnel_page", "pages": []string{}, "sequence": 3}

	for name, tc := range map[string]struct {
		body any
		want string
	}{
		"step not an object": {body(5), "step must be an object"},
		"step missing":       {map[string]any{"funnelId": f.ID}, "step must be an object"},
		"id not a uuid":      {body(with(step, "id", "1234")), "step.id must be a UUID"},
		"name empty":         {body(with(step, "name", " ")), "step.name should not be empty"},
		"bad url":            {body(with(step, "url", "/Has Spaces")), "step.url must match ^/[a-z0-9_/-]*$"},
		"url without slash":  {body(with(step, "url", "bonus")), "step.url must match"},
		"unknown type":       {body(with(step, "type", "order_page")), "step.type must be one of: optin_funnel_page"},
		"name wrong type":    {body(with(step, "name", 7)), "step.name must be a string"},
		"url used":           {body(with(step, "url", "/referral-rewards-opt-in")), "step.url is already used in this funnel"},
		"no funnelId":        {map[string]any{"step": step}, "funnelId should not be empty"},
	} {
		t.Run(name, func(t *testing.T) { c.post("/funnels/funnel/create-step", tc.body).wantError(t, 422, tc.want) })
	}
	c.post("/funnels/funnel/create-step", map[string]any{"funnelId": "nope", "step": step}).wantError(t, 404, "Funnel not found")

	res := c.post("/funnels/funnel/create-step", body(step)).hasStatus(t, 201).obj(t)
	if res["success"] != true {
		t.Fatalf("answer %v", res)
	}
	c.post("/funnels/funnel/create-step", body(with(step, "url", "/other"))).wantError(t, 422, "step.id is already used")

	// Visible in the funnel, with a first page, and in /funnels/page.
	after := funnelByName(t, c, "Referral Rewards")
	st := after.Steps[len(after.Steps)-1]
	if len(after.Steps) != 3 || st.ID != newStepID || st.Sequence != 3 || st.Name != "Bonus Offer" || len(st.Pages) != 1 || st.ControlTraffic != 100 {
		t.Fatalf("new step %+v", st)
	}
	var pages []wirePage
	c.get("/funnels/page?funnelId="+f.ID+"&stepId="+st.ID).hasStatus(t, 200).into(t, &pages)
	if len(pages) != 1 || pages[0].ID != st.Pages[0] || pages[0].Name != "Bonus Offer" || pages[0].Deleted {
		t.Fatalf("first page %+v", pages)
	}
	c.get("/funnels/page/"+st.Pages[0]).hasStatus(t, 200)
	// The path is now taken.
	if m := c.get("/funnels/funnel/funnel-step-page-url?path=/referral-bonus&funnelId=" + f.ID).obj(t); m["uniqueUrl"] == "/referral-bonus" {
		t.Fatal("new step path still free")
	}
}

// with returns a copy of m with k set to v.
func with(m map[string]any, k string, v any) map[string]any {
	out := map[string]any{}
	for key, val := range m {
		out[key] = val
	}
	out[k] = v
	return out
}

func TestCreateFolder(t *testing.T) {
	clock := newFakeClock()
	c := newTC(t, startT(t, Options{Now: clock.Now}))
	c.post("/funnels/funnel/folder/create", map[string]any{"type": "funnel"}).wantError(t, 422, "name should not be empty")
	res := c.post("/funnels/funnel/folder/create", map[string]any{"name": "", "type": "blog"})
	res.wantError(t, 422, "name should not be empty")
	res.wantError(t, 422, "type must be one of: funnel, website")

	m := c.post("/funnels/funnel/folder/create", map[string]any{"locationId": seedLocationID, "name": "Summer 2026", "type": "funnel", "userId": seedUserID}).
		hasStatus(t, 201).obj(t)
	id, _ := m["_id"].(string)
	if !idRe.MatchString(id) || m["name"] != "Summer 2026" || m["category"] != "folder" || m["type"] != "funnel" ||
		m["locationId"] != seedLocationID || m["dateAdded"] != "2026-04-01T12:00:00.000Z" || m["parentId"] != nil {
		t.Fatalf("folder %v", m)
	}
	var out struct {
		Entities []map[string]any `json:"entities"`
	}
	c.get("/funnels/funnel/folder/entities").hasStatus(t, 200).into(t, &out)
	if !slices.ContainsFunc(out.Entities, func(e map[string]any) bool { return e["_id"] == id }) {
		t.Fatal("new folder not in the root entities")
	}
	c.get("/funnels/funnel/folder/entities?parentId="+id).hasStatus(t, 200).into(t, &out)
	if len(out.Entities) != 0 {
		t.Fatalf("new folder not empty: %v", out.Entities)
	}
}

func TestAttachDomain(t *testing.T) {
	c := newTC(t, startT(t, Options{}))
	for _, bad := range []string{"https://shop.example.com", "shop.example.com:8080", "shop.example.com/path", "localhost",
		"-bad.example.com", "bad..example.com", "shop_1.example.com", "10.0.0.1", strings.Repeat("a", 64) + ".com"} {
		c.post("/funnels/domain/attach-domain", map[string]any{"locationId": seedLocationID, "domain": bad}).
			wantError(t, 422, "domain must be a valid host name")
	}
	c.post("/funnels/domain/attach-domain", map[string]any{}).wantError(t, 422, "domain should not be empty")
	c.post("/funnels/domain/attach-domain", map[string]any{"domain": "join.lakesidefit.com"}).wantError(t, 422, "domain is already attached")

	m := c.post("/funnels/domain/attach-domain", map[string]any{"locationId": seedLocationID, "domain": "Shop.LakesideFit.com"}).hasStatus(t, 201).obj(t)
	if m["url"] != "shop.lakesidefit.com" || m["attached"] != true || m["deleted"] != false || m["defaultPage"] != "" || m["locationId"] != seedLocationID {
		t.Fatalf("domain %v", m)
	}
	got := c.get("/funnels/lookup/funnel-with-domain?domain=shop.lakesidefit.com").hasStatus(t, 200).obj(t)
	if got["domain"].(map[string]any)["_id"] != m["_id"] || len(got["funnels"].([]any)) != 0 {
		t.Fatalf("attached domain not visible: %v", got)
	}
	c.post("/funnels/domain/attach-domain", map[string]any{"domain": "shop.lakesidefit.com"}).wantError(t, 422, "already attached")
}

func TestArchiveRestoreAndEndSplit(t *testing.T) {
	r := startT(t, Options{})
	c := newTC(t, r)
	const path = "/funnels/funnel/update-funnel-and-page"
	f := funnelByName(t, c, "Q3 Launch: Bootcamp Series")
	var split wireStep
	for _, st := range f.Steps {
		if st.Split {
			split = st
		}
	}
	control, variation := split.Pages[0], split.Pages[1]
	other := f.Steps[0]

	// Validation and lookups.
	c.post(path, map[string]any{}).wantError(t, 422, "funnelId should not be empty")
	c.post(path, map[string]any{"funnelId": f.ID}).wantError(t, 422, "one of archivePageId, restoreArchivePageId or restorePageId")
	c.post(path, map[string]any{"funnelId": f.ID, "archivePageId": variation}).wantError(t, 422, "stepId should not be empty")
	c.post(path, map[string]any{"funnelId": f.ID, "stepId": split.ID, "archivePageId": variation}).wantError(t, 422, "funnelStepDetails.pages")
	c.post(path, map[string]any{"funnelId": f.ID, "stepId": split.ID, "archivePageId": variation,
		"funnelStepDetails": map[string]any{"pages": []string{control}, "control_traffic": 101}}).wantError(t, 422, "must not be greater than 100")
	c.post(path, map[string]any{"funnelId": f.ID, "stepId": split.ID, "archivePageId": variation,
		"funnelStepDetails": map[string]any{"pages": "x"}}).wantError(t, 422, "funnelStepDetails.pages must be")
	c.post(path, map[string]any{"funnelId": "nope", "stepId": split.ID, "archivePageId": variation,
		"funnelStepDetails": map[string]any{"pages": []string{control}}}).wantError(t, 404, "Funnel not found")
	c.post(path, map[string]any{"funnelId": f.ID, "stepId": split.ID, "archivePageId": "nope",
		"funnelStepDetails": map[string]any{"pages": []string{control}}}).wantError(t, 404, "Page not found")
	c.post(path, map[string]any{"funnelId": f.ID, "stepId": other.ID, "archivePageId": variation,
		"funnelStepDetails": map[string]any{"pages": []string{}}}).wantError(t, 422, "archivePageId must be a page of stepId")
	c.post(path, map[string]any{"funnelId": f.ID, "stepId": other.ID, "archivePageId": other.Pages[0],
		"funnelStepDetails": map[string]any{"pages": []string{}}}).wantError(t, 422, "only live page")
	c.post(path, map[string]any{"funnelId": f.ID, "stepId": split.ID, "archivePageId": variation,
		"funnelStepDetails": map[string]any{"pages": []string{control, variation}}}).wantError(t, 422, "pages left in the step")

	// End the split test: the variation loses.
	c.post(path, map[string]any{"funnelId": f.ID, "locationId": seedLocationID, "stepId": split.ID, "archivePageId": variation,
		"funnelStepDetails": map[string]any{"stepId": split.ID, "pages": []string{control}, "split": false, "control_traffic": 100}}).
		hasStatus(t, 201)
	after := funnelByName(t, c, f.Name)
	st := after.Steps[split.Sequence-1]
	if st.Split || st.ControlTraffic != 100 || !slices.Equal(st.Pages, []string{control}) {
		t.Fatalf("after ending the split: %+v", st)
	}
	var p wirePage
	c.get("/funnels/page/"+variation).hasStatus(t, 200).into(t, &p)
	if !p.Deleted {
		t.Fatal("loser not archived")
	}
	m := c.get("/funnels/funnel/list?name=Bootcamp").obj(t)
	raw := m["funnels"].([]any)[0].(map[string]any)["steps"].([]any)[split.Sequence-1].(map[string]any)
	if raw["split_ended_at"] == nil {
		t.Fatalf("split_ended_at not set: %v", raw)
	}
	c.post(path, map[string]any{"funnelId": f.ID, "stepId": split.ID, "archivePageId": variation,
		"funnelStepDetails": map[string]any{"pages": []string{control}}}).wantError(t, 422, "already archived")

	// Restore it (both spellings of the field), then archive again.
	c.post(path, map[string]any{"funnelId": f.ID, "restoreArchivePageId": control}).wantError(t, 422, "not archived")
	c.post(path, map[string]any{"funnelId": f.ID, "stepId": other.ID, "restoreArchivePageId": variation}).wantError(t, 422, "must be a page of stepId")
	c.post(path, map[string]any{"funnelId": f.ID, "restoreArchivePageId": variation, "restorePageId": control}).wantError(t, 422, "same page")
	c.post(path, map[string]any{"funnelId": f.ID, "stepId": split.ID, "restorePageId": variation}).hasStatus(t, 201)
	st = funnelByName(t, c, f.Name).Steps[split.Sequence-1]
	if !slices.Equal(st.Pages, []string{control, variation}) || st.Split {
		t.Fatalf("after restore: %+v", st)
	}
	c.get("/funnels/page/"+variation).hasStatus(t, 200).into(t, &p)
	if p.Deleted {
		t.Fatal("restored page still archived")
	}
	c.post(path, map[string]any{"funnelId": f.ID, "stepId": split.ID, "archivePageId": control,
		"funnelStepDetails": map[string]any{"pages": []string{variation}}}).hasStatus(t, 201)
	c.post(path, map[string]any{"funnelId": f.ID, "restoreArchivePageId": control,
		"funnelStepDetails": map[string]any{"pages": []string{variation}}}).wantError(t, 422, "after the restore")
	c.post(path, map[string]any{"funnelId": f.ID, "restoreArchivePageId": control,
		"funnelStepDetails": map[string]any{"pages": []string{variation, control}}}).hasStatus(t, 201)
}

func TestConversion(t *testing.T) {
	c := newTC(t, startT(t, Options{})).as("")
	const path = "/funnels/event/conversion"
	good := map[string]any{"eventName": "Purchase", "eventId": "evt-1", "url": "https://offers.lakesidefit.com/spring-sale",
		"currency": "USD", "value": "49.00", "pxp": "fb.1.2.3",
		"contact": map[string]any{"email": "jo@example.com", "firstName": "Jo", "dateOfBirth": "1990-05-17"}}
	m := c.post(path, good).hasStatus(t, 200).obj(t)
	if m["success"] != true || m["eventId"] != "evt-1" {
		t.Fatalf("answer %v", m)
	}
	m = c.post(path, with(good, "eventId", nil)).hasStatus(t, 200).obj(t)
	if id, _ := m["eventId"].(string); !isUUIDv4(id) {
		t.Fatalf("generated eventId %v", m["eventId"])
	}
	for name, tc := range map[string]struct {
		body any
		want string
	}{
		"unknown eventName": {with(good, "eventName", "Sale"), "eventName must be one of: PageView, Purchase"},
		"missing eventName": {with(good, "eventName", nil), "eventName must be one of"},
		"missing contact":   {with(good, "contact", nil), "contact should not be empty"},
		"contact a string":  {with(good, "contact", "jo"), "contact must be an object"},
		"bad email":         {with(good, "contact", map[string]any{"email": "jo@"}), "contact.email must be an email"},
		"bad date of birth": {with(good, "contact", map[string]any{"dateOfBirth": "17/05/1990"}), "contact.dateOfBirth must be a valid ISO 8601"},
		"value a number":    {with(good, "value", 49), "value must be a string"},
		"bad currency":      {with(good, "currency", "US"), "currency must be a 3-letter"},
		"url a number":      {with(good, "url", 5), "url must be a string"},
	} {
		t.Run(name, func(t *testing.T) { c.post(path, tc.body).wantError(t, 422, tc.want) })
	}
	c.post(path, "").wantError(t, 422, "contact should not be empty")
	c.post(path, `{"eventName":`).wantError(t, 400, "Unexpected token")
}

func TestLookupMultiple(t *testing.T) {
	c := newTC(t, startT(t, Options{}))
	const path = "/funnels/lookup/multiple"
	var out struct {
		Lookups []map[string]any `json:"lookups"`
	}
	c.post(path, map[string]any{"lookups": []map[string]any{
		{"target": "/spring-sale-opt-in", "action": "publish"},
		{"target": "/spring-sale-sales", "action": "unpublish"},
		{"target": "/old", "action": "redirect"},
	}}).hasStatus(t, 201).into(t, &out)
	if len(out.Lookups) != 3 {
		t.Fatalf("rows %v", out.Lookups)
	}
	want := [][2]string{{"published", "page"}, {"draft", "page"}, {"published", "redirect"}}
	for i, row := range out.Lookups {
		if id, _ := row["lookupId"].(string); !idRe.MatchString(id) || row["publishStatus"] != want[i][0] || row["type"] != want[i][1] {
			t.Fatalf("row %d: %v", i, row)
		}
	}
	c.post(path, map[string]any{"anything": true}).hasStatus(t, 201).into(t, &out)
	if out.Lookups == nil || len(out.Lookups) != 0 {
		t.Fatalf("no lookups: %v", out.Lookups)
	}
	c.post(path, `[]`).wantError(t, 400, "body must be a JSON object")
	c.post(path, map[string]any{"lookups": "x"}).wantError(t, 422, "lookups must be an array")
	c.post(path, map[string]any{"lookups": []map[string]any{{"target": "/x", "action": "delete"}}}).
		wantError(t, 422, "lookups.0.action must be one of: publish, unpublish, redirect")
}

func TestWorkflowTrigger(t *testing.T) {
	c := newTC(t, startT(t, Options{}))
	const path = "/funnels/page/view/workflow/trigger"
	f := funnelByName(t, c, "Free Workout Guide")
	ok := map[string]any{"funnelId": f.ID, "stepId": f.Steps[0].ID, "pageUrl": f.Steps[0].URL}
	m := c.post(path+"?locationId="+seedLocationID, ok).hasStatus(t, 200).obj(t)
	if m["success"] != true || m["message"] != "Workflow triggered" {
		t.Fatalf("answer %v", m)
	}
	c.post(path, with(ok, "locationId", seedLocationID)).hasStatus(t, 200)
	c.post(path, with(ok, "locationId", "Other")).wantError(t, 403, "does not have access")
	c.post(path+"?locationId=Other", ok).wantError(t, 403, "does not have access")
	c.post(path, map[string]any{}).wantError(t, 422, "stepId should not be empty")
	c.post(path, with(ok, "pageUrl", "free")).wantError(t, 422, "pageUrl must start with /")
	c.post(path, with(ok, "funnelId", "nope")).wantError(t, 404, "Funnel not found")
	c.post(path, with(ok, "stepId", "nope")).wantError(t, 404, "Step not found")
}

func TestSocialAccounts(t *testing.T) {
	c := newTC(t, startT(t, Options{}))
	base := "/social-media-posting/oauth/" + seedLocationID + "/"
	m := c.post(base+"facebook/accounts/acc-1", map[string]any{"originId": "o1", "name": "Lakeside Fit", "type": "page"}).hasStatus(t, 201).obj(t)
	res, _ := m["results"].(map[string]any)
	if m["success"] != true || m["statusCode"] != float64(201) || m["message"] != "Accounts attached" ||
		res["platform"] != "facebook" || res["accountId"] != "acc-1" || res["locationId"] != seedLocationID || res["name"] != "Lakeside Fit" {
		t.Fatalf("answer %v", m)
	}
	c.post(base+"myspace/accounts/acc-1", map[string]any{}).wantError(t, 422, "platform must be one of: facebook, instagram")
	c.post(base+"instagram/accounts/acc-1", map[string]any{"name": "x"}).wantError(t, 422, "pageId should not be empty")
	c.post(base+"instagram/accounts/acc-1", map[string]any{"pageId": "p1"}).hasStatus(t, 201)
	c.post("/social-media-posting/oauth/Other/facebook/accounts/acc-1", map[string]any{}).wantError(t, 403, "does not have access")
	c.post(base+"facebook/accounts/acc-1", `"x"`).wantError(t, 400, "body must be a JSON object")
	c.get(base+"facebook/accounts/acc-1").wantError(t, 405, "Cannot GET")
}
