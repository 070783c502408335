package redirectplan

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"unicode/utf8"
)

// Format is how a file holds redirects.
type Format string

const (
	CSV   Format = "csv"   // a header row, then one redirect a row
	JSON  Format = "json"  // an array of objects (or {"redirects": [...]})
	JSONL Format = "jsonl" // one object a line
)

// Formats are the formats by name, for flags.
func Formats() []string { return []string{string(CSV), string(JSON), string(JSONL)} }

// ParseFormat reads a format's name in any case; "" and false for another.
func ParseFormat(s string) (Format, bool) {
	switch f := Format(strings.ToLower(strings.TrimSpace(s))); f {
	case CSV, JSON, JSONL:
		return f, true
	}
	return "", false
}

// FormatOf is the format a file name's extension says (.csv, .json, .jsonl or
// .ndjson, in any case); false when it says none of them.
func FormatOf(name string) (Format, bool) {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".csv":
		return CSV, true
	case ".json":
		return JSON, true
	case ".jsonl", ".ndjson":
		return JSONL, true
	}
	return "", false
}

// MaxRows bounds a file: more rows than this is a *ParseError, not a plan.
const MaxRows = 100_000

// Columns are a file's columns, in the order Write puts them.
var columns = []string{"domain", "path", "target", "action", "id"}

// required are the columns a file must have.
var required = []string{"domain", "path", "target"}

// ParseError is a file that cannot be read as redirects: where, and what is wrong.
type ParseError struct {
	Where string // "line 3", "record 2", or "" for the whole file
	Msg   string
}

func (e *ParseError) Error() string {
	if e.Where == "" {
		return e.Msg
	}
	return e.Where + ": " + e.Msg
}

func parseErr(where, format string, a ...any) error {
	return &ParseError{Where: where, Msg: fmt.Sprintf(format, a...)}
}

// Read reads the redirects of a file in format f. Header names and JSON keys are
// matched without case; a byte order mark and CRLF line ends are accepted; an empty
// action is url. Fields are kept as written (trimmed): the checks are the plan's.
func Read(r io.Reader, f Format) ([]Row, error) {
	br := bufio.NewReader(r)
	if b, err := br.Peek(3); err == nil && bytes.Equal(b, []byte("\xef\xbb\xbf")) {
		_, _ = br.Discard(3)
	}
	var rows []Row
	var err error
	switch f {
	case CSV:
		rows, err = readCSV(br)
	case JSON:
		rows, err = readJSON(br)
	case JSONL:
		rows, err = readJSONL(br)
	default:
		return nil, parseErr("", "unknown format %q", string(f))
	}
	if err != nil {
		return nil, err
	}
	for i := range rows {
		if rows[i].Action == "" {
			rows[i].Action = "url"
		}
	}
	return rows, nil
}

func readCSV(r io.Reader) ([]Row, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	cr.ReuseRecord = true
	head, err := cr.Read()
	if errors.Is(err, io.EOF) {
		return nil, parseErr("", "the file is empty: it needs a header row (%s)", strings.Join(columns, ","))
	}
	if err != nil {
		return nil, csvErr(err)
	}
	at := map[string]int{}
	for i, h := range head {
		name := strings.ToLower(strings.TrimSpace(h))
		if _, dup := at[name]; dup && name != "" {
			return nil, parseErr("line 1", "the column %q appears twice", clip(name))
		}
		at[name] = i
	}
	for _, c := range required {
		if _, ok := at[c]; !ok {
			return nil, parseErr("line 1", "the header has no %q column (it needs %s; action and id may follow)", c, strings.Join(required, ", "))
		}
	}
	var rows []Row
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return rows, nil
		}
		if err != nil {
			return nil, csvErr(err)
		}
		line, _ := cr.FieldPos(0)
		if len(rows) >= MaxRows {
			return nil, parseErr(fmt.Sprintf("line %d", line), "more than %d rows", MaxRows)
		}
		get := func(name string) string {
			if i, ok := at[name]; ok && i < len(rec) {
				return strings.TrimSpace(rec[i])
			}
			return ""
		}
		row := Row{Domain: get("domain"), Path: get("path"), Target: get("target"), Action: get("action"), ID: get("id"),
			Where: fmt.Sprintf("line %d", line)}
		if row == (Row{Where: row.Where}) {
			continue // a row of empty cells, as spreadsheets leave at the end
		}
		rows = append(rows, row)
	}
}

// csvErr is a CSV reader's error as a *ParseError naming its line.
func csvErr(err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return parseErr(fmt.Sprintf("line %d", pe.Line), "%v", pe.Err)
	}
	return parseErr("", "%v", err)
}

func readJSON(r io.Reader) ([]Row, error) {
	dec := json.NewDecoder(r)
	var raw json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		if errors.Is(err, io.EOF) {
			return nil, parseErr("", "the file is empty: it needs an array of redirects")
		}
		return nil, parseErr("", "not JSON: %v", err)
	}
	if dec.More() {
		return nil, parseErr("", "more than one JSON value: a JSON file holds one array (one object a line is .jsonl)")
	}
	var list []json.RawMessage
	if err := json.Unmarshal(raw, &list); err != nil {
		var wrapped map[string]json.RawMessage
		if json.Unmarshal(raw, &wrapped) != nil {
			return nil, parseErr("", "not an array of redirects")
		}
		inner, ok := lowerKeys(wrapped)["redirects"]
		if !ok || json.Unmarshal(inner, &list) != nil {
			return nil, parseErr("", "not an array of redirects (nor an object with one under \"redirects\")")
		}
	}
	if len(list) > MaxRows {
		return nil, parseErr("", "more than %d records", MaxRows)
	}
	rows := make([]Row, 0, len(list))
	for i, rec := range list {
		row, err := rowOfObject(rec, fmt.Sprintf("record %d", i+1))
		if err != nil {
			return nil, err
		}
		rows = append(rows, row)
	}
	return rows, nil
}

func readJSONL(r io.Reader) ([]Row, error) {
	sc := bufio.NewScanner(r)
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
// null or a missing key is empty).
func rowOfObject(b []byte, where string) (Row, error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(b, &obj); err != nil || obj == nil {
		return Row{}, parseErr(where, "not a JSON object")
	}
	fields := lowerKeys(obj)
	get := func(name string) (string, error) {
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
	var row Row
	for _, c := range []struct {
		name string
		dst  *string
	}{{"domain", &row.Domain}, {"path", &row.Path}, {"target", &row.Target}, {"action", &row.Action}, {"id", &row.ID}} {
		v, err := get(c.name)
		if err != nil {
			return Row{}, err
		}
		*c.dst = v
	}
	row.Where = where
	return row, nil
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

// clip keeps a name from a file short and valid for a message.
func clip(s string) string {
	s = strings.ToValidUTF8(s, "?")
	if utf8.RuneCountInString(s) > 40 {
		return string([]rune(s)[:40]) + "…"
	}
	return s
}
