package redirectplan

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
)

// recordKeys are the other fields of a redirect as the service and `funnels
// redirects list --json` write it: a JSON row may carry them, and they are not read.
var recordKeys = []string{"locationid", "pathlowercase", "type", "oldurl"}

// readJSON reads a JSON file: ours (an array of objects, one under "redirects", or
// one object)
// or, when f says so or the objects under "redirects" have a source or destination,
// vercel.json's. It returns the rows and the format read.
func readJSON(data []byte, f Format) ([]Row, Format, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	var raw json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, f, parseErr("", "the file is empty: it needs an array of redirects")
		}
		return nil, f, parseErr("", "not JSON: %v", err)
	}
	if dec.More() {
		return nil, f, parseErr("", "more than one JSON value: a JSON file holds one array (one object a line is .jsonl)")
	}
	if f == Vercel || isVercel(raw) {
		rows, err := readVercel(data)
		return rows, Vercel, err
	}
	var list []json.RawMessage
	if err := json.Unmarshal(raw, &list); err != nil {
		var wrapped map[string]json.RawMessage
		if json.Unmarshal(raw, &wrapped) != nil {
			return nil, JSON, parseErr("", "not an array of redirects")
		}
		inner, ok := lowerKeys(wrapped)["redirects"]
		switch {
		case !ok:
			list = []json.RawMessage{raw} // one redirect
		case json.Unmarshal(inner, &list) != nil:
			return nil, JSON, parseErr("", "not an array of redirects (nor an object with one under \"redirects\")")
		}
	}
	if len(list) > MaxRows {
		return nil, JSON, parseErr("", "more than %d records", MaxRows)
	}
	rows := make([]Row, 0, len(list))
	for i, rec := range list {
		row, err := rowOfObject(rec, fmt.Sprintf("record %d", i+1))
		if err != nil {
			return nil, JSON, err
		}
		rows = append(rows, row)
	}
	return rows, JSON, nil
}

func readJSONL(data []byte) ([]Row, error) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	var rows []Row
	line := 0
	for sc.Scan() {
		line++
		text := bytes.TrimSpace(sc.Bytes())
		if len(text) == 0 {
			continue
		}
		if len(rows) >= MaxRows {
			return nil, parseErr(fmt.Sprintf("line %d", line), "more than %d rows", MaxRows)
		}
		row, err := rowOfObject(text, fmt.Sprintf("line %d", line))
		if err != nil {
			return nil, err
		}
		rows = append(rows, row)
	}
	if err := sc.Err(); err != nil {
		return nil, parseErr(fmt.Sprintf("line %d", line+1), "%v", err)
	}
	return rows, nil
}

// rowOfObject reads one JSON object as a row: keys without case, string values (a
// null or a missing key is empty). A key that is neither a row's nor one of the
// service's record is an error naming it.
func rowOfObject(b []byte, where string) (Row, error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(b, &obj); err != nil || obj == nil {
		return Row{}, parseErr(where, "not a JSON object")
	}
	fields := lowerKeys(obj)
	if err := knownKeys(fields, columns, recordKeys, where); err != nil {
		return Row{}, err
	}
	var row Row
	for _, c := range []struct {
		name string
		dst  *string
	}{{"domain", &row.Domain}, {"path", &row.Path}, {"target", &row.Target}, {"action", &row.Action}, {"id", &row.ID}} {
		v, err := stringField(fields, c.name, where)
		if err != nil {
			return Row{}, err
		}
		*c.dst = v
	}
	row.Where = where
	return row, nil
}

// knownKeys refuses a key of fields that is neither in known nor in ignored,
// naming the object's keys and the known ones.
func knownKeys(fields map[string]json.RawMessage, known, ignored []string, where string) error {
	var unknown, names []string
	for k := range fields {
		names = append(names, clip(k))
		if !slices.Contains(known, k) && !slices.Contains(ignored, k) {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) == 0 {
		return nil
	}
	slices.Sort(unknown)
	slices.Sort(names)
	return parseErr(where, "%s; the object has %s, and a redirect's keys are %s",
		unknownText("key", unknown, known), strings.Join(names, ", "), strings.Join(known, ", "))
}

// stringField is the string under name (trimmed; "" for a null or a missing key).
func stringField(fields map[string]json.RawMessage, name, where string) (string, error) {
	raw, ok := fields[name]
	if !ok || string(raw) == "null" {
		return "", nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", parseErr(where, "%s must be a string", name)
	}
	return strings.TrimSpace(s), nil
}

// lowerKeys is m with its keys in lower case; of two keys that fold alike, the one
// written in lower case wins, else the smaller.
func lowerKeys(m map[string]json.RawMessage) map[string]json.RawMessage {
	out := make(map[string]json.RawMessage, len(m))
	from := make(map[string]string, len(m))
	for k, v := range m {
		lk := strings.ToLower(strings.TrimSpace(k))
		if prev, ok := from[lk]; ok && (prev == lk || k != lk && prev < k) {
			continue
		}
		out[lk], from[lk] = v, k
	}
	return out
}

// jsonItem is an element of a JSON array and the line it starts on.
type jsonItem struct {
	raw  json.RawMessage
	line int
}

// jsonItems are the elements of the array under the key of the object data holds,
// each with its line, so a refused one is named by where it is written.
func jsonItems(data []byte, key string) ([]jsonItem, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, parseErr("", "not a JSON object with %q", key)
	}
	found := false
	for !found && dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, parseErr("", "not JSON: %v", err)
		}
		if name, _ := tok.(string); name == key {
			found = true
			break
		}
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return nil, parseErr("", "not JSON: %v", err)
		}
	}
	if !found {
		return nil, parseErr("", "no %q list", key)
	}
	if tok, err := dec.Token(); err != nil || tok != json.Delim('[') {
		return nil, parseErr("", "%q is not a list", key)
	}
	lines := lineCounter{data: data, line: 1}
	var items []jsonItem
	for dec.More() {
		line := lines.at(int(dec.InputOffset()))
		if len(items) >= MaxRows {
			return nil, parseErr(fmt.Sprintf("line %d", line), "more than %d rows", MaxRows)
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, parseErr(fmt.Sprintf("line %d", line), "not JSON: %v", err)
		}
		items = append(items, jsonItem{raw: raw, line: line})
	}
	return items, nil
}

// lineCounter turns byte offsets, asked in increasing order, into line numbers:
// those of the next value after the offset (past spaces and a comma).
type lineCounter struct {
	data []byte
	pos  int
	line int
}

func (l *lineCounter) at(off int) int {
	for off < len(l.data) && strings.IndexByte(" \t\r\n,", l.data[off]) >= 0 {
		off++
	}
	off = min(off, len(l.data))
	if off > l.pos {
		l.line += bytes.Count(l.data[l.pos:off], []byte("\n"))
		l.pos = off
	}
	return l.line
}
