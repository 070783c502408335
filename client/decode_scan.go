package client

import (
	"bytes"
	"encoding/json"
	"sync"
	"unicode/utf8"
)

// A record of a listing is read field by field: its object split into keys and
// values by a scan of the bytes, not by encoding/json's reflection into a map (which
// copies every value), and a plain string read as its bytes. A 10,000-funnel folder is
// some 100,000 objects and a million strings, so this is most of the time its first
// frame waits for. Whatever the scan does not take on (a key with an escape, two
// keys that fold alike, a string with an escape) is left to encoding/json, so the
// result is always the one it gives.

// quickFields is objectFields for an object whose keys are plain and fold apart; ok
// is false for anything else, which objectFields then reads the slow way. The values
// are parts of b.
func quickFields(b []byte) (f fields, ok bool) { return scanFields(b, false) }

// scanFields is quickFields; checked says b is known to be one JSON value already (a
// record the stream read, or a part of one), so it is not checked again.
func scanFields(b []byte, checked bool) (f fields, ok bool) {
	t := b[skipSpace(b, 0):]
	if len(t) < 2 || t[0] != '{' || !checked && !json.Valid(t) {
		return nil, false
	}
	t = t[:endOfValue(t, 0)]
	f = make(fields, 0, 16)
	common := commonKeys()
	i := skipSpace(t, 1)
	for t[i] != '}' {
		ke := endOfString(t, i)
		key := t[i+1 : ke-1]
		if bytes.IndexByte(key, '\\') >= 0 || !utf8.Valid(key) {
			return nil, false
		}
		i = skipSpace(t, skipSpace(t, ke)+1) // past the colon
		ve := endOfValue(t, i)
		kf, known := common[string(key)]
		if !known {
			kf.key = string(key)
			kf.fold = foldKey(kf.key)
		}
		k, fk := kf.key, kf.fold
		if _, dup := f.lookup(fk); dup {
			return nil, false // which wins is decided over the whole object
		}
		f = append(f, field{fold: fk, foldedValue: foldedValue{key: k, raw: t[i:ve]}})
		i = skipSpace(t, ve)
		if t[i] == ',' {
			i = skipSpace(t, i+1)
		}
	}
	return f, true
}

// commonKeys are the keys the service's records hold, each made and folded once: a
// record's fields are read without a string made per key. Made on the first read,
// not with the package's variables: a command that decodes nothing never pays for it.
var commonKeys = sync.OnceValue(func() map[string]struct{ key, fold string } {
	m := map[string]struct{ key, fold string }{}
	for _, k := range []string{"_id", "id", "name", "locationId", "type", "category", "url", "path", "domainId",
		"domainName", "parentId", "dateAdded", "dateUpdated", "deleted", "faviconUrl", "trackingCodeHead",
		"trackingCodeBody", "steps", "pages", "sequence", "products", "originId", "split", "control_traffic",
		"controlTraffic", "split_started_at", "split_ended_at", "route_all_requests", "additional_routes",
		"funnelId", "stepId", "pageVersion", "updatedAt", "createdAt", "title", "isFolder", "entityType",
		"splitStartedAt", "splitEndedAt", "routeAllRequests", "additionalRoutes", "count", "traceId"} {
		m[k] = struct{ key, fold string }{k, foldKey(k)}
	}
	return m
})

// quickArray is the elements of a JSON array, parts of b; ok is false when b is not
// a valid array.
func quickArray(b []byte) (items []json.RawMessage, ok bool) { return scanArrayItems(b, false) }

// scanArrayItems is quickArray; checked as for scanFields.
func scanArrayItems(b []byte, checked bool) (items []json.RawMessage, ok bool) {
	t := b[skipSpace(b, 0):]
	if len(t) < 2 || t[0] != '[' || !checked && !json.Valid(t) {
		return nil, false
	}
	items = []json.RawMessage{}
	for i := skipSpace(t, 1); t[i] != ']'; {
		e := endOfValue(t, i)
		items = append(items, t[i:e])
		if i = skipSpace(t, e); t[i] == ',' {
			i = skipSpace(t, i+1)
		}
	}
	return items, true
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && isJSONSpace(b[i]) {
		i++
	}
	return i
}

func isJSONSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// endOfString is the index after the string that opens at b[i].
func endOfString(b []byte, i int) int {
	for i++; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			return i + 1
		}
	}
	return len(b)
}

// endOfValue is the index after the value that starts at b[i] (b is valid JSON).
func endOfValue(b []byte, i int) int {
	switch b[i] {
	case '"':
		return endOfString(b, i)
	case '{', '[':
		depth := 0
		for i < len(b) {
			switch b[i] {
			case '"':
				i = endOfString(b, i)
				continue
			case '{', '[':
				depth++
			case '}', ']':
				if depth--; depth == 0 {
					return i + 1
				}
			}
			i++
		}
		return len(b)
	}
	for i < len(b) && b[i] != ',' && b[i] != '}' && b[i] != ']' && !isJSONSpace(b[i]) {
		i++
	}
	return i
}

// plainString is the string raw holds when it is a JSON string with no escape, no
// control character and valid UTF-8: what json.Unmarshal would give, read directly.
func plainString(raw []byte) (string, bool) {
	if len(raw) < 2 || raw[0] != '"' || raw[len(raw)-1] != '"' {
		return "", false
	}
	s := raw[1 : len(raw)-1]
	ascii := true
	for _, c := range s {
		if c < 0x20 || c == '"' || c == '\\' {
			return "", false
		}
		if c >= utf8.RuneSelf {
			ascii = false
		}
	}
	if !ascii && !utf8.Valid(s) {
		return "", false
	}
	return string(s), true
}

// unquote is json.Unmarshal(raw, &s), read directly when the string is plain.
func unquote(raw []byte) (string, bool) {
	if s, ok := plainString(raw); ok {
		return s, true
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return "", false
	}
	return s, true
}
