package hostile_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/hostile"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// get asks h for path with the demo token and returns the status, headers and body.
func get(t *testing.T, h *hostile.Server, path string) (int, http.Header, []byte) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, h.URL+path, nil)
	req.Header.Set("Version", "2021-07-28")
	req.Header.Set("Authorization", "Bearer "+h.Sandbox.DemoToken())
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, res.Header, body
}

func TestModesBendTheAnswers(t *testing.T) {
	loc := "?locationId=" + sandbox.New(sandbox.Options{}).LocationID()

	h := hostile.StartT(t, hostile.FarFutureReset, sandbox.Options{})
	if code, hd, _ := get(t, h, "/funnels/funnel/list"+loc); code != 429 || hd.Get("X-RateLimit-Reset") != hostile.FarResetValue {
		t.Errorf("far reset: %d %q", code, hd.Get("X-RateLimit-Reset"))
	}
	h = hostile.StartT(t, hostile.FarFutureRetryAfter, sandbox.Options{})
	if code, hd, _ := get(t, h, "/funnels/funnel/list"+loc); code != 429 || hd.Get("Retry-After") != hostile.FarRetryAfterValue {
		t.Errorf("far retry-after: %d %q", code, hd.Get("Retry-After"))
	}

	h = hostile.StartT(t, hostile.EndlessFunnelPages, sandbox.Options{})
	var fl struct {
		Funnels []struct {
			ID string `json:"_id"`
		} `json:"funnels"`
		Count int `json:"count"`
	}
	_, _, body := get(t, h, "/funnels/funnel/list"+loc+"&offset=1000&limit=100")
	if err := json.Unmarshal(body, &fl); err != nil || len(fl.Funnels) != 100 || fl.Count != hostile.EndlessCount {
		t.Fatalf("endless funnels: %v, %d funnels, count %d", err, len(fl.Funnels), fl.Count)
	}
	if !strings.HasSuffix(fl.Funnels[0].ID, "-copy1000") {
		t.Errorf("offset 1000 starts with %q", fl.Funnels[0].ID)
	}
	funnelID := strings.TrimSuffix(fl.Funnels[0].ID, "-copy1000")

	h = hostile.StartT(t, hostile.EndlessPages, sandbox.Options{})
	var first, later []map[string]any
	_, _, body = get(t, h, "/funnels/page"+loc+"&funnelId="+funnelID+"&offset=0&limit=20")
	_ = json.Unmarshal(body, &first)
	_, _, body = get(t, h, "/funnels/page"+loc+"&funnelId="+funnelID+"&offset=400&limit=20")
	_ = json.Unmarshal(body, &later)
	if len(first) != 20 || len(later) != 20 || first[19]["_id"] != later[19]["_id"] {
		t.Errorf("endless pages: %d then %d pages", len(first), len(later))
	}
	if h.Count("GET", "/funnels/page") != 2 {
		t.Errorf("counted %d", h.Count("GET", "/funnels/page"))
	}

	h = hostile.StartT(t, hostile.HugeNames|hostile.LoneZWJ, sandbox.Options{})
	_, _, body = get(t, h, "/funnels/funnel/folder/entities"+loc)
	var ents struct {
		Entities []struct {
			Name string `json:"name"`
		} `json:"entities"`
	}
	if err := json.Unmarshal(body, &ents); err != nil || len(ents.Entities) < 2 {
		t.Fatalf("entities: %v", err)
	}
	if n := len(ents.Entities[0].Name); n < hostile.HugeNameSize {
		t.Errorf("first name is %d bytes", n)
	}
	if second := ents.Entities[1].Name; strings.Count(second, hostile.ZWJ) != 1 {
		t.Errorf("second name %q has no lone ZWJ", second)
	}
}
