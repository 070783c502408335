package cli

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"slices"
	"time"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/config"
	"github.com/funnelsdev/funnels/ui/termtext"
)

func newCmdAuth(f *Factory) *cobra.Command {
	return group("auth", "How profiles sign in (auth status, auth list, auth token)",
		newCmdAuthStatus(f), newCmdAuthList(f), newCmdAuthToken(f))
}

// authStatus is the --json shape of `funnels auth status` and a row of `auth list`:
// how a profile signs in, never the token.
type authStatus struct {
	Profile   string     `json:"profile"`
	Active    bool       `json:"active"`              // the profile this run would use
	SignedIn  bool       `json:"signedIn"`            // a token is stored, or given by --token / FUNNELS_TOKEN
	Token     string     `json:"token"`               // "oauth", "pit", "static" (from --token or FUNNELS_TOKEN), or "none"
	TokenFrom string     `json:"tokenFrom,omitempty"` // "--token", "FUNNELS_TOKEN" for a static token
	Location  string     `json:"location"`
	BaseURL   string     `json:"baseUrl"`
	Expires   *time.Time `json:"expires,omitempty"`
	Scopes    string     `json:"scopes,omitempty"`
	File      string     `json:"file"`              // the token file, whether or not it exists
	Ready     bool       `json:"ready"`             // the profile can run a command as it is
	Problem   string     `json:"problem,omitempty"` // why it cannot, and what to do
}

// AuthStatusOptions are what `funnels auth status` works from.
type AuthStatusOptions struct {
	Exporter Exporter
}

func newCmdAuthStatus(f *Factory) *cobra.Command {
	opts := &AuthStatusOptions{}
	cmd := &cobra.Command{
		Use:   "status",
		Short: "How a profile signs in: location, kind of token, expiry (never the token)",
		Long: `Shows how a profile signs in: profile, location, kind of token, expiry and the token
file. Never the token itself (funnels auth token prints it). Nothing is sent to the
server. Exits 0 only when the profile can run a command: 3 when it is not signed in,
2 when it is but something else is missing (a location, a base URL a client takes),
saying what.`,
		Example: `funnels auth status --profile sandbox`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return authStatusRun(cmd.Context(), f, opts)
		},
	}
	cmd.Args = positional(cmd)
	addJSONFlags(cmd, &opts.Exporter, fieldsOf(authStatus{}))
	return cmd
}

// profileStatus reads how cfg's profile signs in. loadErr is why there is no usable
// stored token (a static token from --token or FUNNELS_TOKEN may stand in for it).
func profileStatus(cfg *config.Config, store *auth.Store) (st authStatus, tok *auth.Token, loadErr error) {
	name := cfg.Profile.Name
	tok, loadErr = store.Load(name)
	if loadErr == nil {
		loadErr = auth.Complete(cfg, store)
	}
	st = authStatus{Profile: name, BaseURL: cfg.Profile.BaseURL, File: store.Path(name), Token: "none",
		Location: cfg.Profile.LocationID}
	if st.Location == "" && tok != nil {
		st.Location = tok.LocationID
	}
	switch {
	case cfg.Token != "":
		st.Token, st.TokenFrom, st.SignedIn = "static", cfg.TokenFrom, true
	case loadErr != nil:
	case tok.Kind == auth.KindPIT:
		st.Token, st.SignedIn = auth.KindPIT, true
	default:
		st.Token, st.SignedIn, st.Scopes = auth.KindOAuth, true, tok.Scope
		if !tok.Expiry.IsZero() {
			exp := tok.Expiry
			st.Expires = &exp
		}
	}
	if err := auth.Ready(cfg, store); err != nil {
		st.Problem = termtext.Line(err.Error())
	} else {
		st.Ready = true
	}
	return st, tok, loadErr
}

func authStatusRun(ctx context.Context, f *Factory, opts *AuthStatusOptions) error {
	cfg, store, err := f.configAndStore()
	if err != nil {
		return err
	}
	st, tok, loadErr := profileStatus(cfg, store)
	st.Active = true
	if opts.Exporter.Enabled() {
		if err := opts.Exporter.Write(ctx, f.IO, st, st); err != nil {
			return err
		}
	} else {
		fields := []kv{{"Profile", st.Profile}, {"Location", orNone(st.Location)}, {"Base URL", st.BaseURL}}
		switch st.Token {
		case "static":
			fields = append(fields, kv{"Token", "static, from " + st.TokenFrom + " (a stored login, if any, is not used)"},
				kv{"Expires", "unknown (not checked with the server)"})
		case "none":
			fields = append(fields, kv{"Token", "none"})
		case auth.KindPIT:
			fields = append(fields, kv{"Token", "private integration token"}, kv{"Expires", "never (revoke it in the sub-account's settings)"})
		default:
			fields = append(fields, kv{"Token", "OAuth access token with refresh token"}, kv{"Expires", expiry(tok.Expiry, time.Now())})
			if st.Scopes != "" {
				fields = append(fields, kv{"Scopes", st.Scopes})
			}
		}
		file := st.File
		if loadErr != nil {
			file += " (none)"
		}
		fields = append(fields, kv{"File", file})
		if err := printFields(f.IO, fields); err != nil {
			return err
		}
	}
	switch {
	case loadErr == nil, st.Token == "static":
		// Signed in (or given a token): it can run a command, or says why not.
		if err := auth.Ready(cfg, store); err != nil {
			return fmt.Errorf("cannot run commands: %w", err)
		}
		return nil
	case errors.Is(loadErr, fs.ErrNotExist):
		return withExitCode(ExitAuth, fmt.Errorf("not signed in: run `%s`", auth.LoginCommand(st.Profile, cfg.Profile.AuthKind == config.AuthToken)))
	}
	return loadErr
}

