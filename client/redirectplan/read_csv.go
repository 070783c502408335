package redirectplan

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// columns are our CSV's columns, in the order Write puts them.
var columns = []string{"domain", "path", "target", "action", "id"}

// csvDialect is one platform's CSV of redirects: its columns, those a file must
// have, and how a row of it becomes ours.
type csvDialect struct {
	format   Format
	known    []string
	required []string
	row      func(get func(string) string, where string) Row
}

var (
	ourCSV = csvDialect{format: CSV, known: columns, required: []string{"domain", "path", "target"},
		row: func(get func(string) string, where string) Row {
			return Row{Domain: get("domain"), Path: get("path"), Target: get("target"), Action: get("action"), ID: get("id"), Where: where}
		}}
	shopifyCSV = csvDialect{format: Shopify, known: []string{"redirect from", "redirect to"}, required: []string{"redirect from", "redirect to"},
		row: func(get func(string) string, where string) Row {
			r := Row{Target: get("redirect to"), Action: "url", Where: where}
			r.Domain, r.Path = splitSource(get("redirect from"))
			return r
		}}
	wordpressCSV = csvDialect{format: WordPress, known: []string{"source", "target", "regex", "code", "type", "hits", "title", "status"},
		required: []string{"source", "target"}, row: wordpressRow}
)

// dialectOf is the dialect format f names, or for CSV the one the header shows:
// Shopify's by its "Redirect from", WordPress's by its "source", else ours.
func dialectOf(f Format, head []string) csvDialect {
	switch f {
	case Shopify:
		return shopifyCSV
	case WordPress:
		return wordpressCSV
	}
	for _, h := range head {
		switch columnName(h) {
		case "redirect from", "redirect to":
			return shopifyCSV
		case "source":
			return wordpressCSV
		}
	}
	return ourCSV
}

// columnName is a header cell as it is matched: trimmed, in lower case, inner
// spaces and underscores as one space ("Redirect_From" is "redirect from").
func columnName(h string) string {
	h = strings.ReplaceAll(strings.ToLower(h), "_", " ")
	return strings.Join(strings.Fields(h), " ")
}

// readCSV reads a CSV file in format f (CSV: the dialect its header shows) and
// returns its rows and the dialect read. A column the dialect does not know is an
// error naming it; a column without a name must be empty. domainGiven drops the
// need for our domain column.
func readCSV(data []byte, f Format, domainGiven bool) ([]Row, Format, error) {
	data = lineEnds(data)
	cr := csv.NewReader(bytes.NewReader(data))
	cr.Comma = separator(firstContentLine(data))
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	cr.ReuseRecord = true
	head, err := cr.Read()
	if errors.Is(err, io.EOF) {
		return nil, f, parseErr("", "the file is empty: it needs a header row (%s)", strings.Join(columns, ","))
	}
	if err != nil {
		return nil, f, csvErr(err)
	}
	head = slices.Clone(head) // the reader reuses its record
	d := dialectOf(f, head)
	at, err := headerColumns(head, d, domainGiven)
	if err != nil {
		return nil, d.format, err
	}
	var rows []Row
	for {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return rows, d.format, nil
		}
		if err != nil {
			return nil, d.format, csvErr(err)
		}
		line, _ := cr.FieldPos(0)
		where := "line " + strconv.Itoa(line)
		if len(rows) >= MaxRows {
			return nil, d.format, parseErr(where, "more than %d rows", MaxRows)
		}
		blank := true
		for i, cell := range rec {
			if strings.TrimSpace(cell) == "" {
				continue
			}
			blank = false
			if i >= len(head) || columnName(head[i]) == "" {
				return nil, d.format, parseErr(where, "column %d has no name in the header but holds %q: name it or empty it", i+1, clip(cell))
			}
		}
		if blank {
			continue // a row of empty cells, as spreadsheets leave at the end
		}
		get := func(name string) string {
			if i, ok := at[name]; ok && i < len(rec) {
				return unescapeCell(strings.TrimSpace(rec[i]))
			}
			return ""
		}
		rows = append(rows, d.row(get, where))
	}
}

