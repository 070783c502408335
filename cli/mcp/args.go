package mcp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/funnelsdev/funnels/cli/cmdutil"
)

// line is the command line a call stands for: its words, what it reads on standard
// input, and whether it names another sub-account than the one served.
type line struct {
	args      []string
	stdin     string
	elsewhere bool
}

// commandLine is the command line a call of t with the arguments raw stands for:
// the command's words, each flag as --name=value, the tool's own flags, --json, and
// after "--" the positional arguments, so that no value is ever read as a flag. An
// argument the tool does not take, or one of the wrong type, is refused, and so is
// an export directory outside the server's --exports-dir.
func (s *server) commandLine(t toolOf, raw json.RawMessage) (line, error) {
	given := map[string]json.RawMessage{}
	if b := bytes.TrimSpace(raw); len(b) > 0 && string(b) != "null" {
		if err := json.Unmarshal(b, &given); err != nil {
			return line{}, cmdutil.Usagef("the arguments must be a JSON object: %w", err)
		}
	}
	for name, v := range given {
		if string(bytes.TrimSpace(v)) == "null" {
			delete(given, name) // a client that fills every property sends null for those left out
		}
	}
	var names []string
	for _, a := range t.args {
		names = append(names, a.Name)
	}
	for name := range given {
		if !slices.Contains(names, name) {
			return line{}, cmdutil.Usagef("%s takes no argument %s; it takes %s", t.tool.Name, cmdutil.QuoteInput(name), takes(names))
		}
	}
	words := strings.Fields(t.cmd.Cobra.CommandPath())[1:]
	var flags []string
	positionals := make([]string, len(t.args))
	last := -1
	var out line
	var err error
	for _, a := range t.args {
		v, ok := given[a.Name]
		if !ok {
			if a.Required {
				return line{}, cmdutil.Usagef("%s is required: %s", a.Name, a.Help)
			}
			if d, ok := t.tool.Defaults[a.Flag]; ok {
				flags = append(flags, "--"+a.Flag+"="+d)
			}
			continue
		}
		if a.Stdin {
			if out.stdin, err = stdinOf(a, v); err != nil {
				return line{}, err
			}
			positionals[a.Pos], last = "-", max(last, a.Pos)
			continue
		}
		values, err := valuesOf(a, v)
		if err != nil {
			return line{}, err
		}
		switch {
		case a.Pos >= 0:
			value, err := s.fileArg(t.cmd, a, values[0])
			if err != nil {
				return line{}, err
			}
			positionals[a.Pos], last = value, max(last, a.Pos)
		default:
			out.elsewhere = out.elsewhere || a.Global
			for _, v := range values {
				flags = append(flags, "--"+a.Flag+"="+v)
			}
		}
	}
	if _, located := given["location"]; !located && slices.ContainsFunc(t.args, func(a cmdutil.ToolArg) bool { _, ok := given[a.Name]; return a.Set && ok }) {
		flags = append(flags, "--location=") // a set of the sign-in's own instead of the one served
	}
	out.args = append(append(append(words, flags...), t.tool.Fixed...), "--json", "--")
	out.args = append(out.args, positionals[:last+1]...)
	return out, nil
}

