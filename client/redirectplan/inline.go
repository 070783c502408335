package redirectplan

import (
	"bytes"
	"encoding/json"
	"strings"
)

// MaxInlineBytes bounds rows given inline (an assistant's tool call): a bigger move
// is a file.
const MaxInlineBytes = 4 << 20

// ReadInline reads rows given inline rather than in a file, in either shape a
// caller sends them: text (a JSON string) in a format — o.Format, or the one its
// content shows: a JSON array or object, JSON lines, the rules of a _redirects file,
// else CSV with a header — or the rows themselves, a JSON array of objects
// with the keys of a JSON file (or an object holding one under "redirects"). v is
// the value as JSON (json.RawMessage) or as encoding/json decodes it into an any.
// A value of another shape, empty, or over MaxInlineBytes is a *ParseError.
func ReadInline(v any, o ReadOptions) ([]Row, error) {
	raw, ok := v.(json.RawMessage)
	if !ok {
		b, err := json.Marshal(v)
		if err != nil {
			return nil, parseErr("", "rows must be text or a JSON array of objects")
		}
		raw = b
	}
	raw = bytes.TrimSpace(raw)
	if len(raw) > MaxInlineBytes {
		return nil, parseErr("", "the rows are %d bytes, more than %d: give a bigger move as a file", len(raw), MaxInlineBytes)
	}
	var text string
	switch {
	case len(raw) == 0 || string(raw) == "null":
		return nil, parseErr("", "no rows: give CSV text with a header (%s) or a JSON array of objects", strings.Join(columns, ","))
	case raw[0] == '"':
		if err := json.Unmarshal(raw, &text); err != nil {
			return nil, parseErr("", "rows: %v", err)
		}
	case raw[0] == '[' || raw[0] == '{':
		if o.Format == "" {
			o.Format = JSON
		}
		text = string(raw)
	default:
		return nil, parseErr("", "rows must be text or a JSON array of objects, not %s", clip(string(raw)))
	}
	if strings.TrimSpace(text) == "" {
		return nil, parseErr("", "no rows: give CSV text with a header (%s) or a JSON array of objects", strings.Join(columns, ","))
	}
	if o.Format == "" {
		o.Format = inlineFormat(text)
	}
	rows, _, err := ReadFrom(strings.NewReader(text), o)
	return rows, err
}

// inlineFormat is the format text given inline shows (as a file's content does,
// detect), CSV when it shows none.
func inlineFormat(text string) Format {
	if f, ok := detect("", []byte(text)); ok {
		return f
	}
	return CSV
}
