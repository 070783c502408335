package redirectplan

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Sort puts rows in the order files and plans show them: by domain, then path
// without case, then path, then id.
func Sort(rows []Row) {
	slices.SortStableFunc(rows, func(a, b Row) int {
		return cmp.Or(
			strings.Compare(strings.ToLower(a.Domain), strings.ToLower(b.Domain)),
			strings.Compare(strings.ToLower(a.Path), strings.ToLower(b.Path)),
			strings.Compare(a.Path, b.Path),
			strings.Compare(a.ID, b.ID),
		)
	})
}

// Write writes rows in format f, in the order of Sort (rows is sorted in place):
// CSV with the header domain,path,target,action,id; JSON as an indented array of
// objects with those keys; JSONL one object a line. The same rows give the same
// bytes. No value reaches the file as a formula a spreadsheet runs or as a
// character a terminal acts on (cell.go); Read reads them back as they were.
func Write(w io.Writer, f Format, rows []Row) error {
	Sort(rows)
	bw := bufio.NewWriter(w)
	switch f {
	case CSV:
		cw := csv.NewWriter(bw)
		if err := cw.Write(columns); err != nil {
			return fmt.Errorf("writing CSV: %w", err)
		}
		for _, r := range rows {
			if err := cw.Write([]string{escapeCell(r.Domain), escapeCell(r.Path), escapeCell(r.Target), escapeCell(r.Action), escapeCell(r.ID)}); err != nil {
				return fmt.Errorf("writing CSV: %w", err)
			}
		}
		cw.Flush()
		if err := cw.Error(); err != nil {
			return fmt.Errorf("writing CSV: %w", err)
		}
	case JSON:
		if rows == nil {
			rows = []Row{}
		}
		if err := encodeVisible(bw, rows, "  "); err != nil {
			return fmt.Errorf("writing JSON: %w", err)
		}
	case JSONL:
		for _, r := range rows {
			if err := encodeVisible(bw, r, ""); err != nil {
				return fmt.Errorf("writing JSONL: %w", err)
			}
		}
	default:
		return fmt.Errorf("unknown format %q", string(f))
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing %s: %w", f, err)
	}
	return nil
}

// encodeVisible writes v as JSON and a newline, indented by indent, with every
// character that is not printable escaped (jsonVisible).
func encodeVisible(w io.Writer, v any, indent string) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", indent)
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := w.Write(jsonVisible(buf.Bytes()))
	return err
}
