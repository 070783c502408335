package validate

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// JSON checks that s is one JSON value (for a raw request body) and returns it
// trimmed. The message points at the first mistake.
func JSON(field, s string) (json.RawMessage, error) {
	b := bytes.TrimSpace([]byte(s))
	if len(b) == 0 {
		return nil, fail(field, s, "is required")
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fail(field, s, "is not valid JSON: "+jsonProblem(err))
	}
	if dec.More() {
		return nil, fail(field, s, fmt.Sprintf("is not valid JSON: more data after the value at byte %d", dec.InputOffset()))
	}
	if !json.Valid(b) {
		return nil, fail(field, s, "is not valid JSON")
	}
	return json.RawMessage(b), nil
}

// JSONObject checks that s is a JSON object ({…}), as bodies whose fields the spec
// leaves open must be.
func JSONObject(field, s string) (json.RawMessage, error) {
	b, err := JSON(field, s)
	if err != nil {
		return nil, err
	}
	if b[0] != '{' {
		return nil, fail(field, s, "must be a JSON object such as {\"key\": \"value\"}")
	}
	return b, nil
}

// jsonProblem words a decoding error with where it happened.
func jsonProblem(err error) string {
	var syn *json.SyntaxError
	if errors.As(err, &syn) {
		return fmt.Sprintf("%v (at byte %d)", syn, syn.Offset)
	}
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return "it ends too early"
	}
	return err.Error()
}
