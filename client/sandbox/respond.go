package sandbox

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strconv"
)

const jsonContentType = "application/json"

// reply is what a handler answers: a status and a body that is encoded as JSON.
// List answers set list instead of body so the dialect can reshape them.
type reply struct {
	status int
	body   any
	list   *listBody
	header map[string]string // extra response headers (Allow, Retry-After)
	raw    *rawBody          // sent as it is, not encoded (a 404 in a wording that is not JSON)
}

// rawBody is a body sent byte for byte with its own Content-Type ("" sends none).
type rawBody struct {
	contentType string
	bytes       []byte
}

func rawReply(status int, contentType string, b []byte) reply {
	return reply{status: status, raw: &rawBody{contentType: contentType, bytes: b}}
}

// listBody is a list answer before the dialect shapes it.
type listBody struct {
	key   string         // the wrapper key of the contract ("funnels"); "" = a bare array
	items any            // a non-nil slice, or one record where the service sends one
	extra map[string]any // siblings of the list, e.g. "count"
	nest  string         // the contract wraps the wrapper once more under this key ({"data": {"count", "data"}})
}

// errorBody is the error shape of the contract. message is a string, or an array of
// strings for 422.
type errorBody struct {
	StatusCode int    `json:"statusCode"`
	Message    any    `json:"message"`
	Error      string `json:"error"`
}

func ok(status int, body any) reply { return reply{status: status, body: body} }

func listReply(key string, items any, extra map[string]any) reply {
	return reply{status: http.StatusOK, list: &listBody{key: key, items: items, extra: extra}}
}

func errReply(status int, msg string) reply {
	return reply{status: status, body: errorBody{StatusCode: status, Message: msg, Error: http.StatusText(status)}}
}

// invalid is a 422 whose message is the array of every problem found.
func invalid(msgs ...string) reply {
	return reply{status: http.StatusUnprocessableEntity, body: errorBody{
		StatusCode: http.StatusUnprocessableEntity, Message: msgs, Error: http.StatusText(http.StatusUnprocessableEntity)}}
}

func (r reply) with(name, value string) reply {
	h := make(map[string]string, len(r.header)+1)
	for k, v := range r.header {
		h[k] = v
	}
	h[name] = value
	r.header = h
	return r
}

func (r reply) success() bool { return r.status >= 200 && r.status < 300 }

// encode turns a reply into the bytes sent: dialect applied to 2xx bodies, then
// traceID added to any object body.
func encode(r reply, d Dialect, traceID string) ([]byte, error) {
	if r.raw != nil {
		return r.raw.bytes, nil
	}
	var v any = r.body
	if r.list != nil {
		v = r.list.shape(d)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	if r.success() && d.rewritesRecords() {
		if b, err = d.rewrite(b); err != nil {
			return nil, err
		}
	}
	return withTraceID(b, traceID), nil
}

// withTraceID adds "traceId" as the last member of a JSON object; other JSON is returned as is.
func withTraceID(b []byte, id string) []byte {
	if len(b) < 2 || b[0] != '{' || b[len(b)-1] != '}' {
		return b
	}
	field := `"traceId":"` + id + `"`
	if len(bytes.TrimSpace(b[1:len(b)-1])) == 0 {
		return []byte("{" + field + "}")
	}
	out := make([]byte, 0, len(b)+len(field)+1)
	out = append(out, b[:len(b)-1]...)
	out = append(out, ',')
	out = append(out, field...)
	return append(out, '}')
}

func newTraceID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
	return hex.EncodeToString(b[:])
}

// writeJSON writes a JSON reply outside the API pipeline (control API, OAuth).
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status, b = http.StatusInternalServerError, []byte(`{"statusCode":500,"message":"encoding failed"}`)
	}
	writeRaw(w, status, jsonContentType, withTraceID(b, newTraceID()), false)
}

// writeRaw writes a complete answer with an exact Content-Length. With truncate it
// declares the full length, writes half of the body and returns: net/http then closes
// the connection because the handler wrote less than it declared.
func writeRaw(w http.ResponseWriter, status int, contentType string, body []byte, truncate bool) {
	h := w.Header()
	if contentType != "" {
		h.Set("Content-Type", contentType)
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	if truncate && len(body) > 1 {
		_, _ = w.Write(body[:len(body)/2])
		_ = http.NewResponseController(w).Flush()
		return
	}
	_, _ = w.Write(body)
}