// takes names the arguments a tool takes, for a refusal.
func takes(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// valuesOf is an argument's value as its flag reads it: one word, or one per item
// of a list. Clients send what they can: the official Inspector sends a value typed
// into its form as text unless the schema says otherwise, and its command line reads
// digits as a number; so a boolean may come as "true" or "false", a number as its
// digits, a string as a number or a boolean (its JSON text), and a list as one item,
// several items separated by commas, or the JSON text of a list.
func valuesOf(a cmdutil.ToolArg, raw json.RawMessage) ([]string, error) {
	v, err := decodeArg(a, raw)
	if err != nil {
		return nil, err
	}
	bad := func(want string) error {
		return cmdutil.Usagef("%s must be %s, not %s", a.Name, want, cmdutil.QuoteInput(string(raw)))
	}
	switch a.Type {
	case "boolean":
		switch x := v.(type) {
		case bool:
			return []string{strconv.FormatBool(x)}, nil
		case string:
			if b, err := strconv.ParseBool(strings.TrimSpace(x)); err == nil {
				return []string{strconv.FormatBool(b)}, nil
			}
		}
		return nil, bad("true or false")
	case "integer", "number":
		text := ""
		switch x := v.(type) {
		case json.Number:
			text = x.String()
		case string:
			text = strings.TrimSpace(x)
		}
		if _, err := strconv.ParseInt(text, 10, 64); err == nil || a.Type == "number" && isFloat(text) {
			return []string{text}, nil
		}
		return nil, bad("a whole number")
	case "array":
		if x, ok := v.(string); ok {
			if items, ok := listText(x); ok {
				v = items
			} else {
				return []string{x}, nil
			}
		}
		if x, ok := v.([]any); ok {
			out := make([]string, 0, len(x))
			for _, item := range x {
				s, ok := scalarText(item)
				if !ok {
					return nil, bad("a list of strings")
				}
				out = append(out, s)
			}
			return out, nil
		}
		return nil, bad("a list of strings")
	}
	if s, ok := scalarText(v); ok {
		return []string{s}, nil
	}
	return nil, bad("a string")
}

// decodeArg is an argument's JSON value, its numbers kept as they were written.
func decodeArg(a cmdutil.ToolArg, raw json.RawMessage) (any, error) {
	var v any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return nil, cmdutil.Usagef("%s: %w", a.Name, err)
	}
	return v, nil
}

// scalarText is a string as it is, and a number or a boolean as its JSON text; false
// for anything else.
func scalarText(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		return x, true
	case json.Number:
		return x.String(), true
	case bool:
		return strconv.FormatBool(x), true
	}
	return "", false
}

// listText is the list a text holds when it is the JSON text of one (["a","b"]).
func listText(s string) ([]any, bool) {
	t := strings.TrimSpace(s)
	if !strings.HasPrefix(t, "[") {
		return nil, false
	}
	dec := json.NewDecoder(strings.NewReader(t))
	dec.UseNumber()
	var items []any
	if err := dec.Decode(&items); err != nil || dec.More() {
		return nil, false
	}
	return items, true
}

// stdinOf is what the command reads on standard input for argument a: text as it
// is, or a JSON array or object as its JSON text (rows given as objects are read as
// a JSON file of them is).
func stdinOf(a cmdutil.ToolArg, raw json.RawMessage) (string, error) {
	v, err := decodeArg(a, raw)
	if err != nil {
		return "", err
	}
	switch x := v.(type) {
	case string:
		return x, nil
	case []any, map[string]any:
		return string(bytes.TrimSpace(raw)), nil
	}
	return "", cmdutil.Usagef("%s must be text or JSON (an array or an object), not %s", a.Name, cmdutil.QuoteInput(string(raw)))
}

func isFloat(s string) bool {
	_, err := strconv.ParseFloat(s, 64)
	return err == nil
}

// inputSchema is the JSON schema of a tool's arguments: an object of plain types
// every client can send (no unions), no other property.
func inputSchema(args []cmdutil.ToolArg) *jsonschema.Schema {
	s := &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{}, AdditionalProperties: &jsonschema.Schema{Not: &jsonschema.Schema{}}}
	for _, a := range args {
		p := &jsonschema.Schema{Type: a.Type, Description: a.Help}
		if a.MaxLength > 0 {
			p.MaxLength = &a.MaxLength
		}
		if a.Minimum != nil {
			least, most := float64(*a.Minimum), float64(*a.Maximum)
			p.Minimum, p.Maximum = &least, &most
		}
		if a.Type == "array" {
			p.Items = &jsonschema.Schema{Type: "string"}
		}
		if a.Default != "" {
			if d, err := defaultJSON(a); err == nil {
				p.Default = d
			}
		}
		s.Properties[a.Name] = p
		if a.Required {
			s.Required = append(s.Required, a.Name)
		}
	}
	return s
}

// defaultJSON is an argument's default as a JSON value of its type.
func defaultJSON(a cmdutil.ToolArg) (json.RawMessage, error) {
	switch a.Type {
	case "boolean", "integer", "number":
		if !json.Valid([]byte(a.Default)) {
			return nil, fmt.Errorf("%s: %q is not a %s", a.Name, a.Default, a.Type)
		}
		return json.RawMessage(a.Default), nil
	}
	return json.Marshal(a.Default)
}
