package cmdutil

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/validate"
	"github.com/funnelsdev/funnels/config"
)

// Exit codes of every command. ExitCode is the one place an error becomes one.
const (
	ExitOK    = 0
	ExitAPI   = 1 // the API refused (message and status shown) or did not answer
	ExitUsage = 2 // bad usage or input
	ExitAuth  = 3 // not signed in, or the token was refused
	ExitLocal = 4 // something broke on this machine (disk, terminal)
)

// ExitCode is the exit code for what a command returned:
//
//	nil                                                        0
//	a usage error, a value refused by validate, a bad config
//	file, on/off setting or token text, a browser started
//	without a terminal, a write in read-only mode, an agency profile opened with no
//	sub-account, a private token for an agency sign-in         2
//	signed in but unable to work (no location, a base URL
//	no client takes)                                           2
//	not signed in, a token the API refused (401), a suspended
//	sub-account (its sign-in kept), a token without the
//	location asked for (403), a stored token asked to go
//	to a base URL it was not stored for                        3
//	any other answer of the API or its token endpoint (a
//	rate limit not worth waiting out), no answer, an
//	unreadable answer, a list the server never ended, an
//	interrupted request                                        1
//	anything else (disk, terminal, bugs)                       4
//
// The outermost decision in err's chain comes first (decision): an exit code given
// where the error happened (WithExitCode, Told), or a usage error, which is 2
// whatever it wraps: the cause it keeps for errors.Is and errors.As (not signed in,
// an API error, a disk error) is why the value was refused, not how the run ended.
// Only an exit code given outside it, where more was known, overrides it.
func ExitCode(err error) int {
	var (
		apiErr   *client.APIError
		tokenEP  *auth.TokenEndpointError
		agency   *auth.AgencyError
		notReady *auth.NotReadyError
		onOff    *config.SwitchError
	)
	switch d := decision(err).(type) {
	case *exitError:
		return d.code
	case *UsageError:
		return ExitUsage
	}
	switch {
	case err == nil:
		return ExitOK
	case errors.As(err, &onOff), errors.Is(err, validate.ErrInvalid), errors.Is(err, auth.ErrNoClient),
		errors.Is(err, auth.ErrBadToken), errors.Is(err, client.ErrReadOnly), errors.Is(err, auth.ErrNoSubAccount),
		errors.Is(err, auth.ErrAgencyNeedsOAuth):
		return ExitUsage
	case errors.Is(err, client.ErrUnauthorized), errors.Is(err, auth.ErrLoginRequired), errors.Is(err, auth.ErrSuspended),
		errors.Is(err, auth.ErrUntrustedBaseURL):
		return ExitAuth
	case errors.Is(err, client.ErrWrongLocation):
		// The token was refused for this location: like an expired one, only another
		// sign-in (or another --location) helps, so it is "token refused", not an
		// answer about the data.
		return ExitAuth
	case errors.As(err, &notReady):
		return ExitUsage // signed in, but no location or no usable base URL
	case IsDiskError(err):
		return ExitLocal
	case errors.As(err, &apiErr), errors.As(err, &tokenEP), errors.As(err, &agency), errors.Is(err, client.ErrNetwork), errors.Is(err, client.ErrIncompleteList),
		errors.Is(err, client.ErrBadResponse), errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return ExitAPI
	}
	return ExitLocal
}

// UsageError is a command line or a value a command cannot work with. withUsage adds
// the command's usage line to the message (for a wrong flag or argument, not for a
// value that was refused). cause is the error that refused the value, for errors.Is
// and errors.As; it changes neither the exit code (2) nor how the error is said (its
// message, Msg).
type UsageError struct {
	Msg       string
	withUsage bool
	cause     error
}

func (e *UsageError) Error() string { return e.Msg }
func (e *UsageError) Unwrap() error { return e.cause }

// Usagef is a usage error without the usage line: a value that was refused. An
// error given with %w is kept as its cause.
func Usagef(format string, a ...any) error {
	return usageOf(fmt.Errorf(format, a...), false)
}

// SyntaxError is a usage error about the command line itself: the usage line follows.
// An error given with %w is kept as its cause.
func SyntaxError(format string, a ...any) error {
	return usageOf(fmt.Errorf(format, a...), true)
}

// AsUsage is err as a usage error in its own words, err its cause.
func AsUsage(err error) error { return &UsageError{Msg: err.Error(), cause: err} }

// usageOf is the usage error of what fmt.Errorf made: its cause when it wraps one.
func usageOf(made error, withUsage bool) *UsageError {
	e := &UsageError{Msg: made.Error(), withUsage: withUsage}
	switch made.(type) {
	case interface{ Unwrap() error }, interface{ Unwrap() []error }:
		e.cause = made
	}
	return e
}

// decision is the outermost error in err's chain that decides the run's exit code
// where it happened, an *exitError or a *UsageError, found in the order errors.As
// looks; nil when there is none.
func decision(err error) error {
	switch e := err.(type) {
	case nil:
		return nil
	case *exitError, *UsageError:
		return e
	case interface{ Unwrap() error }:
		return decision(e.Unwrap())
	case interface{ Unwrap() []error }:
		for _, inner := range e.Unwrap() {
			if d := decision(inner); d != nil {
				return d
			}
		}
	}
	return nil
}

// inUsage reports whether err is or wraps a usage error: what that wraps in turn is
// why the value was refused, never how the failure is said, its status or its exit
// code.
func inUsage(err error) bool {
	var u *UsageError
	return errors.As(err, &u)
}

// exitError is an error whose exit code was decided where it happened, when its type
// alone cannot say (an interrupted sign-in leaves the user signed out: 3).
type exitError struct {
	code int
	err  error
	told bool // the person knows already: nothing more is reported
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

// WithExitCode gives err the exit code code.
func WithExitCode(code int, err error) error {
	if err == nil {
		return nil
	}
	return &exitError{code: code, err: err}
}

// Told is err ending the run with code when the person has been told all there is
// already (a question answered no, a diff that differs): nothing more is reported.
func Told(code int, err error) error { return &exitError{code: code, err: err, told: true} }

// isTold reports whether err was told already (told).
func isTold(err error) bool {
	e, ok := decision(err).(*exitError)
	return ok && e.told
}

// CommandError is an error and the command it ended: the report names the command
// and spells request fields as the flags that filled them.
type CommandError struct {
	Cmd *cobra.Command
	Err error
}

func (e *CommandError) Error() string { return e.Err.Error() }
func (e *CommandError) Unwrap() error { return e.Err }

// IsDiskError reports a failure of the file system rather than of the user or server.
func IsDiskError(err error) bool {
	var pe *fs.PathError
	var le *os.LinkError
	return errors.As(err, &pe) || errors.As(err, &le)
}
