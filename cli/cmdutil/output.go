package cmdutil

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"
	"text/template"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/itchyny/gojq"
	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/ui/termtext"
)

// The output rules of every command live here and in table.go:
//
//   - On a terminal: aligned tables with a header, cells cut to a width; sentences
//     ("Created step …") on standard output.
//   - Piped: tab-separated rows without a header, every value whole; sentences on
//     standard error, so standard output holds only data.
//   - --json: the whole result as JSON (its shape is the command's own); --json with
//     a list of fields: an array (or object) of just those fields; --jq EXPR filters
//     the JSON (gojq, no jq needed); --template TEXT formats it with Go's
//     text/template. Every string from the server passes package termtext on its
//     way to the terminal.

// jsonAll is what a bare --json sets: the whole result.
const jsonAll = "*"

// Exporter is the --json, --jq and --template flags of one command and what they
// asked for.
type Exporter struct {
	valid  []string // the field names --json may list
	All    bool     // a bare --json
	fields []string // --json FIELD,…
	jq     *gojq.Code
	jqText string
	tmpl   *template.Template
}

// Enabled reports whether JSON (or something made from it) was asked for.
func (e *Exporter) Enabled() bool {
	return e.All || len(e.fields) > 0 || e.jq != nil || e.tmpl != nil
}

// AddJSONFlags gives cmd --json [FIELDS], --jq and --template. fields are the names
// --json may list (fieldsOf gives them for a record type).
func AddJSONFlags(cmd *cobra.Command, e *Exporter, fields []string) {
	e.valid = fields
	f := cmd.Flags()
	f.Var(&jsonFieldsValue{e}, "json", "print JSON: the whole result, or only the fields listed (--json id,name)")
	f.Lookup("json").NoOptDefVal = jsonAll
	f.Var(&JQValue{e}, "jq", "filter the JSON with a jq expression (built in, no jq needed)")
	f.Var(&TemplateValue{e}, "template", "format the JSON with a Go text/template")
	_ = cmd.RegisterFlagCompletionFunc("json", func(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
		i := strings.LastIndex(toComplete, ",")
		prefix, partial := toComplete[:i+1], toComplete[i+1:]
		var out []cobra.Completion
		for _, name := range fields {
			if strings.HasPrefix(name, partial) {
				out = append(out, prefix+name)
			}
		}
		return out, cobra.ShellCompDirectiveNoSpace | cobra.ShellCompDirectiveNoFileComp
	})
	cmd.Annotations = withAnnotation(cmd.Annotations, annotationJSON, strings.Join(fields, ","))
}

// jsonFieldsValue is --json: a bare flag asks for everything; a value, for fields.
type jsonFieldsValue struct{ e *Exporter }

func (v *jsonFieldsValue) String() string { return strings.Join(v.e.fields, ",") }
func (v *jsonFieldsValue) Type() string   { return "fields" }
func (v *jsonFieldsValue) Set(s string) error {
	if s == jsonAll {
		v.e.All = true
		return nil
	}
	var fields []string
	for _, name := range strings.Split(s, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		if !slices.Contains(v.e.valid, name) {
			return fmt.Errorf("unknown field %q; the fields are: %s", termtext.Line(name), strings.Join(v.e.valid, ", "))
		}
		if !slices.Contains(fields, name) {
			fields = append(fields, name)
		}
	}
	if len(fields) == 0 {
		return fmt.Errorf("no field named; the fields are: %s", strings.Join(v.e.valid, ", "))
	}
	v.e.fields = fields
	return nil
}

// JQValue is --jq: the expression is compiled when the flag is read, so a bad one is
// refused before anything is sent.
type JQValue struct{ E *Exporter }

func (v *JQValue) String() string { return v.E.jqText }
func (v *JQValue) Type() string   { return "expression" }
func (v *JQValue) Set(s string) error {
	if v.E.tmpl != nil {
		return errors.New("--jq and --template cannot be used together")
	}
	q, err := gojq.Parse(s)
	if err != nil {
		return fmt.Errorf("not a jq expression: %v", err)
	}
	code, err := gojq.Compile(q)
	if err != nil {
		return fmt.Errorf("not a jq expression: %v", err)
	}
	v.E.jq, v.E.jqText = code, s
	return nil
}

// TemplateValue is --template, parsed when the flag is read.
type TemplateValue struct{ E *Exporter }

func (v *TemplateValue) String() string { return "" }
func (v *TemplateValue) Type() string   { return "template" }
func (v *TemplateValue) Set(s string) error {
	if v.E.jq != nil {
		return errors.New("--jq and --template cannot be used together")
	}
	t, err := template.New("--template").Option("missingkey=zero").Funcs(templateFuncs()).Parse(s)
	if err != nil {
		return fmt.Errorf("not a template: %v", err)
	}
	v.E.tmpl = t
	return nil
}

