package cmdutil

import (
	"errors"
	"fmt"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/client"
)

// MemberTag names the sub-account a record of a set came from, in its --json.
type MemberTag struct {
	Location     string `json:"location"`
	LocationName string `json:"locationName"`
}

func TagOf(m Member) MemberTag { return MemberTag{Location: m.Location, LocationName: m.Name} }

// MemberFailure is a member of a set that failed: who, why, and the status code the
// service answered (0 when it did not answer, or the failure was local).
type MemberFailure struct {
	Location     string `json:"location"`
	LocationName string `json:"locationName"`
	Profile      string `json:"profile"`
	Error        string `json:"error"`
	Status       int    `json:"status"`
	Code         int    // the exit code the failure alone would give
}

func failureOf(m Member, err error) *MemberFailure {
	return &MemberFailure{Location: m.Location, LocationName: m.Name, Profile: m.Profile, Error: ErrorLine(err),
		Status: statusOf(err), Code: ExitCode(err)}
}

// statusOf is the status code behind err: of the API, the token endpoint or an agency
// route; 0 when there is none.
func statusOf(err error) int {
	var (
		apiErr    *client.APIError
		suspended *auth.SuspendedError
		agency    *auth.AgencyError
		tokenEP   *auth.TokenEndpointError
	)
	switch {
	case inUsage(err):
		return 0 // a value refused here, whatever refused it
	case errors.As(err, &suspended):
		return suspended.Status
	case errors.As(err, &apiErr):
		return apiErr.StatusCode
	case errors.As(err, &agency):
		return agency.Status
	case errors.As(err, &tokenEP):
		return tokenEP.Status
	case errors.Is(err, client.ErrUnauthorized):
		return 401
	}
	return 0
}

// SetOutcome ends a run of a set: nothing when every member succeeded; otherwise the
// failures listed on standard error, one line each with its reason and status, and
// an error whose exit code is 3 when every member failed for a sign-in reason (not
// signed in, token refused, suspended) and 1 otherwise.
func SetOutcome(f *Factory, total int, fails []MemberFailure) error {
	if len(fails) == 0 {
		return nil
	}
	f.Notice("funnels: %d of %s failed:", len(fails), CountOf(total, "sub-account"))
	allAuth := len(fails) == total
	for _, fl := range fails {
		status := ""
		if fl.Status != 0 {
			status = fmt.Sprintf(" [%d]", fl.Status)
		}
		f.Notice("  %s (%s)%s: %s", QuoteName(fl.LocationName), OrDash(fl.Location), status, fl.Error)
		allAuth = allAuth && fl.Code == ExitAuth
	}
	code := ExitAPI
	if allAuth {
		code = ExitAuth
	}
	return WithExitCode(code, &SetFailedError{failed: len(fails), total: total})
}

// SetFailedError ends a run of a set in which some members failed: each is listed
// with its reason (and in --json under failures), and the others are done.
type SetFailedError struct{ failed, total int }

func (e *SetFailedError) Error() string {
	return fmt.Sprintf("%d of %s failed (listed above); the others are done", e.failed, CountOf(e.total, "sub-account"))
}

// QuoteName is a sub-account's name for a line of text.
func QuoteName(name string) string { return OrDash(clip(name)) }
