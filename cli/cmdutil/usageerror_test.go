package cmdutil

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"testing"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/validate"
)

// usageCauses are errors a refused value can come from whose class, on their own,
// would end a run with another exit code, another status or other words.
func usageCauses() map[string]error {
	return map[string]error{
		"not signed in":  &auth.LoginRequiredError{Profile: "p", Reason: "no token stored"},
		"401":            &client.APIError{StatusCode: 401, Messages: []string{"Invalid JWT"}},
		"404":            &client.APIError{StatusCode: 404, Messages: []string{"Funnel not found"}},
		"suspended":      &auth.SuspendedError{Location: "loc", Status: 400, Message: "location is not active"},
		"disk":           &fs.PathError{Op: "open", Path: "/x", Err: os.ErrPermission},
		"interrupted":    context.Canceled,
		"read-only":      client.ErrReadOnly,
		"refused field":  fmt.Errorf("import: %w", validate.FieldErrors{{Field: "name", Message: "is required"}}),
		"told":           Told(ExitAuth, errors.New("told already")),
		"given its code": WithExitCode(ExitLocal, errors.New("the disk is full")),
		"bad response":   fmt.Errorf("decode: %w", client.ErrBadResponse),
	}
}

// TestAUsageErrorKeepsItsCause: a usage error made with %w (Usagef, SyntaxError) or
// from an error (AsUsage) lets errors.Is and errors.As see what refused the value,
// and is still a usage error in every other way: the message %v gave, exit 2, no
// status, reported (not taken as told already), in its own words.
func TestAUsageErrorKeepsItsCause(t *testing.T) {
	for name, cause := range usageCauses() {
		want := fmt.Sprintf("--flag: %v", cause)
		for kind, err := range map[string]error{
			"Usagef":      Usagef("--flag: %w", cause),
			"SyntaxError": SyntaxError("--flag: %w", cause),
			"AsUsage":     AsUsage(fmt.Errorf("--flag: %w", cause)),
			"wrapped":     &CommandError{Err: fmt.Errorf("%w", Usagef("--flag: %w", cause))},
		} {
			if !errors.Is(err, cause) {
				t.Errorf("%s of %s: errors.Is does not see its cause", kind, name)
			}
			if err.Error() != want {
				t.Errorf("%s of %s says %q, want %q", kind, name, err.Error(), want)
			}
			if got := ExitCode(err); got != ExitUsage {
				t.Errorf("%s of %s: exit %d, want %d", kind, name, got, ExitUsage)
			}
			if got := statusOf(err); got != 0 {
				t.Errorf("%s of %s: status %d, want none", kind, name, got)
			}
			if isTold(err) {
				t.Errorf("%s of %s is taken as told already: it would not be reported", kind, name)
			}
			if got := ErrorLine(err); got != want {
				t.Errorf("%s of %s is said %q, want %q", kind, name, got, want)
			}
			ios, _, stderr := TestStreams("")
			f := NewFactory(ios, func(string) string { return "" }, "test")
			f.ReportError(err)
			if got := stderr.String(); got != "funnels: "+want+"\n" && kind != "SyntaxError" {
				t.Errorf("%s of %s is reported %q", kind, name, got)
			}
		}
	}
}

// TestAnExitCodeGivenOutsideAUsageErrorDecides: the outermost decision stands, a
// code given where more was known over the usage error it wraps, and a usage error
// over a code given inside it.
func TestAnExitCodeGivenOutsideAUsageErrorDecides(t *testing.T) {
	for _, c := range []struct {
		err  error
		code int
	}{
		{WithExitCode(ExitAuth, Usagef("--location: %w", auth.ErrNoSubAccount)), ExitAuth},
		{fmt.Errorf("login: %w", WithExitCode(ExitLocal, AsUsage(errors.New("x")))), ExitLocal},
		{Usagef("x: %w", WithExitCode(ExitAPI, errors.New("y"))), ExitUsage},
		{errors.Join(errors.New("a"), Usagef("b: %w", client.ErrReadOnly)), ExitUsage},
		{Usagef("no cause"), ExitUsage},
		{WithExitCode(ExitAPI, fmt.Errorf("x: %w", client.ErrUnauthorized)), ExitAPI},
	} {
		if got := ExitCode(c.err); got != c.code {
			t.Errorf("ExitCode(%v) = %d, want %d", c.err, got, c.code)
		}
	}
	if told := Told(ExitUsage, Usagef("x: %w", errors.New("y"))); !isTold(told) {
		t.Error("a usage error told already is reported again")
	}
}