// templateFuncs are the functions --template offers beside Go's own.
func templateFuncs() template.FuncMap {
	return template.FuncMap{
		// join "," .list joins a list of values.
		"join": func(sep string, list []any) string {
			parts := make([]string, len(list))
			for i, v := range list {
				parts[i] = fmt.Sprint(v)
			}
			return strings.Join(parts, sep)
		},
		// truncate 20 .name cuts text to so many characters, with … when cut.
		"truncate": func(n int, s string) string {
			if r := []rune(s); len(r) > n && n > 0 {
				return string(r[:n-1]) + "…"
			}
			return s
		},
		// json . writes a value as compact JSON.
		"json": func(v any) (string, error) {
			b, err := json.Marshal(v)
			return string(b), err
		},
		// pluck "id" .steps lists one field of every object of a list.
		"pluck": func(field string, list []any) []any {
			out := make([]any, 0, len(list))
			for _, v := range list {
				if m, ok := v.(map[string]any); ok {
					out = append(out, m[field])
				}
			}
			return out
		},
		// timefmt "2006-01-02" .dateUpdated re-formats an RFC 3339 time.
		"timefmt": func(layout, s string) string {
			t, err := time.Parse(time.RFC3339Nano, s)
			if err != nil {
				return s
			}
			return t.UTC().Format(layout)
		},
	}
}

// Write prints what --json, --jq or --template asked for. whole is the command's
// full JSON result; records is what --json FIELDS picks from: a slice of records (an
// array comes out) or one record (an object).
func (e *Exporter) Write(ctx context.Context, ios *IOStreams, whole, records any) error {
	var data any = whole
	if len(e.fields) > 0 {
		picked, err := pickFields(records, e.fields)
		if err != nil {
			return err
		}
		data = picked
	}
	switch {
	case e.jq != nil:
		return e.writeJQ(ctx, ios.Out, data)
	case e.tmpl != nil:
		v, err := plainJSON(data)
		if err != nil {
			return err
		}
		var buf bytes.Buffer
		if err := e.tmpl.Execute(&buf, v); err != nil {
			return Usagef("--template: %w", err)
		}
		_, err = io.WriteString(ios.Out, termtext.Block(buf.String()))
		return err
	}
	return PrintJSON(ios.Out, data)
}

// writeJQ runs --jq over data: strings come out as they are (like jq -r), anything
// else as compact JSON, one per line.
func (e *Exporter) writeJQ(ctx context.Context, w io.Writer, data any) error {
	v, err := plainJSON(data)
	if err != nil {
		return err
	}
	iter := e.jq.RunWithContext(ctx, v)
	var buf bytes.Buffer
results:
	for {
		out, ok := iter.Next()
		if !ok {
			break
		}
		switch out := out.(type) {
		case *gojq.HaltError:
			if out.Value() == nil {
				break results
			}
			return Usagef("--jq: %w", out)
		case error:
			return Usagef("--jq: %w", out)
		case string:
			buf.WriteString(termtext.Block(out))
		default:
			b, err := gojq.Marshal(out)
			if err != nil {
				return Usagef("--jq: %w", err)
			}
			buf.Write(termtext.EscapeJSON(b))
		}
		buf.WriteByte('\n')
	}
	_, err = w.Write(buf.Bytes())
	return err
}

// plainJSON is v as encoding/json reads JSON into an any: what jq and templates take.
func plainJSON(v any) (any, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("encode the JSON output: %w", err)
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, fmt.Errorf("encode the JSON output: %w", err)
	}
	return out, nil
}

// pickFields keeps only fields of records (a slice of records, or one). A record
// without a field gets null there, so every object has the same keys.
func pickFields(records any, fields []string) (any, error) {
	v, err := plainJSON(records)
	if err != nil {
		return nil, err
	}
	pick := func(rec any) map[string]any {
		m, _ := rec.(map[string]any)
		out := make(map[string]any, len(fields))
		for _, f := range fields {
			out[f] = m[f]
		}
		return out
	}
	if list, ok := v.([]any); ok {
		out := make([]any, len(list))
		for i, rec := range list {
			out[i] = pick(rec)
		}
		return out, nil
	}
	return pick(v), nil
}

