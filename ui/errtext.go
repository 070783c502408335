package ui

import (
	"context"
	"errors"
	"fmt"

	fauth "github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/client"
)

// errorText says what went wrong in words for the status bar and the panes: the
// status code and the server's message when there was an answer ("403 The token is
// not authorized for this scope."), "no answer from server: …" when there was none.
// Everything that may come from the server is sanitised.
func errorText(err error) string {
	if err == nil {
		return ""
	}
	var api *client.APIError
	var netErr *client.NetworkError
	var dec *client.DecodeError
	var auth *client.AuthError
	var login *fauth.LoginRequiredError
	var suspended *fauth.SuspendedError
	var limited *client.RateLimitError
	var stopped *client.ListStoppedError
	switch cert, untrusted := client.CertificateLine(err); {
	case untrusted:
		// The same certificate comes on every try: what would help, not "no answer".
		return cert
	case errors.As(err, &api) && api.Refusal != client.NotRefused:
		// A refusal of the route, not of the token: what to ask for (or that the server
		// does not have the route), never "sign in again".
		return sanitize(api.Summary() + " — " + api.Remedy())
	case errors.As(err, &limited):
		return sanitize(limited.Summary())
	case errors.As(err, &stopped):
		return sanitize(stopped.Summary())
	case errors.As(err, &api):
		return sanitize(api.Summary())
	case errors.As(err, &suspended):
		// Billing, not the sign-in: it is kept, and signing in again would not help.
		return sanitize(suspended.Error())
	case errors.As(err, &login) && login.Others() != "":
		// No token at all for this profile, while others have one: most likely one
		// of them was meant.
		return "not signed in: " + sanitize(login.Others()) + "; or run `" +
			sanitize(fauth.LoginCommand(login.Profile, login.Static)) + "`"
	case errors.As(err, &login):
		// The command first: a narrow status bar cuts the end, and the command is what
		// a person needs; the reason follows where there is room.
		return "sign in again: run `" + sanitize(fauth.LoginCommand(login.Profile, login.Static)) + "` — " + sanitize(login.Reason)
	case errors.As(err, &auth) && auth.RateLimited():
		return "429 the token endpoint is rate limited: the sign-in is kept and refreshed on the next try — try again in a minute"
	case errors.As(err, &auth):
		return "not signed in: " + sanitize(auth.Err.Error())
	case errors.As(err, &netErr):
		return "no answer from server: " + sanitize(netErr.Err.Error())
	case errors.As(err, &dec):
		return fmt.Sprintf("%d answer could not be read: %s", dec.StatusCode, sanitize(dec.Err.Error()))
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return "no answer from server: " + sanitize(err.Error())
	}
	return sanitize(err.Error())
}
