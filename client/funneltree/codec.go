package funneltree

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"go.yaml.in/yaml/v3"
)

// Format is how an export's files are written.
type Format string

// The formats of an export.
const (
	YAML Format = "yaml"
	JSON Format = "json"
)

// Formats are the formats an export can be written in.
func Formats() []string { return []string{string(YAML), string(JSON)} }

// ParseFormat is the format named s.
func ParseFormat(s string) (Format, bool) {
	switch Format(s) {
	case YAML, JSON:
		return Format(s), true
	}
	return "", false
}

// ext is the file extension of the format, with its dot.
func (f Format) ext() string { return "." + string(f) }

// encode is v in the format: YAML indented by two, JSON by two with a final newline.
func encode(v any, f Format) ([]byte, error) {
	var buf bytes.Buffer
	switch f {
	case JSON:
		enc := json.NewEncoder(&buf)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(v); err != nil {
			return nil, err
		}
	default:
		if fn, ok := v.(*Funnel); ok {
			return funnelYAML(fn), nil
		}
		enc := yaml.NewEncoder(&buf)
		enc.SetIndent(2)
		if err := enc.Encode(v); err != nil {
			return nil, err
		}
		if err := enc.Close(); err != nil {
			return nil, err
		}
	}
	return buf.Bytes(), nil
}

// decode reads data in the format into v, refusing a field v has none of and a
// second document; a decoder that panics on a damaged file is an error too.
func decode(data []byte, f Format, v any) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("unreadable %s: %v", f, r)
		}
	}()
	switch f {
	case JSON:
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(v); err != nil {
			return err
		}
		if _, err := dec.Token(); !errors.Is(err, io.EOF) {
			return errors.New("more than one JSON value")
		}
		return nil
	default:
		if fn, ok := v.(*Funnel); ok {
			if read, ok := readFunnelYAML(data); ok {
				*fn = read
				return nil
			}
		}
		dec := yaml.NewDecoder(bytes.NewReader(data))
		dec.KnownFields(true)
		if err := dec.Decode(v); err != nil {
			if errors.Is(err, io.EOF) {
				return errors.New("empty file")
			}
			return err
		}
		var more yaml.Node
		if err := dec.Decode(&more); !errors.Is(err, io.EOF) {
			return errors.New("more than one YAML document")
		}
		return nil
	}
}
