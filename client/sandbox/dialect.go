package sandbox

import (
	"bytes"
	"encoding/json"
)

// shape builds the list answer for a dialect: the contract's wrapper by default, the
// bare array with BareLists, {"data": […]} with WrappedLists.
func (l *listBody) shape(d Dialect) any {
	switch {
	case d.WrappedLists:
		m := map[string]any{"data": l.items}
		for k, v := range l.extra {
			m[k] = v
		}
		return m
	case d.BareLists || l.key == "":
		return l.items
	}
	m := map[string]any{l.key: l.items}
	for k, v := range l.extra {
		m[k] = v
	}
	if l.nest != "" {
		return map[string]any{l.nest: m}
	}
	return m
}

// rewrite re-encodes a success body with the record-level switches of the dialect
// (PlainIDs, CamelSteps, StringNumbers). Keys come out sorted; that is fine for JSON.
func (d Dialect) rewrite(b []byte) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return json.Marshal(d.walk(v))
}

func (d Dialect) walk(v any) any {
	switch t := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(t))
		for k, val := range t {
			out[d.key(k)] = d.walk(val)
		}
		return out
	case []any:
		for i := range t {
			t[i] = d.walk(t[i])
		}
		return t
	case json.Number:
		if d.StringNumbers {
			return t.String()
		}
	}
	return v
}

func (d Dialect) key(k string) string {
	if d.PlainIDs && k == "_id" {
		return "id"
	}
	if d.CamelSteps {
		switch k {
		case "control_traffic":
			return "controlTraffic"
		case "split_started_at":
			return "splitStartedAt"
		case "split_ended_at":
			return "splitEndedAt"
		case "route_all_requests":
			return "routeAllRequests"
		case "additional_routes":
			return "additionalRoutes"
		}
	}
	return k
}