// FieldsOf lists the JSON names of the fields of the struct types of records (their
// embedded structs included), each once, in order.
func FieldsOf(records ...any) []string {
	var out []string
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct {
			return
		}
		for i := range t.NumField() {
			sf := t.Field(i)
			tag := sf.Tag.Get("json")
			name, _, _ := strings.Cut(tag, ",")
			if name == "-" || (!sf.IsExported() && !sf.Anonymous) {
				continue
			}
			if sf.Anonymous && name == "" {
				walk(sf.Type)
				continue
			}
			if name == "" {
				name = sf.Name
			}
			if !slices.Contains(out, name) {
				out = append(out, name)
			}
		}
	}
	for _, r := range records {
		walk(reflect.TypeOf(r))
	}
	return out
}

// PrintJSON writes v as indented JSON and a newline, safe for a terminal.
func PrintJSON(w io.Writer, v any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("encode the JSON output: %w", err)
	}
	_, err := w.Write(termtext.EscapeJSON(buf.Bytes()))
	return err
}

// PrettyJSON indents a JSON body, keeping its keys in the server's order; ok is false
// when the body is not JSON.
func PrettyJSON(body []byte) (out []byte, ok bool) {
	body = bytes.TrimSpace(body)
	if len(body) == 0 || !json.Valid(body) {
		return nil, false
	}
	var buf bytes.Buffer
	if err := json.Indent(&buf, body, "", "  "); err != nil {
		return nil, false
	}
	buf.WriteByte('\n')
	return termtext.EscapeJSON(buf.Bytes()), true
}

// OrderedFields lists the fields of a JSON object in the order the server sent them,
// each value as text: strings as they are, anything else as compact JSON.
func OrderedFields(raw json.RawMessage) ([]KV, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, fmt.Errorf("not a JSON object")
	}
	var out []KV
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
		out = append(out, KV{Key: key, Value: valueText(val)})
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

// OrDash shows an empty value as "-" in a table.
func OrDash(s string) string {
	if strings.TrimSpace(s) == "" {
		return "-"
	}
	return s
}

// OrDefault is s, or def when s is empty.
func OrDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// Plural is "1 step", "3 steps".
func Plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// QuoteInput quotes what someone typed for a message, cut short when long.
func QuoteInput(s string) string {
	const max = 80
	if len(s) > max {
		return termtext.Line(fmt.Sprintf("%q…", s[:max]))
	}
	return termtext.Line(fmt.Sprintf("%q", s))
}

// Notice writes a message for the person at the terminal on standard error, where it
// never mixes with a result; on a terminal its lines are wrapped to the width.
func (f *Factory) Notice(format string, a ...any) {
	fmt.Fprint(f.IO.ErrOut, wrapIndented(fmt.Sprintf(format, a...), f.IO.errWidth())+"\n")
}

// Prose writes a sentence about the result: on standard output at a terminal, on
// standard error when standard output is piped; on a terminal wrapped to its width.
func (f *Factory) Prose(format string, a ...any) {
	fmt.Fprint(f.IO.Prose(), wrapIndented(fmt.Sprintf(format, a...), f.IO.proseWidth())+"\n")
}

// wrapIndented wraps each line of text longer than width (0: unknown, nothing
// changes) at spaces, its continuation lines under the line's own indent.
func wrapIndented(text string, width int) string {
	if width <= 0 {
		return text
	}
	lines := strings.Split(text, "\n")
	out := make([]string, 0, len(lines))
	for _, line := range lines {
		body := strings.TrimLeft(line, " ")
		indent := line[:len(line)-len(body)]
		if len(indent) >= width/2 {
			indent = ""
		}
		for _, part := range termtext.Wrap(body, width-len(indent)) {
			out = append(out, indent+part)
		}
	}
	return strings.Join(out, "\n")
}

// wrapHanging wraps one line of text to width at spaces (termtext.Wrap), its lines
// after the first under column under (when that leaves room; else at the start).
func wrapHanging(line string, width, under int) []string {
	if width <= 0 || ansi.StringWidth(line) <= width {
		return []string{line}
	}
	if under >= width/2 {
		under = 0
	}
	first := termtext.Wrap(line, width)[0]
	out := []string{first}
	for _, r := range termtext.Wrap(strings.TrimLeft(line[len(first):], " "), width-under) {
		out = append(out, strings.Repeat(" ", under)+r)
	}
	return out
}

// Data writes one line of data for a script when standard output is not a terminal
// (the id of what was made); at a terminal the prose said it already.
func (f *Factory) Data(line string) {
	if !f.IO.OutTTY && line != "" {
		fmt.Fprintln(f.IO.Out, termtext.Line(line))
	}
}

// JSONFields are the names cmd's --json may list (none without --json).
func JSONFields(cmd *cobra.Command) []string {
	if f := cmd.Annotations[annotationJSON]; f != "" {
		return strings.Split(f, ",")
	}
	return nil
}
