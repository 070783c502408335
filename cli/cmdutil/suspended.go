package cmdutil

import (
	"errors"
	"net/http"
	"strings"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/client"
)

// suspendedAdvice is what helps with a sub-account the service calls "not active":
// it is inactive in HighLevel (its billing suspended it), so it is reactivated there
// or left out; the sign-in is fine.
const suspendedAdvice = "the sub-account is inactive in HighLevel: reactivate it there (or leave it out of the set); signing in again does not help"

// InactiveSubAccount is err as a *auth.SuspendedError when it says the sub-account of
// location is inactive: a token call refused so, or a route answering 400 "Location
// is not active" to a token of the sub-account's own; nil otherwise.
func InactiveSubAccount(err error, location string) *auth.SuspendedError {
	var suspended *auth.SuspendedError
	if errors.As(err, &suspended) {
		return suspended
	}
	var api *client.APIError
	if errors.As(err, &api) && api.StatusCode == http.StatusBadRequest && strings.Contains(strings.ToLower(api.Message()), "location is not active") {
		return &auth.SuspendedError{Location: location, Status: api.StatusCode, Message: api.Message()}
	}
	return nil
}