// expiry says when an access token runs out, and that this is no problem.
func expiry(at, now time.Time) string {
	if at.IsZero() {
		return "not given by the server"
	}
	stamp := at.Local().Format("2006-01-02 15:04 MST")
	if d := at.Sub(now).Round(time.Minute); d > 0 {
		return fmt.Sprintf("%s (in %s; refreshed automatically)", stamp, shortDuration(d))
	}
	return fmt.Sprintf("%s (expired; refreshed on next use)", stamp)
}

func shortDuration(d time.Duration) string {
	s := d.String()
	if len(s) > 2 && s[len(s)-2:] == "0s" {
		s = s[:len(s)-2]
	}
	return s
}

// AuthListOptions are what `funnels auth list` works from.
type AuthListOptions struct {
	Exporter Exporter
}

func newCmdAuthList(f *Factory) *cobra.Command {
	opts := &AuthListOptions{}
	cmd := &cobra.Command{
		Use:   "list",
		Short: "Every profile: the config file's and those with a stored token",
		Long: `Lists every profile the config file names or a stored token belongs to: whether it
is signed in and how, its location and base URL. The profile this run would use is
marked *. Never a token. Nothing is sent to the server.`,
		Example: `funnels auth list
funnels auth list --json profile,signedIn`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return authListRun(cmd.Context(), f, opts)
		},
	}
	cmd.Args = positional(cmd)
	addJSONFlags(cmd, &opts.Exporter, fieldsOf(authStatus{}))
	return cmd
}

func authListRun(ctx context.Context, f *Factory, opts *AuthListOptions) error {
	active, store, err := f.configAndStore()
	if err != nil {
		return err
	}
	names, err := profileNames(f.Getenv, store)
	if err != nil {
		return err
	}
	if !slices.Contains(names, active.Profile.Name) {
		names = append(names, active.Profile.Name)
	}
	var rows []authStatus
	for _, name := range names {
		flags := f.Flags
		flags.Profile = name
		cfg, err := config.Load(f.Getenv, flags)
		if err != nil {
			return &usageError{msg: err.Error()}
		}
		st, _, _ := profileStatus(cfg, store)
		st.Active = name == active.Profile.Name
		rows = append(rows, st)
	}
	if opts.Exporter.Enabled() {
		return opts.Exporter.Write(ctx, f.IO, rows, rows)
	}
	t := newTable(f.IO, "", "PROFILE", "TOKEN", "LOCATION", "BASE URL")
	for _, st := range rows {
		mark := ""
		if st.Active {
			mark = "*"
		}
		token := st.Token
		if st.TokenFrom != "" {
			token += " (" + st.TokenFrom + ")"
		}
		t.row(mark, st.Profile, token, orDash(st.Location), st.BaseURL)
	}
	return t.print()
}

// profileNames are the profiles of the config file and of the token store, sorted.
func profileNames(getenv func(string) string, store *auth.Store) ([]string, error) {
	names, err := config.ProfileNames(getenv)
	if err != nil {
		return nil, &usageError{msg: err.Error()}
	}
	stored, err := store.Profiles()
	if err != nil {
		return nil, fmt.Errorf("token store: %w", err)
	}
	for _, s := range stored {
		if !slices.Contains(names, s) {
			names = append(names, s)
		}
	}
	slices.Sort(names)
	return names, nil
}

func newCmdAuthToken(f *Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "token",
		Short: "Print the profile's access token (only when asked)",
		Long: `Prints the access token of a profile on standard output, for a script that calls
the API itself. An OAuth token is refreshed first when it is about to expire. A token
given by --token or FUNNELS_TOKEN is printed as it is. Nothing else ever prints a token.`,
		Example: `curl -H "Authorization: Bearer $(funnels auth token)" -H "Version: 2021-07-28" \
  https://services.leadconnectorhq.com/funnels/funnel/list?locationId=LOC`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return authTokenRun(cmd.Context(), f)
		},
	}
	cmd.Args = positional(cmd)
	return cmd
}

func authTokenRun(ctx context.Context, f *Factory) error {
	cfg, store, err := f.configAndStore()
	if err != nil {
		return err
	}
	transport, err := f.transport(store.Dir())
	if err != nil {
		return err
	}
	ts, err := auth.Source(ctx, cfg, store, &http.Client{Timeout: 30 * time.Second, Transport: transport})
	if err != nil {
		if errors.Is(err, auth.ErrLoginRequired) || isDiskError(err) {
			return err
		}
		return withExitCode(ExitAuth, err)
	}
	tok, err := ts.Token()
	if err != nil {
		if errors.Is(err, auth.ErrLoginRequired) {
			return err
		}
		return withExitCode(ExitAuth, err)
	}
	_, err = fmt.Fprintln(f.IO.Out, termtext.Line(tok.AccessToken))
	return err
}
