package client

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"time"
)

// fields is a JSON object whose keys are folded (lower case, '_' and '-' dropped) so
// that "_id" meets "id" and "control_traffic" meets "controlTraffic". Readers take
// the first of several names that is present and coerce what they find: the service
// sends numbers as strings and strings as numbers often enough that strictness
// would only turn its inconsistency into our crashes.
//
// It is a short list rather than a map: a record has a dozen or two fields, which a
// look along the list finds sooner than a hash, and a 10,000-funnel listing reads
// 110,000 records, each of which would make a map.
type fields []field

type field struct {
	fold string // the key folded
	foldedValue
}

type foldedValue struct {
	key string // the key as the server wrote it; decides ties deterministically
	raw json.RawMessage
}

// lookup is the value of the folded key k.
func (f fields) lookup(k string) (foldedValue, bool) {
	for i := range f {
		if f[i].fold == k {
			return f[i].foldedValue, true
		}
	}
	return foldedValue{}, false
}

// objectFields parses b as a JSON object. It fails only when b is not an object.
func objectFields(b []byte) (fields, error) { return objectFieldsOf(b, false) }

// objectFieldsOf is objectFields; checked says b is known to be JSON already (a record
// the stream read, or a value inside one).
func objectFieldsOf(b []byte, checked bool) (fields, error) {
	if f, ok := scanFields(b, checked); ok {
		return f, nil
	}
	return mapFields(b)
}

// mapFields is objectFields through encoding/json, for any object.
func mapFields(b []byte) (fields, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, err
	}
	if m == nil {
		return nil, errNotObject
	}
	byFold := make(map[string]foldedValue, len(m))
	for k, v := range m {
		fk := foldKey(k)
		if old, ok := byFold[fk]; ok && !preferKey(k, v, old) {
			continue
		}
		byFold[fk] = foldedValue{key: k, raw: v}
	}
	f := make(fields, 0, len(byFold))
	for fk, v := range byFold {
		f = append(f, field{fold: fk, foldedValue: v})
	}
	return f, nil
}

// preferKey decides which of two keys that fold alike wins: a non-null value over
// null, then the key that sorts first ("_id" before "id"), so the result never
// depends on map order.
func preferKey(k string, v json.RawMessage, old foldedValue) bool {
	newNull, oldNull := isNull(v), isNull(old.raw)
	if newNull != oldNull {
		return oldNull
	}
	return k < old.key
}

func foldKey(k string) string {
	if !needsFold(k) {
		return k
	}
	var b strings.Builder
	b.Grow(len(k))
	for i := 0; i < len(k); i++ {
		c := k[i]
		switch {
		case c == '_' || c == '-':
			continue
		case 'A' <= c && c <= 'Z':
			b.WriteByte(c + ('a' - 'A'))
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func needsFold(k string) bool {
	for i := 0; i < len(k); i++ {
		if c := k[i]; c == '_' || c == '-' || 'A' <= c && c <= 'Z' {
			return true
		}
	}
	return false
}

func isNull(raw json.RawMessage) bool {
	t := bytes.TrimSpace(raw)
	return len(t) == 0 || bytes.Equal(t, []byte("null"))
}

// get returns the first present, non-null value among names (given folded).
func (f fields) get(names ...string) (json.RawMessage, bool) {
	for _, n := range names {
		if v, ok := f.lookup(n); ok && !isNull(v.raw) {
			return v.raw, true
		}
	}
	return nil, false
}

// str reads a string; a number or bool is given as its JSON text.
func (f fields) str(names ...string) string {
	raw, ok := f.get(names...)
	if !ok {
		return ""
	}
	return rawString(raw)
}

func rawString(raw json.RawMessage) string {
	if s, ok := unquote(raw); ok {
		return s
	}
	t := bytes.TrimSpace(raw)
	if len(t) > 0 && (t[0] == '-' || ('0' <= t[0] && t[0] <= '9') || t[0] == 't' || t[0] == 'f') {
		return string(t)
	}
	return ""
}

// float reads a number, or a string holding one.
func (f fields) float(names ...string) float64 {
	raw, ok := f.get(names...)
	if !ok {
		return 0
	}
	return rawFloat(raw)
}

func rawFloat(raw json.RawMessage) float64 {
	if len(raw) > 0 && (raw[0] == '-' || isDigit(raw[0])) {
		// A JSON number reads as Go reads it; one out of range goes the long way.
		if v, err := strconv.ParseFloat(string(raw), 64); err == nil {
			return v
		}
	}
	var n float64
	if json.Unmarshal(raw, &n) == nil {
		return n
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		if v, err := strconv.ParseFloat(strings.TrimSpace(s), 64); err == nil {
			return v
		}
	}
	return 0
}

// int reads a whole number; fractions are dropped, absurd values clamp to zero.
func (f fields) int(names ...string) int {
	v := f.float(names...)
	if v > 1<<53 || v < -(1<<53) || v != v {
		return 0
	}
	return int(v)
}

// bool reads true/false, "true"/"false" or 1/0.
func (f fields) bool(names ...string) bool {
	raw, ok := f.get(names...)
	if !ok {
		return false
	}
	switch string(raw) {
	case "true":
		return true
	case "false":
		return false
	}
	var b bool
	if json.Unmarshal(raw, &b) == nil {
		return b
	}
	switch strings.ToLower(strings.TrimSpace(rawString(raw))) {
	case "true", "1", "yes":
		return true
	}
	return false
}

// strs reads an array of strings (numbers allowed); a lone string is a list of one.
func (f fields) strs(names ...string) []string {
	raw, ok := f.get(names...)
	if !ok {
		return nil
	}
	items, ok := quickArray(raw)
	if !ok {
		if s := rawString(raw); s != "" {
			return []string{s}
		}
		return nil
	}
	out := make([]string, 0, len(items))
	for _, it := range items {
		if s := rawString(it); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// time reads an RFC 3339 string, a date, epoch seconds or milliseconds, or an object
// wrapping one of those under "date", "$date" or "value" (split_started_at).
func (f fields) time(names ...string) time.Time {
	raw, ok := f.get(names...)
	if !ok {
		return time.Time{}
	}
	return rawTime(raw, 0)
}

func rawTime(raw json.RawMessage, depth int) time.Time {
	if s, ok := unquote(raw); ok {
		s = strings.TrimSpace(s)
		for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05", "2006-01-02"} {
			if t, err := time.Parse(layout, s); err == nil {
				return t
			}
		}
		if n, err := strconv.ParseFloat(s, 64); err == nil {
			return epochTime(n)
		}
		return time.Time{}
	}
	var n float64
	if json.Unmarshal(raw, &n) == nil {
		return epochTime(n)
	}
	if depth > 0 {
		return time.Time{}
	}
	if obj, err := objectFields(raw); err == nil {
		if inner, ok := obj.get("date", "$date", "value", "time"); ok {
			return rawTime(inner, depth+1)
		}
	}
	return time.Time{}
}

// epochTime reads seconds or milliseconds since 1970, told apart by size: anything from
// 1e11 up is milliseconds (1e11 seconds would be the year 5138, 1e11 ms is 1973).
// Times outside the years 1–9999 are not times JSON can carry: zero.
func epochTime(n float64) time.Time {
	var t time.Time
	switch {
	case n <= 0 || n != n || n > 1e16:
		return time.Time{}
	case n >= 1e11:
		t = time.UnixMilli(int64(n)).UTC()
	default:
		sec := int64(n)
		t = time.Unix(sec, int64((n-float64(sec))*1e9)).UTC()
	}
	if y := t.Year(); y < 1 || y > 9999 {
		return time.Time{}
	}
	return t
}
