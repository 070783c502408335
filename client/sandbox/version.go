package sandbox

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
)

// The Version header: the contract's value, the one HighLevel's docs publish the
// redirect list under, the one its JavaScript SDK sends and the one of its v3 docs
// and Python SDK. The routes and records are the same under each; under v3 the OAuth
// routes' error bodies take the v3 envelope (v3Errors), where HighLevel documents
// it; the funnels routes keep the old shape, which their v3 contract documents.
const versionV3 = "v3"

var apiVersions = []string{apiVersion, "2021-04-15", "2023-02-21", versionV3}

// versions are the Version values this server takes: Options.Versions, else every
// one the service documents.
func (s *Server) versions() []string {
	if len(s.opts.Versions) > 0 {
		return s.opts.Versions
	}
	return apiVersions
}

// versionAccepted reports whether the request's Version header is one this server takes.
func (s *Server) versionAccepted(r *http.Request) bool {
	return slices.Contains(s.versions(), r.Header.Get("Version"))
}

// badVersion is the answer to a missing or unknown Version header.
func (s *Server) badVersion() reply {
	return errReply(http.StatusBadRequest, "Version header is missing or invalid; use one of "+strings.Join(s.versions(), ", "))
}

// v3Body is the error envelope of the v3 API: {"error": {code, message, details,
// resolution}}.
type v3Body struct {
	Error v3Error `json:"error"`
}

type v3Error struct {
	Code       string         `json:"code"`
	Message    string         `json:"message"`
	Details    map[string]any `json:"details"`
	Resolution string         `json:"resolution"`
}

// v3Codes name each status's error in the envelope, with the resolution it suggests.
var v3Codes = map[int]struct{ code, resolution string }{
	http.StatusBadRequest:            {"BAD_REQUEST", "Check the request's parameters and headers."},
	http.StatusUnauthorized:          {"UNAUTHORIZED", "Check the access token and the scopes it holds."},
	http.StatusForbidden:             {"FORBIDDEN", "Use a token issued for this location."},
	http.StatusNotFound:              {"RESOURCE_NOT_FOUND", "Check the id or the path."},
	http.StatusMethodNotAllowed:      {"METHOD_NOT_ALLOWED", "Use a method the route allows."},
	http.StatusRequestEntityTooLarge: {"PAYLOAD_TOO_LARGE", "Send a smaller body."},
	http.StatusUnprocessableEntity:   {"VALIDATION_ERROR", "Correct the fields listed in details."},
	http.StatusTooManyRequests:       {"RATE_LIMIT_EXCEEDED", "Retry after the time in Retry-After."},
}

// v3Errors rewrites an error reply in the v3 envelope: the code and resolution by
// status (INTERNAL_SERVER_ERROR for any 5xx), the message as one string, and the
// old body's fields under details. Other replies are returned as they are.
func v3Errors(rep reply) reply {
	var msg string
	details := map[string]any{"statusCode": rep.status}
	switch b := rep.body.(type) {
	case errorBody:
		switch m := b.Message.(type) {
		case string:
			msg = m
		case []string:
			msg = strings.Join(m, "; ")
			details["messages"] = m
		}
	case map[string]any: // the token endpoint's {error, error_description}
		code, _ := b["error"].(string)
		desc, _ := b["error_description"].(string)
		if code == "" || rep.success() {
			return rep
		}
		msg, details["error"] = desc, code
		if msg == "" {
			msg = code
		}
	default:
		return rep
	}
	c, ok := v3Codes[rep.status]
	if !ok {
		c.code, c.resolution = "INTERNAL_SERVER_ERROR", "Try again later."
		if rep.status < 500 {
			c.code = strings.ToUpper(strings.ReplaceAll(http.StatusText(rep.status), " ", "_"))
		}
	}
	rep.body = v3Body{Error: v3Error{Code: c.code, Message: msg, Details: details, Resolution: c.resolution}}
	return rep
}

// bodyLocation is the locationId a JSON object body names, if any.
func bodyLocation(body []byte) (string, bool) {
	var b struct {
		LocationID json.RawMessage `json:"locationId"`
	}
	if json.Unmarshal(body, &b) != nil {
		return "", false
	}
	var loc string
	if json.Unmarshal(b.LocationID, &loc) != nil || loc == "" {
		return "", false
	}
	return loc, true
}
