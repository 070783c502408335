package cmdutil

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/validate"
	"github.com/funnelsdev/funnels/ui/termtext"
)

// errorStyles are the styles of an error on a terminal, like fang's but with fixed
// colours: fang would ask the terminal for its background first (black on red reads
// on both).
func errorStyles() (header, text lipgloss.Style) {
	return lipgloss.NewStyle().Foreground(lipgloss.Black).Background(lipgloss.Red).Bold(true).
			Padding(0, 1).MarginLeft(2).SetString("ERROR"),
		lipgloss.NewStyle().MarginLeft(2)
}

// ReportError is the one place an error becomes what the user reads on standard
// error: "funnels COMMAND: what went wrong", one line per refused field, the status
// and message of an API error, the usage line after a wrong command line. On a
// terminal it is styled as fang styles errors; elsewhere it is plain text.
func (f *Factory) ReportError(err error) {
	if isTold(err) {
		return
	}
	var decided *exitError
	if errors.Is(err, client.ErrReadOnly) && !errors.As(err, &decided) && !inUsage(err) {
		// A client a session made read-only for the person's role refused the write:
		// said as the role, not as a setting they never turned on.
		if why := f.RefusedWrite(f.runLocation()); why != client.ErrReadOnly {
			err = &CommandError{Cmd: commandOf(err), Err: why}
		}
	}
	var ce *CommandError
	var cmd *cobra.Command
	if errors.As(err, &ce) {
		cmd = ce.Cmd
	}
	name := "funnels"
	if cmd != nil {
		name = cmd.CommandPath()
	}
	lines := append(describe(cmd, err, auth.LoginCommand(f.profile, false)), f.grantHint(err)...)
	var usage *UsageError
	withUsage := errors.As(err, &usage) && usage.withUsage && cmd != nil
	useLine := ""
	if withUsage {
		switch {
		case !cmd.HasParent():
			useLine = name + " [COMMAND] [flags]"
		case cmd.HasAvailableSubCommands():
			useLine = name + " COMMAND [flags]"
		default:
			useLine = cmd.UseLine()
		}
	}

	var b strings.Builder
	if f.IO.ErrTTY {
		// Wrapped inside the margin, each problem's later lines two cells under its
		// first, so a word is never broken by the terminal.
		errorHeader, errorText := errorStyles()
		width := f.IO.errWidth() - errorText.GetMarginLeft()
		b.WriteString("\n" + errorHeader.String() + "\n\n")
		for _, l := range lines {
			b.WriteString(errorText.Render(strings.Join(problemLines(name+": "+l, width), "\n")) + "\n")
		}
		if withUsage {
			usage := append(wrapHanging("Usage: "+useLine, width, 2), wrapHanging("Run '"+name+" --help' for the flags and examples.", width, 2)...)
			b.WriteString("\n" + errorText.Render(strings.Join(usage, "\n")) + "\n")
		}
		b.WriteString("\n")
	} else {
		for _, l := range lines {
			b.WriteString(strings.Join(problemLines(name+": "+l, 0), "\n") + "\n")
		}
		if withUsage {
			fmt.Fprintf(&b, "Usage: %s\nRun '%s --help' for the flags and examples.\n", useLine, name)
		}
	}
	w := f.IO.ErrOut
	if f.IO.ErrTTY {
		w = f.ColorWriter(w)
	}
	_, _ = io.WriteString(w, b.String())
}

// problemLines are the lines of one problem at width (0: unknown, not wrapped): its
// first line names the command; a message of several lines (advice under what went
// wrong) has its later lines two cells in, not each named again; each wraps with its
// later parts two cells further in.
func problemLines(problem string, width int) []string {
	var out []string
	for i, l := range strings.Split(problem, "\n") {
		indent := ""
		if i > 0 {
			indent = "  "
		}
		if width <= 0 {
			out = append(out, indent+l)
			continue
		}
		for _, w := range wrapHanging(l, width-len(indent), 2) {
			out = append(out, indent+w)
		}
	}
	return out
}

// commandOf is the command err ended, or nil.
func commandOf(err error) *cobra.Command {
	var ce *CommandError
	if errors.As(err, &ce) {
		return ce.Cmd
	}
	return nil
}

