package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/validate"
)

// fail reports err on standard error and returns the exit code of the contract:
// 2 for bad input (each field named by its flag) or a write in read-only mode, 3 for missing or refused
// credentials, 1 for an API refusal (status and message), a network failure ("no
// answer from server") or an unreadable answer, 4 for anything else.
func (in *invocation) fail(err error) int {
	env, name := in.env, "funnels "+in.spec.path
	var apiErr *client.APIError
	var limited *client.RateLimitError
	var stopped *client.ListStoppedError
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, validate.ErrInvalid):
		for _, fe := range validate.As(err) {
			line := in.spec.labelFor(fe.Field) + " " + fe.Message
			if fe.Value != "" {
				line += " (got " + quoteInput(fe.Value) + ")"
			}
			fmt.Fprintf(env.Stderr, "%s: %s\n", name, line)
		}
		return exitUsage
	case errors.Is(err, client.ErrReadOnly):
		fmt.Fprintf(env.Stderr, "%s: read-only mode is on (--readonly, FUNNELS_READONLY or readonly = true in the config) and this command writes: nothing was sent\n", name)
		return exitUsage
	case errors.Is(err, client.ErrUnauthorized):
		if errors.As(err, &apiErr) {
			fmt.Fprintf(env.Stderr, "%s: %s: the token was refused; sign in again with 'funnels login' or check --token / FUNNELS_TOKEN\n",
				name, cleanLine(apiErr.Summary()))
		} else {
			fmt.Fprintf(env.Stderr, "%s: not signed in: %s\n", name, cleanLine(err.Error()))
		}
		return exitNoAuth
	case errors.As(err, &limited): // "429 rate limited until 14:32 — try later"
		fmt.Fprintf(env.Stderr, "%s: %s\n", name, cleanLine(limited.Summary()))
		return exitAPI
	case errors.As(err, &stopped): // what was read is printed; the list is not whole
		fmt.Fprintf(env.Stderr, "%s: %s\n", name, cleanLine(stopped.Summary()))
		return exitAPI
	case errors.As(err, &apiErr):
		msg := apiErr.Summary()
		if apiErr.TraceID != "" {
			msg += " (trace " + apiErr.TraceID + ")"
		}
		fmt.Fprintf(env.Stderr, "%s: %s\n", name, cleanLine(msg))
		return exitAPI
	case errors.Is(err, client.ErrNetwork):
		detail := err.Error()
		var ne *client.NetworkError
		if errors.As(err, &ne) {
			detail = ne.Method + " " + ne.Path + ": " + ne.Err.Error()
		}
		fmt.Fprintf(env.Stderr, "%s: no answer from server (%s)\n", name, cleanLine(detail))
		return exitAPI
	case errors.Is(err, client.ErrBadResponse):
		fmt.Fprintf(env.Stderr, "%s: the server's answer could not be read: %s\n", name, cleanLine(err.Error()))
		return exitAPI
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		fmt.Fprintf(env.Stderr, "%s: stopped before an answer came: %s\n", name, cleanLine(err.Error()))
		return exitAPI
	}
	fmt.Fprintf(env.Stderr, "%s: %s\n", name, cleanLine(err.Error()))
	return exitInternal
}

// notice writes a message for the person at the terminal (standard error), so that
// standard output carries only the result.
func (in *invocation) notice(format string, a ...any) {
	fmt.Fprintf(in.env.Stderr, format+"\n", a...)
}

// usageError reports a problem with the command line and returns exit 2.
func (in *invocation) usageError(format string, a ...any) int {
	fmt.Fprintf(in.env.Stderr, "funnels %s: %s\n", in.spec.path, fmt.Sprintf(format, a...))
	return exitUsage
}

// openAPI opens the client of the configured profile (openClient has already said
// why when it cannot). needLocation refuses to go on without a location id, which
// every location-scoped operation needs.
func (in *invocation) openAPI(needLocation bool) (*client.Client, int) {
	c, _, code := openClient(in.ctx, in.env, in.global)
	if code != exitOK {
		return nil, code
	}
	loc := c.LocationID()
	if needLocation && loc == "" {
		return nil, in.usageError("no location: pass --location ID, set FUNNELS_LOCATION_ID, or sign in with 'funnels login --location ID'")
	}
	if loc != "" {
		if _, err := validate.ID("locationId", loc); err != nil {
			return nil, in.fail(validate.Relabel(err, "location id"))
		}
	}
	return c, exitOK
}