// separator is what separates the cells of a CSV whose header is head: a comma, or
// where the header has none, the semicolon or tab that Excel writes instead in
// languages whose decimal mark is the comma.
func separator(head []byte) rune {
	switch {
	case bytes.IndexByte(head, ',') >= 0:
		return ','
	case bytes.IndexByte(head, ';') >= 0:
		return ';'
	case bytes.IndexByte(head, '\t') >= 0:
		return '\t'
	}
	return ','
}

// headerColumns maps each column d knows to its place in head. A name twice, a
// required column missing or a name d does not know is a *ParseError naming the
// header's columns and d's.
func headerColumns(head []string, d csvDialect, domainGiven bool) (map[string]int, error) {
	at := map[string]int{}
	var unknown, names []string
	for i, h := range head {
		name := columnName(h)
		if name == "" {
			continue
		}
		names = append(names, clip(name))
		if _, dup := at[name]; dup {
			return nil, parseErr("line 1", "the column %q appears twice", clip(name))
		}
		at[name] = i
		if !slices.Contains(d.known, name) {
			unknown = append(unknown, name)
		}
	}
	if len(unknown) > 0 {
		return nil, parseErr("line 1", "%s; the header has %s, and a %s file's columns are %s",
			unknownText("column", unknown, d.known), strings.Join(names, ", "), d.format, strings.Join(d.known, ", "))
	}
	for _, c := range d.required {
		if _, ok := at[c]; ok || c == "domain" && domainGiven {
			continue
		}
		need := strings.Join(d.required, ", ")
		if d.format == CSV {
			need += "; action and id may follow; the domain may instead be given for every row"
		}
		return nil, parseErr("line 1", "the header has no %q column (a %s file needs %s); it has %s", c, d.format, need, strings.Join(names, ", "))
	}
	return at, nil
}

// unknownText names the unknown columns or keys of a file, each with the known one
// it is likely a misspelling of.
func unknownText(what string, unknown, known []string) string {
	parts := make([]string, len(unknown))
	for i, u := range unknown {
		parts[i] = strconv.Quote(clip(u))
		if k, ok := closest(u, known); ok {
			parts[i] += " (did you mean " + strconv.Quote(k) + "?)"
		}
	}
	if len(parts) == 1 {
		return "unknown " + what + " " + parts[0]
	}
	return "unknown " + what + "s " + strings.Join(parts, ", ")
}

// closest is the name of known nearest to s, when it is near enough to be what s
// meant: at most two edits away, and fewer than half of s.
func closest(s string, known []string) (string, bool) {
	best, bestD := "", 3
	for _, k := range known {
		if d := editDistance(s, k); d < bestD && d*2 < len(k) {
			best, bestD = k, d
		}
	}
	return best, best != ""
}

// editDistance is the Levenshtein distance of two short names, by runes (a name
// over 64 runes is far from every known one).
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	if len(ra) > 64 || len(rb) > 64 {
		return 64
	}
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// csvErr is a CSV reader's error as a *ParseError naming its line.
func csvErr(err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return parseErr(fmt.Sprintf("line %d", pe.Line), "%v", pe.Err)
	}
	return parseErr("", "%v", err)
}

// wordpressRow is a row of the Redirection plugin's CSV. Its rows that a HighLevel
// redirect cannot be are kept with the reason: disabled, a regular expression, a
// match on more than the URL, a status other than a permanent redirect.
func wordpressRow(get func(string) string, where string) Row {
	r := Row{Target: get("target"), Action: "url", Where: where}
	r.Domain, r.Path = splitSource(get("source"))
	switch status, typ := strings.ToLower(get("status")), strings.ToLower(get("type")); {
	case status == "disabled" || status == "inactive" || status == "0" || status == "false":
		r.Refusal = "disabled in WordPress (status " + clip(get("status")) + "): not moved"
	case isTrue(get("regex")):
		r.Refusal = "a regular expression (regex " + clip(get("regex")) + "): " + exactPathOnly
	case typ != "" && typ != "url":
		r.Refusal = "matches on " + clip(typ) + " as well as the URL (type " + clip(typ) + "): " + pathAlone
	default:
		r.Refusal = codeRefusal(get("code"))
	}
	return r
}

// isTrue reads a flag cell: 1, true or yes in any case.
func isTrue(s string) bool {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "1", "true", "yes":
		return true
	}
	return false
}
