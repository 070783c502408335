package auth

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
)

// ErrSuspended is behind a sub-account the service calls "not active": its billing
// suspended it. The sign-in is fine and is kept; signing in again does not help.
var ErrSuspended = errors.New("sub-account suspended")

// SuspendedError is a token call answered 400 "Location is not active": the
// sub-account Location is suspended. Nothing stored was changed.
type SuspendedError struct {
	Location string // the sub-account's id ("" when the token did not name it)
	Status   int
	Message  string // the server's, cleaned for a terminal
}

func (e *SuspendedError) Error() string {
	loc := e.Location
	if loc == "" {
		loc = "of this sign-in"
	}
	return fmt.Sprintf("sub-account %s is suspended (%d %s) — your sign-in is kept", loc, e.Status, e.Message)
}

func (e *SuspendedError) Is(target error) bool { return target == ErrSuspended }

// suspended reads a token call's refusal for the suspended sub-account; nil when it
// is something else.
func suspended(status int, body []byte, location string, secrets ...string) error {
	if status != http.StatusBadRequest {
		return nil
	}
	msg := serverMessage(body, secrets...)
	if msg == "" || !strings.Contains(strings.ToLower(msg), "not active") {
		var e struct {
			Description string `json:"error_description"`
		}
		_ = json.Unmarshal(body, &e)
		msg = clean(e.Description, secrets...)
	}
	if !strings.Contains(strings.ToLower(msg), "location is not active") {
		return nil
	}
	return &SuspendedError{Location: location, Status: status, Message: msg}
}
