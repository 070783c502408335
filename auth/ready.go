package auth

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/funnelsdev/funnels/config"
)

// NotReadyError says why a profile cannot run a command, and what makes it able to.
// It wraps ErrLoginRequired (and the *LoginRequiredError) when the profile is not
// signed in; otherwise something is missing or wrong beside the token.
type NotReadyError struct {
	Profile string
	Reason  string // "no location: a private integration token does not say …"
	Fix     string // what to run or set, one line
	Err     error  // the cause, when there is one
}

func (e *NotReadyError) Error() string {
	if e.Fix == "" {
		return e.Reason
	}
	return e.Reason + "; " + e.Fix
}

func (e *NotReadyError) Unwrap() error { return e.Err }

// ErrNoLocation is what a profile without a location wraps: every route of the API
// is asked for one sub-account, and nothing names it.
var ErrNoLocation = errors.New("no location")

// Ready reports whether cfg's profile can run a command without asking anything
// more: a token to send (given by flag or environment, or stored and readable), a
// base URL the client takes, and a location (given, remembered by login, or carried
// by the token). Nothing is sent to the server. cfg is loaded with the store's saved
// login, as Source's is. nil means ready; otherwise a *NotReadyError.
func Ready(cfg *config.Config, store *Store) error {
	name := cfg.Profile.Name
	var tok *Token
	if cfg.Token == "" {
		t, err := store.Load(name)
		if err == nil {
			err = cfg.SavedLoginErr
		}
		if err != nil {
			var lr *LoginRequiredError
			if errors.As(err, &lr) {
				lr.Static = cfg.Profile.AuthKind == config.AuthToken
				fix := "run `" + LoginCommand(name, lr.Static) + "`"
				if o := lr.Others(); o != "" {
					fix = o + "; or " + fix + " to sign this one in"
				}
				return &NotReadyError{Profile: name, Reason: "not signed in", Fix: fix, Err: err}
			}
			return &NotReadyError{Profile: name, Reason: err.Error(), Fix: "sign in again: `" + LoginCommand(name, cfg.Profile.AuthKind == config.AuthToken) + "`", Err: err}
		}
		tok = t
	}
	if err := config.CheckBaseURL(cfg.Profile.BaseURL); err != nil {
		return &NotReadyError{Profile: name, Reason: err.Error(), Fix: "pass --base-url or set base_url in the profile", Err: err}
	}
	if cfg.Profile.LocationID == "" && (tok == nil || tok.LocationID == "") {
		if tok != nil && tok.Agency() {
			return &NotReadyError{
				Profile: name, Reason: "no location: an agency sign-in works in the sub-account --location names", Err: ErrNoLocation,
				Fix: "pass --location ID (`funnels auth list --sub-accounts` lists them), or make one the default with `funnels auth switch " + name + "/ID`",
			}
		}
		why := "nothing names the sub-account (location) to work in"
		if tok != nil && tok.Kind == KindPIT {
			why = "a private integration token does not say which sub-account (location) it is for"
		}
		return &NotReadyError{
			Profile: name, Reason: "no location: " + why, Err: ErrNoLocation,
			Fix: "sign in again with it (`" + LoginCommand(name, tok != nil && tok.Kind == KindPIT) + " --location ID`), or pass --location ID or set FUNNELS_LOCATION_ID",
		}
	}
	return nil
}

// CheckLocationID checks a location id as typed or given: trimmed, not empty, and
// letters, digits, '-' and '_' only (ids are such; a pasted URL or a name is not).
func CheckLocationID(s string) (string, error) {
	id := strings.TrimSpace(s)
	switch {
	case id == "":
		return "", errors.New("no location id given")
	case len(id) > 64:
		return "", errors.New("that is too long to be a location id")
	case strings.ContainsFunc(id, func(r rune) bool {
		return !(r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	}):
		return "", fmt.Errorf("%q is not a location id: only letters, digits, - and _ (the id is in the sub-account's URL: …/location/ID/…)", clean(id))
	}
	return id, nil
}

// AskLocation asks for the location id on out and reads it from in, one line at a
// time, until one is a location id (three tries).
func AskLocation(in io.Reader, out io.Writer) (string, error) {
	r := bufio.NewReader(in)
	var last error
	for range 3 {
		fmt.Fprint(out, "Location (sub-account) id — in its URL, …/location/ID/…, or Settings › Business Profile: ")
		line, err := r.ReadString('\n')
		if err != nil && (!errors.Is(err, io.EOF) || strings.TrimSpace(line) == "") {
			fmt.Fprintln(out)
			if errors.Is(err, io.EOF) {
				return "", errors.New("no location id given")
			}
			return "", fmt.Errorf("reading the location id: %w", err)
		}
		id, err := CheckLocationID(line)
		if err == nil {
			return id, nil
		}
		fmt.Fprintln(out, err)
		last = err
	}
	return "", last
}
