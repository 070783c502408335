package client

import (
	"net/http"
	"testing"
	"time"
)

func TestFunnelDecodesEveryShapeTheServiceUses(t *testing.T) {
	snake := `{"_id":"f1","name":"Spring Sale","locationId":"L","parentId":"d1","domainId":"","steps":[
	  {"id":"s1","name":"Opt-in","url":"/optin","type":"optin_funnel_page","pages":["p1","p2"],"sequence":1,
	   "split":true,"control_traffic":70,"split_started_at":{"date":"2026-03-01T10:00:00Z"},"route_all_requests":false,"additional_routes":[]}],
	  "dateAdded":"2026-01-05T09:00:00.000Z","deleted":false,"unknownField":{"nested":[1,2,3]}}`
	camel := `{"id":"f1","name":"Spring Sale","locationId":"L","parentId":"d1","steps":[
	  {"id":"s1","name":"Opt-in","url":"/optin","type":"optin_funnel_page","pages":["p1","p2"],"sequence":"1",
	   "split":"true","controlTraffic":"70","splitStartedAt":"2026-03-01T10:00:00Z"}],
	  "dateAdded":1767603600000}`
	for name, body := range map[string]string{"snake": snake, "camel": camel} {
		t.Run(name, func(t *testing.T) {
			env, err := unwrapList([]byte(`{"funnels":[` + body + `],"count":"1"}`))
			if err != nil {
				t.Fatal(err)
			}
			fs := decodeEach[Funnel](env.items)
			if len(fs) != 1 {
				t.Fatalf("got %d funnels", len(fs))
			}
			f := fs[0]
			if f.ID != "f1" || f.Name != "Spring Sale" || f.ParentID != "d1" {
				t.Fatalf("funnel fields: %+v", f)
			}
			if f.DateAdded.IsZero() {
				t.Errorf("dateAdded not read")
			}
			if len(f.Steps) != 1 {
				t.Fatalf("steps: %+v", f.Steps)
			}
			s := f.Steps[0]
			if s.ID != "s1" || s.Sequence != 1 || !s.Split || s.ControlTraffic != 70 || s.VariationTraffic() != 30 || len(s.Pages) != 2 {
				t.Errorf("step fields: %+v", s)
			}
			if !s.SplitStartedAt.Equal(time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)) {
				t.Errorf("split_started_at = %v", s.SplitStartedAt)
			}
			if env.wrapper.int("count") != 1 {
				t.Errorf("count as string not read")
			}
		})
	}
}

func TestListsBareWrappedAndNested(t *testing.T) {
	cases := map[string]string{
		"bare":    `[{"_id":"a"},{"_id":"b"}]`,
		"data":    `{"data":[{"_id":"a"},{"id":"b"}]}`,
		"items":   `{"items":[{"_id":"a"},{"_id":"b"}],"traceId":"t"}`,
		"results": `{"results":[{"_id":"a"},{"_id":"b"}]}`,
		"pages":   `{"pages":[{"_id":"a"},{"_id":"b"}]}`,
		"nested":  `{"data":{"pages":[{"_id":"a"},{"_id":"b"}]}}`,
		"junk":    `[{"_id":"a"},null,"x",7,{"_id":"b"}]`,
	}
	for name, body := range cases {
		t.Run(name, func(t *testing.T) {
			env, err := unwrapList([]byte(body), "pages")
			if err != nil {
				t.Fatal(err)
			}
			ps := decodeEach[Page](env.items)
			if len(ps) != 2 || ps[0].ID != "a" || ps[1].ID != "b" {
				t.Fatalf("got %+v", ps)
			}
		})
	}
	for _, bad := range []string{`"hello"`, `42`, `{"data":`, `<html>`} {
		if _, err := unwrapList([]byte(bad)); err == nil {
			t.Errorf("%s: want an error", bad)
		}
	}
	env, err := unwrapList([]byte(`{"count":0}`))
	if err != nil || len(env.items) != 0 {
		t.Errorf("an object with no list is an empty list, got %v %v", env.items, err)
	}
}

func TestIDPrefersUnderscoreIDDeterministically(t *testing.T) {
	for i := 0; i < 50; i++ {
		var p Page
		if err := p.UnmarshalJSON([]byte(`{"id":"second","_id":"first"}`)); err != nil {
			t.Fatal(err)
		}
		if p.ID != "first" {
			t.Fatalf("run %d: id = %q, want _id's value", i, p.ID)
		}
	}
	var p Page
	_ = p.UnmarshalJSON([]byte(`{"_id":null,"id":"only"}`))
	if p.ID != "only" {
		t.Fatalf("null _id must give way to id, got %q", p.ID)
	}
}

