package sandbox

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
)

// stepURLPattern is the rule for step and page paths. It and the other expressions
// are compiled on first use: the sandbox is linked into every run of funnels, and
// a package's variables are made before any command starts (a sync.OnceValue is
// made once and never changes).
var stepURLPattern = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^/[a-z0-9_/-]*$`) })

var currencyPattern = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z]{3}$`) })

var uuidV4Pattern = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-4[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$`)
})

// stepTypes are the step types the sandbox accepts.
var stepTypes = []string{
	"optin_funnel_page", "sales_funnel_page", "thankyou_funnel_page", "upsell_funnel_page",
	"downsell_funnel_page", "webinar_funnel_page", "misc_funnel_page",
}

// eventNames are the values of ConversionPayload.eventName (spec, "Events").
var eventNames = []string{
	"PageView", "Purchase", "Lead", "CompleteRegistration", "AddToCart", "AddToWishlist",
	"InitiateCheckout", "Search", "ViewContent", "Contact", "CustomizeProduct", "Donate",
	"FindLocation", "Schedule", "StartTrial", "SubmitApplication", "Subscribe", "ViewCart",
	"ViewProduct", "Other",
}

// decodeObject decodes a JSON object body into v. An empty body counts as {}. Bad JSON
// or a body that is not an object is a 400; a field of the wrong JSON type is a 422
// naming the field (prefix is put before it, e.g. "step.").
func decodeObject(body []byte, v any, prefix string) *reply {
	body = bytes.TrimSpace(body)
	if len(body) == 0 {
		body = []byte("{}")
	}
	if body[0] != '{' {
		r := errReply(http.StatusBadRequest, "body must be a JSON object")
		if !json.Valid(body) {
			r = errReply(http.StatusBadRequest, "Unexpected token in JSON body")
		}
		return &r
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	err := dec.Decode(v)
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &te):
		if !json.Valid(body) {
			r := errReply(http.StatusBadRequest, "Unexpected token in JSON body")
			return &r
		}
		r := invalid(prefix + te.Field + " must be " + jsonKind(te.Type))
		return &r
	case err != nil:
		r := errReply(http.StatusBadRequest, "Unexpected token in JSON body")
		return &r
	}
	if _, err := dec.Token(); err != io.EOF {
		r := errReply(http.StatusBadRequest, "Unexpected data after the JSON body")
		return &r
	}
	return nil
}

// jsonKind names the JSON type a Go type decodes from, with its article.
func jsonKind(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "a boolean value"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "an array"
	}
	return "an object"
}

// pagination reads offset and limit (limit defaults to def, at most max).
func pagination(q url.Values, def, max int) (offset, limit int, rep *reply) {
	var msgs []string
	limit = def
	if s := q.Get("limit"); s != "" {
		n, err := strconv.Atoi(s)
		switch {
		case err != nil:
			msgs = append(msgs, "limit must be an integer number")
		case n < 1:
			msgs = append(msgs, "limit must not be less than 1")
		case n > max:
			msgs = append(msgs, fmt.Sprintf("limit must not be greater than %d", max))
		default:
			limit = n
		}
	}
	if s := q.Get("offset"); s != "" {
		n, err := strconv.Atoi(s)
		switch {
		case err != nil:
			msgs = append(msgs, "offset must be an integer number")
		case n < 0:
			msgs = append(msgs, "offset must not be less than 0")
		default:
			offset = n
		}
	}
	if len(msgs) > 0 {
		r := invalid(msgs...)
		return 0, 0, &r
	}
	return offset, limit, nil
}

// window returns the [offset, offset+limit) part of n items, clamped.
func window(n, offset, limit int) (from, to int) {
	from = min(offset, n)
	to = min(from+limit, n)
	return from, to
}

func isUUIDv4(s string) bool { return uuidV4Pattern().MatchString(s) }

// isHostName accepts a DNS host name with at least one dot: no scheme, port, path,
// IP address, empty or over-long label, or label starting or ending with "-".
func isHostName(h string) bool {
	if len(h) == 0 || len(h) > 253 {
		return false
	}
	labels := strings.Split(h, ".")
	if len(labels) < 2 {
		return false
	}
	for _, l := range labels {
		if len(l) == 0 || len(l) > 63 || l[0] == '-' || l[len(l)-1] == '-' {
			return false
		}
		for _, c := range l {
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-') {
				return false
			}
		}
	}
	tld := labels[len(labels)-1]
	_, err := strconv.Atoi(tld)
	return err != nil // an all-digit TLD is an IP address
}

// isEmail accepts local@host with a plain local part and a valid host name.
func isEmail(s string) bool {
	local, host, found := strings.Cut(s, "@")
	if !found || local == "" || strings.ContainsAny(local, " \t\r\n<>()[],;:\"@") {
		return false
	}
	return isHostName(host)
}

// isISODate accepts the ISO 8601 forms a date-time field is seen with.
func isISODate(s string) bool {
	for _, layout := range []string{time.RFC3339Nano, "2006-01-02T15:04:05.999999999", "2006-01-02T15:04", "2006-01-02"} {
		if _, err := time.Parse(layout, s); err == nil {
			return true
		}
	}
	return false
}

// oneOf is the class-validator wording for an enumeration.
func oneOf(field string, values []string) string {
	return field + " must be one of: " + strings.Join(values, ", ")
}
