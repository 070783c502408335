package sandbox

import (
	"net/url"
	"slices"
	"strings"
	"testing"
)

type wireFunnel struct {
	ID         string     `json:"_id"`
	Name       string     `json:"name"`
	Type       string     `json:"type"`
	Category   string     `json:"category"`
	ParentID   string     `json:"parentId"`
	DomainID   string     `json:"domainId"`
	DomainName string     `json:"domainName"`
	LocationID string     `json:"locationId"`
	Steps      []wireStep `json:"steps"`
}

type wireStep struct {
	ID             string   `json:"id"`
	Name           string   `json:"name"`
	URL            string   `json:"url"`
	Pages          []string `json:"pages"`
	Sequence       int      `json:"sequence"`
	Split          bool     `json:"split"`
	ControlTraffic int      `json:"control_traffic"`
}

type wirePage struct {
	ID          string `json:"_id"`
	FunnelID    string `json:"funnelId"`
	StepID      string `json:"stepId"`
	Name        string `json:"name"`
	Deleted     bool   `json:"deleted"`
	PageVersion int    `json:"pageVersion"`
	Sections    int    `json:"sections"`
}

func TestFunnelList(t *testing.T) {
	c := newTC(t, startT(t, Options{}))
	var out struct {
		Funnels []wireFunnel `json:"funnels"`
		Count   int          `json:"count"`
	}
	c.get("/funnels/funnel/list").hasStatus(t, 200).into(t, &out)
	if out.Count != 25 || len(out.Funnels) != 10 {
		t.Fatalf("default page: count %d, %d funnels", out.Count, len(out.Funnels))
	}
	if !slices.IsSortedFunc(out.Funnels, func(a, b wireFunnel) int { return strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)) }) {
		t.Fatal("not sorted by name")
	}
	f := out.Funnels[0]
	if f.Category != "funnel" || f.LocationID != seedLocationID || len(f.Steps) == 0 || f.Steps[0].Sequence != 1 {
		t.Fatalf("record %+v", f)
	}
	c.get("/funnels/funnel/list?offset=20&limit=10").hasStatus(t, 200).into(t, &out)
	if len(out.Funnels) != 5 || out.Count != 25 {
		t.Fatalf("last page: %d of %d", len(out.Funnels), out.Count)
	}
	c.get("/funnels/funnel/list?parentId=&limit=100").hasStatus(t, 200).into(t, &out)
	if out.Count != 5 {
		t.Fatalf("root funnels: %d", out.Count)
	}
	c.get("/funnels/funnel/list?name=q3+LAUNCH").hasStatus(t, 200).into(t, &out)
	if out.Count != 3 {
		t.Fatalf("name search: %d", out.Count)
	}
	c.get("/funnels/funnel/list?type=website").hasStatus(t, 200).into(t, &out)
	if out.Count != 2 {
		t.Fatalf("websites: %d", out.Count)
	}
	c.get("/funnels/funnel/list?limit=101").wantError(t, 422, "limit must not be greater than 100")
	c.get("/funnels/funnel/list?limit=abc").wantError(t, 422, "limit must be an integer number")
	c.get("/funnels/funnel/list?offset=-1").wantError(t, 422, "offset must not be less than 0")
}

func TestEntities(t *testing.T) {
	c := newTC(t, startT(t, Options{}))
	type entity struct {
		ID       string `json:"_id"`
		Name     string `json:"name"`
		Category string `json:"category"`
		ParentID string `json:"parentId"`
		Steps    []any  `json:"steps"`
	}
	var out struct {
		Entities []entity `json:"entities"`
		Count    int      `json:"count"`
	}
	c.get("/funnels/funnel/folder/entities").hasStatus(t, 200).into(t, &out)
	var names []string
	for _, e := range out.Entities {
		names = append(names, e.Category+":"+e.Name)
	}
	want := []string{"folder:Archive", "folder:Club Websites", "folder:Lead Generation", "folder:Product Launches", "folder:Webinars",
		"funnel:Free 7-Day Trial", "funnel:New Year Kickstart", "funnel:Personal Training Consult", "funnel:Referral Rewards", "funnel:Spring Sale 2026"}
	if !slices.Equal(names, want) || out.Count != len(want) {
		t.Fatalf("root entities:\n%v\nwant\n%v", names, want)
	}
	if out.Entities[5].Steps == nil {
		t.Fatal("funnel entities must be full funnel records")
	}
	launches := out.Entities[3].ID
	c.get("/funnels/funnel/folder/entities?parentId="+launches).hasStatus(t, 200).into(t, &out)
	names = names[:0]
	for _, e := range out.Entities {
		names = append(names, e.Name)
		if e.ParentID != launches {
			t.Fatalf("entity %s has parent %s", e.Name, e.ParentID)
		}
	}
	if !slices.Equal(names, []string{"Q3 Launch", "Q4 Holiday", "Lakeside App Beta", "Online Coaching Launch"}) {
		t.Fatalf("Product Launches holds %v", names)
	}
	c.get("/funnels/funnel/folder/entities?type=website").hasStatus(t, 200).into(t, &out)
	if out.Count != 1 || out.Entities[0].Name != "Club Websites" {
		t.Fatalf("website entities at the root: %+v", out.Entities)
	}
	c.get("/funnels/funnel/folder/entities?parentId=NoSuchFolder").wantError(t, 404, "Folder not found")
}