func TestEntitiesMixedAndSeparate(t *testing.T) {
	mixed := `{"entities":[{"_id":"d1","name":"Webinars","category":"folder"},{"_id":"f1","name":"Spring","category":"funnel","steps":[]}]}`
	separate := `{"folders":[{"_id":"d1","name":"Webinars"}],"funnels":[{"_id":"f1","name":"Spring"}]}`
	bare := `[{"_id":"d1","name":"Webinars","type":"folder"},{"_id":"f1","name":"Spring","type":"funnel"}]`
	for name, body := range map[string]string{"mixed": mixed, "separate": separate, "bare": bare} {
		whole, err := unwrapList([]byte(body), "entities")
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for how, env := range map[string]listEnvelope{"whole": whole, "streamed": streamEnvelope(t, body, "entities")} {
			e := decodeEntities(env)
			if len(e.Folders) != 1 || e.Folders[0].ID != "d1" || len(e.Funnels) != 1 || e.Funnels[0].ID != "f1" {
				t.Errorf("%s, %s: %+v", name, how, e)
			}
		}
	}
}

func TestResultAndAPIErrorMessages(t *testing.T) {
	r := decodeResult([]byte(`{"success":true,"eventId":"e1","traceId":"t1"}`))
	if !r.Success || r.EventID != "e1" || r.TraceID != "t1" {
		t.Errorf("result: %+v", r)
	}
	if r := decodeResult([]byte(`{}`)); !r.Success {
		t.Errorf("a 2xx without a verdict is a success")
	}
	cl := call{method: "POST", path: "/funnels/funnel/folder/create"}
	e := newAPIError(cl, 422, nil, []byte(`{"statusCode":422,"message":["name should not be empty","type must be funnel or website"],"error":"Unprocessable Entity","traceId":"abc"}`), time.Now())
	if e.Message() != "name should not be empty; type must be funnel or website" || e.TraceID != "abc" {
		t.Errorf("422 array: %q %q", e.Message(), e.TraceID)
	}
	if got := e.Summary(); got != "422 name should not be empty; type must be funnel or website" {
		t.Errorf("summary %q", got)
	}
	e = newAPIError(cl, 502, nil, []byte("<html>\x1b[31mBad Gateway</html>"), time.Now())
	if e.Snippet == "" || e.Message() == "" || containsByte(e.Error(), 0x1b) {
		t.Errorf("non-JSON body must be quoted: %q", e.Error())
	}
}

func containsByte(s string, b byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == b {
			return true
		}
	}
	return false
}

func TestTraceIDFromTheBodyOrAHeader(t *testing.T) {
	h := http.Header{}
	for body, want := range map[string]string{
		`{"funnels":[{"_id":"a","name":"x"}],"count":1,"traceId":"t-1"}`: "t-1",
		`{"statusCode":422, "message":["m"], "traceId" : "t-2" }`:        "t-2",
		`{"traceId":7}`:           "",
		`[{"traceId":"not-top"}]`: "",
		`{"funnels":[]}`:          "",
		`{"traceId":`:             "",
	} {
		if got := traceID(h, []byte(body)); got != want {
			t.Errorf("%s: trace id %q, want %q", body, got, want)
		}
	}
	h.Set("X-Trace-Id", "from-header")
	if got := traceID(h, []byte(`{}`)); got != "from-header" {
		t.Errorf("header: %q", got)
	}
}

// TestAListFieldHoldingOneRecordIsAListOfOne: the docs type some lists as one object.
func TestAListFieldHoldingOneRecordIsAListOfOne(t *testing.T) {
	for name, body := range map[string]string{
		"under its key": `{"funnels":{"_id":"a","name":"A","steps":{"id":"s1","name":"S"}},"count":1}`,
		"under data":    `{"data":{"_id":"a","name":"A","steps":[{"id":"s1"}]}}`,
		"bare record":   `{"_id":"a","name":"A","steps":[{"id":"s1"}]}`,
	} {
		env, err := unwrapList([]byte(body), "funnels")
		if err != nil {
			t.Fatal(err)
		}
		fs := decodeEach[Funnel](env.items)
		if len(fs) != 1 || fs[0].ID != "a" || len(fs[0].Steps) != 1 || fs[0].Steps[0].ID != "s1" {
			t.Errorf("%s: %+v", name, fs)
		}
	}
	// A wrapper with no record in it is still an empty list.
	env, _ := unwrapList([]byte(`{"data":{"count":0},"traceId":"t"}`), "funnels")
	if len(env.items) != 0 {
		t.Errorf("got %d items from an empty wrapper", len(env.items))
	}
}
