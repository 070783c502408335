package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// The printers of the headless commands: human text (aligned columns and "Key: value"
// lines) and JSON. Every string that came from the server goes through cleanLine or
// escapeJSONText on its way out.

// printJSON writes v as indented JSON and a newline.
func printJSON(w io.Writer, v any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("encode the JSON output: %w", err)
	}
	_, err := w.Write(escapeJSONText(buf.Bytes()))
	return err
}

// prettyJSON indents a JSON body, keeping its keys in the server's order; ok is false
// when the body is not JSON.
func prettyJSON(body []byte) (out []byte, ok bool) {
	body = bytes.TrimSpace(body)
	if len(body) == 0 || !json.Valid(body) {
		return nil, false
	}
	var buf bytes.Buffer
	if err := json.Indent(&buf, body, "", "  "); err != nil {
		return nil, false
	}
	buf.WriteByte('\n')
	return escapeJSONText(buf.Bytes()), true
}

// printTable writes rows under a header with aligned columns. Cells are cleaned.
func printTable(w io.Writer, header []string, rows [][]string) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(header, "\t"))
	for _, row := range rows {
		cells := make([]string, len(row))
		for i, c := range row {
			cells[i] = cleanLine(c)
		}
		fmt.Fprintln(tw, strings.Join(cells, "\t"))
	}
	return tw.Flush()
}

// kv is one "Key: value" line.
type kv struct{ key, value string }

// printFields writes aligned "Key: value" lines; keys and values are cleaned.
func printFields(w io.Writer, fields []kv) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, f := range fields {
		fmt.Fprintf(tw, "%s:\t%s\n", cleanLine(f.key), cleanLine(f.value))
	}
	return tw.Flush()
}

// orderedFields lists the fields of a JSON object in the order the server sent them,
// each value as text: strings as they are, anything else as compact JSON.
func orderedFields(raw json.RawMessage) ([]kv, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, fmt.Errorf("not a JSON object")
	}
	var out []kv
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("read a key: %w", err)
		}
		key, _ := tok.(string)
		var val json.RawMessage
		if err := dec.Decode(&val); err != nil {
			return nil, fmt.Errorf("read the value of %q: %w", key, err)
		}
		out = append(out, kv{key: key, value: valueText(val)})
	}
	return out, nil
}

// valueText shows one JSON value on a line.
func valueText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var buf bytes.Buffer
	if json.Compact(&buf, raw) == nil {
		return buf.String()
	}
	return string(raw)
}

// orDash shows an empty value as "-" in a table.
func orDash(s string) string {
	if strings.TrimSpace(s) == "" {
		return "-"
	}
	return s
}

// plural is "1 step", "3 steps".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// printJSON writes v to standard output as JSON and returns the exit code.
func (in *invocation) printJSON(v any) int {
	if err := printJSON(in.env.Stdout, v); err != nil {
		return in.fail(err)
	}
	return exitOK
}

// printTable writes a table to standard output and returns the exit code.
func (in *invocation) printTable(header []string, rows [][]string) int {
	if err := printTable(in.env.Stdout, header, rows); err != nil {
		return in.fail(err)
	}
	return exitOK
}