// describe is err in words, one entry per problem (a problem whose message has more
// lines keeps them), safe for a terminal; login is the command that signs this run's
// profile in.
func describe(cmd *cobra.Command, err error, login string) []string {
	var apiErr *client.APIError
	var ne *client.NetworkError
	var decided *exitError
	var limited *client.RateLimitError
	var stopped *client.ListStoppedError
	var suspended *auth.SuspendedError
	var authErr *client.AuthError
	certWhat, certHelp, untrusted := client.CertificateProblem(err)
	switch {
	case inUsage(err):
		// said in its own words, whatever it wraps
	case errors.As(err, &suspended):
		// Not a sign-in problem: the sign-in is kept, and signing in again cannot help.
		return []string{termtext.Line(suspended.Error()) + "; " + suspendedAdvice}
	case errors.As(err, &apiErr) && InactiveSubAccount(err, "") != nil:
		return []string{termtext.Line(apiErr.Summary()) + ": " + suspendedAdvice}
	case errors.As(err, &decided):
		// told in its own words where it happened
	case untrusted:
		// Not an answer that failed to come: the same certificate comes on every try.
		detail := err.Error()
		if errors.As(err, &ne) {
			detail = ne.Method + " " + ne.Path + ": " + ne.Err.Error()
		}
		return []string{termtext.Line(client.ErrUntrustedCertificate.Error()+": "+certWhat+" ("+detail+")") + "\n" + termtext.Line(certHelp)}
	case errors.Is(err, client.ErrReadOnly):
		return []string{"read-only mode is on (--readonly, FUNNELS_READONLY or readonly = true in the config) and this command writes: nothing was sent"}
	case errors.As(err, &limited): // "429 rate limited until 14:32 — try later"
		return []string{termtext.Line(limited.Summary())}
	case errors.As(err, &stopped): // what was read is printed; the list is not whole
		return []string{termtext.Line(stopped.Summary())}
	case errors.Is(err, validate.ErrInvalid):
		var lines []string
		for _, fe := range validate.As(err) {
			line := labelFor(cmd, fe.Field) + " " + fe.Message
			if fe.Value != "" {
				line += " (got " + QuoteInput(fe.Value) + ")"
			}
			lines = append(lines, termtext.Line(line))
		}
		if len(lines) > 0 {
			return lines
		}
	case errors.As(err, &apiErr) && apiErr.Refusal != client.NotRefused:
		return []string{termtext.Line(RefusalLine(apiErr))}
	case errors.Is(err, client.ErrValidation) && errors.As(err, &apiErr) && len(apiErr.Messages) > 0:
		// A 422 names its fields: each message on its own line, spelt with the flag.
		var lines []string
		for _, m := range apiErr.Messages {
			lines = append(lines, termtext.Line(strconv.Itoa(apiErr.StatusCode)+" "+relabelMessage(cmd, m)))
		}
		return lines
	case errors.Is(err, client.ErrUnauthorized) && errors.As(err, &apiErr):
		return []string{termtext.Line(apiErr.Summary()) +
			": the token was refused; sign in again with '" + login + "' or check --token / FUNNELS_TOKEN"}
	case errors.Is(err, client.ErrUnauthorized):
		return []string{"not signed in: " + termtext.Line(err.Error())}
	case errors.As(err, &authErr) && authErr.RateLimited():
		return []string{"429 the token endpoint is rate limited: the sign-in is kept and refreshed on the next try — try again in a minute"}
	case errors.As(err, &apiErr):
		msg := apiErr.Summary()
		switch {
		case apiErr.Code != "" && apiErr.TraceID != "":
			msg += " (" + apiErr.Code + ", trace " + apiErr.TraceID + ")"
		case apiErr.Code != "":
			msg += " (" + apiErr.Code + ")"
		case apiErr.TraceID != "":
			msg += " (trace " + apiErr.TraceID + ")"
		}
		return []string{termtext.Line(msg)}
	case errors.As(err, &ne):
		return []string{"no answer from server (" + termtext.Line(ne.Method+" "+ne.Path+": "+ne.Err.Error()) + ")"}
	case errors.Is(err, client.ErrNetwork):
		return []string{"no answer from server (" + termtext.Line(err.Error()) + ")"}
	case errors.Is(err, client.ErrBadResponse):
		return []string{"the server's answer could not be read: " + termtext.Line(err.Error())}
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return []string{"stopped before an answer came: " + termtext.Line(err.Error())}
	}
	// One problem, however many lines its message has: the lines after the first
	// say more about it.
	var lines []string
	for _, l := range strings.Split(strings.TrimRight(err.Error(), "\n"), "\n") {
		lines = append(lines, termtext.Line(l))
	}
	return []string{strings.Join(lines, "\n")}
}

// grantHint says where the scope a refusal names is granted, for the kind of token
// this run signed in with; nothing for any other error.
func (f *Factory) grantHint(err error) []string {
	var apiErr *client.APIError
	var decided *exitError
	if errors.As(err, &decided) || inUsage(err) || !errors.As(err, &apiErr) || apiErr.Refusal != client.RefusedScope || apiErr.Scope == "" {
		return nil
	}
	lines := ScopeGuidance(apiErr.Scope, f.SignedInWith)
	for i, l := range lines {
		lines[i] = termtext.Line(l)
	}
	return lines
}

// RefusalLine says in one line what the service refused to this sign-in, with its
// status and message, and what access it needs: "create folder refused to this
// sign-in (403 This route is not yet supported …): it needs web-app access with write
// rights (no published scope)". Signing in again does not help, so it does not say to.
func RefusalLine(e *client.APIError) string {
	what := string(e.Family)
	if what == "" {
		what = e.Method + " " + e.Path
	}
	if e.Refusal == client.RefusedMissing {
		return what + " is " + client.NotOnServer + " (" + e.Summary() + "): the server does not have this route"
	}
	return what + " refused to this sign-in (" + e.Summary() + "): it needs " + e.Need()
}

// relabelMessage spells the request field a server message starts with ("path /old
// already redirects …") as the flag or argument of cmd that filled it ("--path /old
// already redirects …"); other messages are left as they are.
func relabelMessage(cmd *cobra.Command, msg string) string {
	first, rest, ok := strings.Cut(msg, " ")
	if !ok || cmd == nil {
		return msg
	}
	if label := labelFor(cmd, first); label != first {
		return label + " " + rest
	}
	return msg
}

// ErrorLine is err in words on one line, for a note beside a result.
func ErrorLine(err error) string {
	return strings.ReplaceAll(strings.Join(describe(nil, err, "funnels login"), "; "), "\n", " ")
}

// ErrorLines are err in the command line's words: what reportError prints, one
// line per problem (a problem of several lines as they are), with where a refused
// scope is granted.
func (f *Factory) ErrorLines(err error) []string {
	var out []string
	for _, p := range append(describe(nil, err, auth.LoginCommand(f.profile, false)), f.grantHint(err)...) {
		out = append(out, strings.Split(p, "\n")...)
	}
	return out
}