func funnelByName(t *testing.T, c *tc, name string) wireFunnel {
	t.Helper()
	var out struct {
		Funnels []wireFunnel `json:"funnels"`
	}
	c.get("/funnels/funnel/list?name="+url.QueryEscape(name)).hasStatus(t, 200).into(t, &out)
	for _, f := range out.Funnels {
		if f.Name == name {
			return f
		}
	}
	t.Fatalf("no funnel %q", name)
	return wireFunnel{}
}

func TestPages(t *testing.T) {
	c := newTC(t, startT(t, Options{}))
	f := funnelByName(t, c, "Summer Sale 2025") // 6 steps, 8 pages, 2 archived
	var pages []wirePage
	c.get("/funnels/page?funnelId="+f.ID).hasStatus(t, 200).into(t, &pages)
	if len(pages) != 8 {
		t.Fatalf("default limit: %d pages", len(pages))
	}
	archived := 0
	for _, p := range pages {
		if p.FunnelID != f.ID {
			t.Fatalf("page of another funnel: %+v", p)
		}
		if p.Deleted {
			archived++
		}
	}
	if archived != 2 {
		t.Fatalf("archived pages: %d", archived)
	}
	c.get("/funnels/page?limit=3&offset=6&funnelId="+f.ID).hasStatus(t, 200).into(t, &pages)
	if len(pages) != 2 {
		t.Fatalf("paged: %d", len(pages))
	}
	sales := f.Steps[1]
	c.get("/funnels/page?funnelId="+f.ID+"&stepId="+sales.ID).hasStatus(t, 200).into(t, &pages)
	if len(pages) != 2 || sales.Split || len(sales.Pages) != 1 {
		t.Fatalf("ended split step: %+v, pages %+v", sales, pages)
	}
	if m := c.get("/funnels/page/count?funnelId="+f.ID).hasStatus(t, 200).obj(t); m["count"] != float64(8) {
		t.Fatalf("count: %v", m)
	}
	if m := c.get("/funnels/page/count?funnelId="+f.ID+"&stepId="+sales.ID).hasStatus(t, 200).obj(t); m["count"] != float64(2) {
		t.Fatalf("step count: %v", m)
	}
	var one wirePage
	c.get("/funnels/page/"+sales.Pages[0]).hasStatus(t, 200).into(t, &one)
	if one.ID != sales.Pages[0] || one.StepID != sales.ID || one.Sections < 1 || one.PageVersion < 1 {
		t.Fatalf("page: %+v", one)
	}
	c.get("/funnels/page").wantError(t, 422, "funnelId should not be empty")
	c.get("/funnels/page/count").wantError(t, 422, "funnelId should not be empty")
	c.get("/funnels/page?funnelId="+f.ID+"&limit=21").wantError(t, 422, "limit must not be greater than 20")
	c.get("/funnels/page?funnelId=NoSuchFunnel").wantError(t, 404, "Funnel not found")
	c.get("/funnels/page?funnelId="+f.ID+"&stepId=nope").wantError(t, 404, "Step not found")
	c.get("/funnels/page/NoSuchPage").wantError(t, 404, "Page not found")
}

func TestSplitTestsInSeed(t *testing.T) {
	c := newTC(t, startT(t, Options{}))
	for name, want := range map[string]struct {
		step    string
		control int
	}{
		"Webinar: Grow Your Gym":       {"Registration", 50},
		"Q3 Launch: Bootcamp Series":   {"Sales Page", 70},
		"Black Friday 2025 Doorbuster": {"Order Form", 50},
	} {
		f := funnelByName(t, c, name)
		found := false
		for _, st := range f.Steps {
			if st.Split {
				found = st.Name == want.step && st.ControlTraffic == want.control && len(st.Pages) == 2
			}
		}
		if !found {
			t.Errorf("%s: no split on %s at %d", name, want.step, want.control)
		}
	}
}

