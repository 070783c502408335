package client

import (
	"context"
	"encoding/json"
)

// Result is the answer of an operation whose response the spec leaves open (the
// conversion, the triggers, the page actions, the social attach): the few fields
// seen in practice, and the whole body in Raw.
type Result struct {
	Success bool            `json:"success"`
	Message string          `json:"message,omitempty"`
	ID      string          `json:"id,omitempty"`
	EventID string          `json:"eventId,omitempty"`
	TraceID string          `json:"traceId,omitempty"`
	Raw     json.RawMessage `json:"raw,omitempty"`
}

// decodeResult reads a Result from any JSON body; a body that is not an object (or
// empty) leaves all but Raw empty.
func decodeResult(body []byte) Result {
	r := Result{Raw: append(json.RawMessage(nil), body...)}
	if len(body) == 0 {
		r.Raw = nil
	}
	o, err := objectFields(body)
	if err != nil {
		return r
	}
	r.Success = o.bool("success")
	if _, ok := o.get("success"); !ok {
		r.Success = true // a 2xx without a verdict is a success
	}
	if msgs := o.strs("message"); len(msgs) > 0 {
		r.Message = msgs[0]
	}
	r.ID = o.str("id")
	r.EventID = o.str("eventid")
	r.TraceID = o.str("traceid")
	return r
}

// doResult sends cl and reads its answer as a Result.
func (c *Client) doResult(ctx context.Context, cl call) (*Result, *Response, error) {
	body, resp, err := c.do(ctx, cl)
	if err != nil {
		return nil, resp, err
	}
	r := decodeResult(body)
	return &r, resp, nil
}
