package client

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

var errNotObject = errors.New("not a JSON object")

// genericListKeys are the wrappers the service is known to put lists under.
var genericListKeys = []string{"data", "items", "results", "funnels", "folders", "pages", "entities"}

// listEnvelope is a decoded list response: its items and, when it was wrapped, the
// wrapper's other fields (count, traceId).
type listEnvelope struct {
	items    []json.RawMessage
	wrapper  fields
	streamed *streamed // the answer as it was streamed, when it was (its lists whole)
	// owned: each item is a record the stream read — checked JSON, in bytes of its
	// own — so it is read without checking it again and kept without a copy.
	owned bool
}

// unwrapList finds the list in a body that is either a bare array or an object holding
// it under one of keys (tried first) or the generic wrappers. A wrapper whose value is
// itself an object is searched one level down ({"data": {"funnels": [...]}}). An
// object with no list in it is an empty list, not an error: an empty folder may come
// back as {"count": 0}.
func unwrapList(body []byte, keys ...string) (listEnvelope, error) {
	t := bytes.TrimSpace(body)
	if len(t) == 0 {
		return listEnvelope{}, nil
	}
	switch t[0] {
	case '[':
		if items, ok := quickArray(t); ok {
			return listEnvelope{items: items}, nil
		}
		var items []json.RawMessage
		if err := json.Unmarshal(t, &items); err != nil {
			return listEnvelope{}, fmt.Errorf("decode list: %w", err)
		}
		return listEnvelope{items: items}, nil
	case '{':
		f, err := objectFields(t)
		if err != nil {
			return listEnvelope{}, fmt.Errorf("decode list: %w", err)
		}
		items := findList(f, keys, 0)
		if items == nil && isRecord(f) {
			// One record where a list was expected (the docs' example of the page
			// list): a list of one.
			items = []json.RawMessage{t}
		}
		return listEnvelope{items: items, wrapper: f}, nil
	case 'n':
		return listEnvelope{}, nil
	}
	return listEnvelope{}, fmt.Errorf("decode list: expected an array or object, got %q", firstBytes(t, 16))
}

func findList(f fields, keys []string, depth int) []json.RawMessage {
	names := make([]string, 0, len(keys)+len(genericListKeys))
	for _, k := range keys {
		names = append(names, foldKey(k))
	}
	names = append(names, genericListKeys...)
	for _, n := range names {
		raw, ok := f.get(n)
		if !ok {
			continue
		}
		var items []json.RawMessage
		if json.Unmarshal(raw, &items) == nil {
			return items
		}
		if inner, err := objectFields(raw); err == nil {
			if depth == 0 {
				if found := findList(inner, keys, depth+1); found != nil {
					return found
				}
			}
			// A list field holding one record instead of an array: a list of one.
			if isRecord(inner) {
				return []json.RawMessage{raw}
			}
		}
	}
	return nil
}

// isRecord reports whether an object is a record (it has an id) rather than a
// wrapper of one.
func isRecord(f fields) bool { return f.str("id") != "" }

// unwrapRecord returns the record in a body that is bare or under one of keys or
// "data".
func unwrapRecord(body []byte, keys ...string) (json.RawMessage, fields, error) {
	f, err := objectFields(bytes.TrimSpace(body))
	if err != nil {
		return nil, nil, fmt.Errorf("decode record: %w", err)
	}
	for _, k := range append(keys, "data") {
		if raw, ok := f.get(foldKey(k)); ok {
			if _, err := objectFields(raw); err == nil {
				return raw, f, nil
			}
		}
	}
	return body, f, nil
}

// decodeEach decodes the items that are objects into T; anything else in the list
// (null, a stray string) is skipped so one odd element never hides the rest.
func decodeEach[T any](items []json.RawMessage) []T {
	out := make([]T, 0, len(items))
	for _, it := range items {
		t := bytes.TrimSpace(it)
		if len(t) == 0 || t[0] != '{' {
			continue
		}
		var v T
		if decodeItem(t, &v) == nil {
			out = append(out, v)
		}
	}
	return out
}

// decodeItem is json.Unmarshal(t, v) for an item of a list read whole (valid JSON):
// a record that reads itself is handed its bytes directly, without encoding/json
// scanning them twice first.
func decodeItem(t []byte, v any) error {
	if u, ok := v.(json.Unmarshaler); ok {
		return u.UnmarshalJSON(t)
	}
	return json.Unmarshal(t, v)
}

func firstBytes(b []byte, n int) string {
	if len(b) > n {
		b = b[:n]
	}
	return string(b)
}