func TestLookups(t *testing.T) {
	r := startT(t, Options{})
	c := newTC(t, r)

	var withDomain struct {
		Domain struct {
			ID       string `json:"_id"`
			URL      string `json:"url"`
			Attached bool   `json:"attached"`
		} `json:"domain"`
		Funnels []wireFunnel `json:"funnels"`
	}
	c.get("/funnels/lookup/funnel-with-domain?domain=offers.lakesidefit.com").hasStatus(t, 200).into(t, &withDomain)
	if !withDomain.Domain.Attached || withDomain.Domain.URL != "offers.lakesidefit.com" || len(withDomain.Funnels) != 4 {
		t.Fatalf("offers: %+v", withDomain)
	}
	for _, f := range withDomain.Funnels {
		if f.DomainID != withDomain.Domain.ID || f.DomainName != "offers.lakesidefit.com" {
			t.Fatalf("funnel %s not on the domain", f.Name)
		}
	}
	c.get("/funnels/lookup/funnel-with-domain?domain=kids.lakesidefit.com").hasStatus(t, 200).into(t, &withDomain)
	if len(withDomain.Funnels) != 0 || withDomain.Funnels == nil {
		t.Fatalf("unused domain: %+v", withDomain.Funnels)
	}
	c.get("/funnels/lookup/funnel-with-domain?domain=nope.example.com").wantError(t, 404, "Domain not found")
	c.get("/funnels/lookup/funnel-with-domain").wantError(t, 422, "domain should not be empty")

	m := c.get("/funnels/lookup/redirect/regex").hasStatus(t, 200).obj(t)
	if m["count"] != float64(4) || len(m["redirects"].([]any)) != 4 {
		t.Fatalf("redirects %v", m)
	}
	m = c.get("/funnels/lookup/redirect/regex?domain=offers.lakesidefit.com").hasStatus(t, 200).obj(t)
	first := m["redirects"].([]any)[0].(map[string]any)
	if m["count"] != float64(2) || first["regex"] != "^/old-(.*)$" || first["target"] != "/new-$1" || first["type"] != float64(301) {
		t.Fatalf("offers redirects %v", m)
	}

	m = c.get("/funnels/order-form/public/product").hasStatus(t, 200).obj(t)
	products := m["products"].([]any)
	p0 := products[0].(map[string]any)
	if len(products) != 8 || p0["price"] != 49.0 || p0["currency"] != "USD" || p0["type"] != "recurring" {
		t.Fatalf("products %v", m)
	}
	one := c.get("/funnels/order-form/public/product?productId="+p0["_id"].(string)).hasStatus(t, 200).obj(t)
	if one["product"].(map[string]any)["name"] != "Spring Sale Membership" {
		t.Fatalf("product %v", one)
	}
	c.get("/funnels/order-form/public/product?productId=nope").wantError(t, 404, "Product not found")

	geo := c.get("/funnels/funnel/geo-location").hasStatus(t, 200).obj(t)
	if geo["country"] != "US" || geo["ip"] != "127.0.0.1" || geo["timezone"] != "America/Los_Angeles" {
		t.Fatalf("geo %v", geo)
	}
	fonts := c.post("/funnels/custom-fonts", nil).hasStatus(t, 200).obj(t)["fonts"].([]any)
	if f0 := fonts[0].(map[string]any); len(fonts) != 4 || f0["name"] != "Montserrat" || f0["format"] != "woff2" || f0["fontFamily"] == nil {
		t.Fatalf("fonts %v", fonts)
	}
}

func TestStepPageURL(t *testing.T) {
	c := newTC(t, startT(t, Options{}))
	f := funnelByName(t, c, "Spring Sale 2026")
	check := func(query, want string) {
		t.Helper()
		m := c.get("/funnels/funnel/funnel-step-page-url?type=page&name=x&"+query).hasStatus(t, 200).obj(t)
		if m["ok"] != true || m["uniqueUrl"] != want {
			t.Fatalf("%s: %v, want %s", query, m, want)
		}
	}
	check("path=/brand-new&funnelId="+f.ID, "/brand-new")
	taken := "/spring-sale-opt-in"
	check("path="+taken+"&funnelId="+f.ID, taken+"-"+sixDigits(taken))
	check("path="+taken+"&domain=offers.lakesidefit.com", taken+"-"+sixDigits(taken))
	check("path="+taken+"&domain=join.lakesidefit.com", taken) // another domain: free
	check("path=/bootcamp-series-sales&domain=offers.lakesidefit.com", "/bootcamp-series-sales-"+sixDigits("/bootcamp-series-sales"))
	if s := sixDigits(taken); len(s) != 6 || s == sixDigits("/other") {
		t.Fatalf("sixDigits %q", s)
	}
	c.get("/funnels/funnel/funnel-step-page-url?name=x").wantError(t, 422, "path should not be empty")
	c.get("/funnels/funnel/funnel-step-page-url?path=nope").wantError(t, 422, "path must start with /")
	c.get("/funnels/funnel/funnel-step-page-url?path=/x&funnelId=nope").wantError(t, 404, "Funnel not found")
}
