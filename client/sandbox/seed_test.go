package sandbox

import (
	"bytes"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var idRe = regexp.MustCompile(`^[A-Za-z0-9]{20}$`)

func TestSeedShape(t *testing.T) {
	d := seeded()
	if got := len(d.folders); got != 9 {
		t.Errorf("folders = %d, want 9", got)
	}
	if got := len(d.funnels); got != 25 {
		t.Errorf("funnels = %d, want 25", got)
	}
	nested := 0
	folderByID := map[string]*folderRec{}
	for _, f := range d.folders {
		folderByID[f.ID] = f
	}
	for _, f := range d.folders {
		if p := folderByID[f.ParentID]; p != nil && p.ParentID != "" {
			nested++ // a grandchild: two levels below the root
		}
	}
	if nested == 0 {
		t.Error("no folder nested two levels deep")
	}
	steps, pages, archived, splits, root := 0, 0, 0, 0, 0
	ids := map[string]bool{}
	for _, f := range d.funnels {
		if !idRe.MatchString(f.ID) || ids[f.ID] {
			t.Errorf("funnel id %q is not a fresh 20-char id", f.ID)
		}
		ids[f.ID] = true
		if f.ParentID == "" {
			root++
		} else if folderByID[f.ParentID] == nil {
			t.Errorf("%s: unknown parent", f.Name)
		}
		if n := len(f.Steps); n < 2 || n > 8 {
			t.Errorf("%s has %d steps", f.Name, n)
		}
		urls := map[string]bool{}
		for i, st := range f.Steps {
			steps++
			if !isUUIDv4(st.ID) || st.Sequence != i+1 || !stepURLPattern().MatchString(st.URL) || urls[st.URL] {
				t.Errorf("%s step %d: id %q seq %d url %q", f.Name, i, st.ID, st.Sequence, st.URL)
			}
			urls[st.URL] = true
			if n := len(st.Pages); n < 1 || n > 2 {
				t.Errorf("%s / %s has %d pages", f.Name, st.Name, n)
			}
			if st.Split {
				splits++
				if len(st.Pages) != 2 || st.ControlTraffic == 100 || st.SplitStartedAt == nil {
					t.Errorf("%s / %s: bad split %+v", f.Name, st.Name, st)
				}
			}
			for _, id := range st.Pages {
				p := d.pageByID[id]
				if p == nil || p.Deleted || p.StepID != st.ID || p.FunnelID != f.ID {
					t.Errorf("%s / %s: page %s not a live page of the step", f.Name, st.Name, id)
				}
			}
		}
	}
	for _, p := range d.pages {
		pages++
		if p.Deleted {
			archived++
			f := d.funnel(p.FunnelID)
			for _, id := range f.step(p.StepID).Pages {
				if id == p.ID {
					t.Errorf("archived page %s is in step.pages", p.ID)
				}
			}
		}
	}
	if steps != 111 || pages != 120 || archived != 5 || splits != 3 || root != 5 {
		t.Errorf("steps %d pages %d archived %d splits %d root funnels %d; want 111 120 5 3 5", steps, pages, archived, splits, root)
	}
	used := map[string]bool{}
	for _, f := range d.funnels {
		if f.DomainID != "" {
			used[f.DomainID] = true
			if dom := d.domainByHost(f.DomainName); dom == nil || dom.ID != f.DomainID {
				t.Errorf("%s: domainName %q does not match domainId", f.Name, f.DomainName)
			}
		}
	}
	if len(d.domains) != 6 || len(used) != 4 {
		t.Errorf("domains %d, used %d; want 6 and 4", len(d.domains), len(used))
	}
	if len(d.products) < 3 || len(d.fonts) < 2 || len(d.redirects) < 2 {
		t.Error("products, fonts or redirects missing")
	}
	if len(d.urlRedirects) != 8 {
		t.Errorf("URL redirects = %d, want 8", len(d.urlRedirects))
	}
	hosts := map[string]int{}
	places := map[string]bool{}
	for _, r := range d.urlRedirects {
		if !idRe.MatchString(r.ID) || ids[r.ID] {
			t.Errorf("redirect id %q is not a fresh 20-char id", r.ID)
		}
		ids[r.ID] = true
		if d.domainByHost(r.Domain) == nil || r.LocationID != seedLocationID || r.PathLowercase != strings.ToLower(r.Path) ||
			!strings.HasPrefix(r.Path, "/") || !isWebAddress(r.Target) || !slices.Contains(redirectActions, r.Action) {
			t.Errorf("redirect %+v is not one the sandbox would accept", *r)
		}
		if places[r.Domain+r.PathLowercase] {
			t.Errorf("two redirects of %s%s", r.Domain, r.Path)
		}
		places[r.Domain+r.PathLowercase] = true
		hosts[r.Domain]++
	}
	if hosts["offers.lakesidefit.com"] != 2 || hosts["join.lakesidefit.com"] != 2 || hosts["webinars.lakesidefit.com"] != 1 ||
		hosts["www.lakesidefit.com"] != 2 || hosts["promo.lakesidefit.com"] != 1 {
		t.Errorf("URL redirects by domain: %v", hosts)
	}
	for _, name := range []string{"Spring Sale 2026", "Free 7-Day Trial", "Webinar: Grow Your Gym"} {
		if firstFunnel(d, name) == nil {
			t.Errorf("funnel %q missing", name)
		}
	}
}

// Two servers seed identical data: the same JSON for every list, byte for byte once
// the traceIds are removed.
func TestSeedDeterministic(t *testing.T) {
	a, b := newTC(t, startT(t, Options{})), newTC(t, startT(t, Options{}))
	traceRe := regexp.MustCompile(`"traceId":"[0-9a-f]{32}"`)
	paths := []string{
		"/funnels/funnel/list?limit=100",
		"/funnels/funnel/folder/entities",
		"/funnels/lookup/redirect/regex",
		"/funnels/order-form/public/product",
		"/funnels/lookup/redirect/list?locationId=" + seedLocationID + "&limit=100&offset=0",
	}
	var list struct {
		Funnels []struct {
			ID string `json:"_id"`
		} `json:"funnels"`
	}
	a.get(paths[0]).hasStatus(t, 200).into(t, &list)
	for _, f := range list.Funnels {
		paths = append(paths, "/funnels/page?limit=20&funnelId="+f.ID)
	}
	for _, p := range paths {
		x := traceRe.ReplaceAll(a.get(p).hasStatus(t, 200).body, nil)
		y := traceRe.ReplaceAll(b.get(p).hasStatus(t, 200).body, nil)
		if !bytes.Equal(x, y) {
			t.Fatalf("%s differs between two sandboxes:\n%s\n%s", p, x, y)
		}
	}
	// And the data is not trivially empty.
	if len(list.Funnels) != 25 {
		t.Fatalf("got %d funnels", len(list.Funnels))
	}
	// Ids and dates are part of the contract with other packages' tests: pin a few.
	d := seeded()
	f := d.funnels[0]
	if f.ID != "uuFURjguuV2wTt5wCdJN" || f.Name != "Spring Sale 2026" || f.DateAdded != "2026-02-09T12:34:20.307Z" ||
		f.Steps[0].ID != "b25072e3-6b93-49dc-999b-445db8bad6fd" || d.folders[0].ID != "5n3BCYO90Tpw1TDRS8EK" {
		t.Fatalf("seed changed: %s %s %s %s %s", f.ID, f.Name, f.DateAdded, f.Steps[0].ID, d.folders[0].ID)
	}
}
