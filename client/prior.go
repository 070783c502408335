package client

import (
	"context"
	"encoding/json"
)

// What a write's record carries for an audit besides what was sent: the record it
// changes as the caller last read it (Prior, given with WithPrior), and the answer's
// body (Answer), kept for writes only and only up to maxRecordedAnswer.

// priorKey carries, on a write's context, the record the write changes as it was.
type priorKey struct{}

// maxRecordedAnswer bounds the answer body a write's record keeps: a longer answer
// is left out of the record (the caller still gets it whole).
const maxRecordedAnswer = 64 << 10

// WithPrior returns a context whose writes carry record — what they change or delete,
// as the caller last read it — as JSON in their RequestStarted and RequestRecord. A
// record that does not marshal leaves ctx as it is.
func WithPrior(ctx context.Context, record any) context.Context {
	data, err := json.Marshal(record)
	if err != nil || len(data) > maxRecordedAnswer {
		return ctx
	}
	return context.WithValue(ctx, priorKey{}, json.RawMessage(data))
}

// priorOf is the record WithPrior put on ctx for a write; nil for a read or none.
func priorOf(ctx context.Context, write bool) []byte {
	if !write {
		return nil
	}
	v, _ := ctx.Value(priorKey{}).(json.RawMessage)
	return v
}

// recordedAnswer is the part of a write's answer its record keeps: all of it up to
// maxRecordedAnswer, nothing beyond; nothing of a read.
func recordedAnswer(body []byte, write bool) []byte {
	if !write || len(body) > maxRecordedAnswer {
		return nil
	}
	return body
}
