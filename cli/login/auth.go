package login

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
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/config"
	"github.com/funnelsdev/funnels/ui/termtext"
)

func newCmdAuth(f *cmdutil.Factory) *cmdutil.Command {
	return cmdutil.Group(cmdutil.SectionAccount, "auth", "How profiles sign in (auth status, auth list, auth switch, auth token)",
		newCmdAuthStatus(f), newCmdAuthList(f), newCmdAuthSwitch(f), newCmdAuthToken(f))
}

// AuthStatus is the --json shape of `funnels auth status` and a row of `auth list`:
// how a profile signs in, never the token.
type AuthStatus struct {
	Profile   string     `json:"profile"`
	Active    bool       `json:"active"`              // the profile this run would use
	SignedIn  bool       `json:"signedIn"`            // a token is stored, or given by --token / FUNNELS_TOKEN
	Token     string     `json:"token"`               // "oauth", "agency", "pit", "minted" (a sub-account of an agency), "static" (from --token or FUNNELS_TOKEN), or "none"
	TokenFrom string     `json:"tokenFrom,omitempty"` // "--token", "FUNNELS_TOKEN" for a static token
	Location  string     `json:"location"`
	Name      string     `json:"name,omitempty"` // the sub-account's name (auth list --sub-accounts)
	BaseURL   string     `json:"baseUrl"`
	Expires   *time.Time `json:"expires,omitempty"`
	Scopes    string     `json:"scopes,omitempty"`
	Store     string     `json:"store,omitempty"`   // where the token is: "keyring" (the OS keyring) or "file"
	File      string     `json:"file"`              // the token file, whether or not it exists
	Ready     bool       `json:"ready"`             // the profile can run a command as it is
	Problem   string     `json:"problem,omitempty"` // why it cannot, and what to do
}

// AuthStatusOptions are what `funnels auth status` works from.
type AuthStatusOptions struct {
	Exporter cmdutil.Exporter
}

func newCmdAuthStatus(f *cmdutil.Factory) *cmdutil.Command {
	opts := &AuthStatusOptions{}
	cmd := &cobra.Command{
		Use:   "status",
		Short: "How a profile signs in: location, kind of token, expiry (never the token)",
		Long: `Shows how a profile signs in: profile, location, kind of token, expiry, the token
file and where the token is kept (the OS keyring or that file), and whether a new
sign-in would go to the keyring. Never the token itself (funnels auth token prints
it). Nothing is sent to the server. Exits 0 only when the profile can run a command:
3 when it is not signed in, 2 when it is but something else is missing (a location, a
base URL a client takes), saying what.`,
		Example: `funnels auth status --profile sandbox`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return authStatusRun(cmd.Context(), f, opts)
		},
	}
	cmd.Args = cmdutil.Positional(cmd)
	cmdutil.AddJSONFlags(cmd, &opts.Exporter, cmdutil.FieldsOf(AuthStatus{}))
	return &cmdutil.Command{Cobra: cmd, Machine: cmdutil.SignIns, SSH: cmdutil.NotOffered("it shows the sign-ins of the server")}
}

// profileStatus reads how cfg's profile (loaded with store's saved login) signs in. loadErr is why there is no usable
// stored token (a static token from --token or FUNNELS_TOKEN may stand in for it).
func profileStatus(cfg *config.Config, store *auth.Store) (st AuthStatus, tok *auth.Token, loadErr error) {
	name := cfg.Profile.Name
	tok, loadErr = store.Load(name)
	if loadErr == nil {
		loadErr = cfg.SavedLoginErr
	}
	st = AuthStatus{Profile: name, BaseURL: cfg.Profile.BaseURL, File: store.Path(name), Token: "none",
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
		if tok.Agency() {
			st.Token = auth.ProfileAgency
		}
		if !tok.Expiry.IsZero() {
			exp := tok.Expiry
			st.Expires = &exp
		}
	}
	if tok != nil && cfg.Token == "" {
		st.Store = tok.Storage
	}
	if err := auth.Ready(cfg, store); err != nil {
		st.Problem = termtext.Line(err.Error())
	} else {
		st.Ready = true
	}
	return st, tok, loadErr
}

func authStatusRun(ctx context.Context, f *cmdutil.Factory, opts *AuthStatusOptions) error {
	cfg, store, err := f.SignedInConfigAndStore()
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
		fields := []cmdutil.KV{{Key: "Profile", Value: st.Profile}, {Key: "Location", Value: orNone(st.Location)}, {Key: "Base URL", Value: st.BaseURL}}
		switch st.Token {
		case "static":
			fields = append(fields, cmdutil.KV{Key: "Token", Value: "static, from " + st.TokenFrom + " (a stored login, if any, is not used)"},
				cmdutil.KV{Key: "Expires", Value: "unknown (not checked with the server)"})
		case "none":
			fields = append(fields, cmdutil.KV{Key: "Token", Value: "none"})
		case auth.KindPIT:
			fields = append(fields, cmdutil.KV{Key: "Token", Value: "private integration token"}, cmdutil.KV{Key: "Expires", Value: "never (revoke it in the sub-account's settings)"})
		default:
			kind := "OAuth access token with refresh token"
			if st.Token == auth.ProfileAgency {
				kind = "OAuth agency sign-in with refresh token (a token is minted for each sub-account opened)"
			}
			fields = append(fields, cmdutil.KV{Key: "Token", Value: kind}, cmdutil.KV{Key: "Expires", Value: expiry(tok.Expiry, time.Now())})
			if st.Scopes != "" {
				fields = append(fields, cmdutil.KV{Key: "Scopes", Value: st.Scopes})
			}
		}
		file := st.File
		if loadErr != nil {
			file += " (none)"
		}
		fields = append(fields, cmdutil.KV{Key: "File", Value: file})
		if st.Store != "" {
			fields = append(fields, cmdutil.KV{Key: "Store", Value: store.Describe(st.Store, st.Profile)})
		}
		if ok, why := store.KeyringUsable(); ok {
			fields = append(fields, cmdutil.KV{Key: "Keyring", Value: "a new sign-in goes to the OS keyring"})
		} else {
			fields = append(fields, cmdutil.KV{Key: "Keyring", Value: "not used: " + why})
		}
		if err := cmdutil.PrintFields(f.IO, fields); err != nil {
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
		return cmdutil.WithExitCode(cmdutil.ExitAuth, fmt.Errorf("not signed in: run `%s`", auth.LoginCommand(st.Profile, cfg.Profile.AuthKind == config.AuthToken)))
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
	Exporter    cmdutil.Exporter
	SubAccounts bool
}

func newCmdAuthList(f *cmdutil.Factory) *cmdutil.Command {
	opts := &AuthListOptions{}
	cmd := &cobra.Command{
		Use:   "list",
		Short: "Every profile: the config file's and those with a stored token",
		Long: `Lists every profile the config file names or a stored token belongs to: whether it
is signed in and how (oauth, agency, pit), its location, when its token expires, where
the token is kept (keyring or file) and its base URL. The profile this run would use
is marked *. Never a token. Nothing is sent to the server, unless --sub-accounts asks
each agency sign-in for the sub-accounts where its app is installed (listed as
PROFILE/LOCATION, the names 'funnels auth switch', --location and the browser's
switcher take).`,
		Example: `funnels auth list
funnels auth list --sub-accounts
funnels auth list --json profile,signedIn`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return authListRun(cmd.Context(), f, opts)
		},
	}
	cmd.Args = cmdutil.Positional(cmd)
	cmd.Flags().BoolVar(&opts.SubAccounts, "sub-accounts", false, "also list the sub-accounts of each agency sign-in (asks the service)")
	cmdutil.AddJSONFlags(cmd, &opts.Exporter, cmdutil.FieldsOf(AuthStatus{}))
	return &cmdutil.Command{Cobra: cmd, Machine: cmdutil.SignIns, SSH: cmdutil.NotOffered("it shows the sign-ins of the server")}
}

func authListRun(ctx context.Context, f *cmdutil.Factory, opts *AuthListOptions) error {
	active, store, err := f.ConfigAndStore()
	if err != nil {
		return err
	}
	names, err := cmdutil.ProfileNames(f.Getenv, store)
	if err != nil {
		return err
	}
	if !slices.Contains(names, active.Profile.Name) {
		names = append(names, active.Profile.Name)
	}
	loader, err := config.NewLoader(f.Getenv)
	if err != nil {
		return cmdutil.AsUsage(err)
	}
	var rows []AuthStatus
	for _, name := range names {
		flags := f.Flags
		flags.Profile = name
		cfg, err := loader.LoadSignedIn(flags, store)
		if err != nil {
			return cmdutil.AsUsage(err)
		}
		st, _, _ := profileStatus(cfg, store)
		st.Active = name == active.Profile.Name
		rows = append(rows, st)
		if opts.SubAccounts && st.Token == auth.ProfileAgency {
			subs, err := subAccountRows(ctx, f, cfg, store, st)
			if err != nil {
				f.Notice("funnels auth list: profile %s: %s", name, termtext.Line(err.Error()))
			}
			rows = append(rows, subs...)
		}
	}
	if opts.Exporter.Enabled() {
		return opts.Exporter.Write(ctx, f.IO, rows, rows)
	}
	now := time.Now()
	// PROFILE is the name 'funnels auth switch', --profile and --location take
	// (agency/LOCATION): whole. The base URL and the store, the same on most rows,
	// give first; the expiry and how the token came wrap rather than lose words.
	t := cmdutil.NewTable(f.IO, cmdutil.TextColumn(""), cmdutil.NameColumn("PROFILE").Whole(), cmdutil.WrapColumn("TOKEN"), cmdutil.NameColumn("LOCATION").Tells(),
		cmdutil.WrapColumn("EXPIRES"), cmdutil.TextColumn("STORE").GivesFirst(), cmdutil.NameColumn("BASE URL").GivesFirst())
	for _, st := range rows {
		mark := ""
		if st.Active {
			mark = "*"
		}
		token := st.Token
		if st.TokenFrom != "" {
			token += " (" + st.TokenFrom + ")"
		}
		loc := cmdutil.OrDash(st.Location)
		if st.Name != "" {
			loc += " (" + st.Name + ")"
		}
		t.Row(mark, st.Profile, token, loc, expiresIn(st, now), cmdutil.OrDash(st.Store), st.BaseURL)
	}
	return t.Print()
}

// subAccountRows are the sub-accounts of an agency profile, as rows PROFILE/LOCATION,
// with when their minted token (if one was minted yet) expires.
func subAccountRows(ctx context.Context, f *cmdutil.Factory, cfg *config.Config, store *auth.Store, agency AuthStatus) ([]AuthStatus, error) {
	transport, err := f.Transport(store.Dir())
	if err != nil {
		return nil, err
	}
	subs, err := f.Catalogue(store, transport, f.Flags).SubAccounts(ctx, cfg.Profile.Name, 0)
	if err != nil {
		return nil, err
	}
	var rows []AuthStatus
	for _, s := range subs {
		name := auth.AccountName(agency.Profile, s.ID)
		st := AuthStatus{Profile: name, SignedIn: true, Token: auth.ProfileMinted, Location: s.ID, Name: s.Name,
			BaseURL: agency.BaseURL, Store: agency.Store, File: agency.File, Active: agency.Active && s.ID == agency.Location}
		if exp := store.MintedExpiry(agency.Profile, s.ID); !exp.IsZero() {
			st.Expires = &exp
		}
		rows = append(rows, st)
	}
	return rows, nil
}

// expiresIn is a list's EXPIRES cell: "in 23h", "expired", "never" for a private
// token, "-" when unknown.
func expiresIn(st AuthStatus, now time.Time) string {
	switch {
	case st.Token == auth.KindPIT:
		return "never"
	case st.Expires == nil && st.Token == auth.ProfileMinted:
		return "minted on use"
	case st.Expires == nil:
		return "-"
	case st.Expires.After(now):
		return "in " + shortDuration(st.Expires.Sub(now).Round(time.Minute))
	case st.Token == auth.ProfileMinted:
		return "expired (minted again on use)"
	}
	return "expired (refreshed on use)"
}

func newCmdAuthToken(f *cmdutil.Factory) *cmdutil.Command {
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
	cmd.Args = cmdutil.Positional(cmd)
	return &cmdutil.Command{Cobra: cmd, Machine: cmdutil.SignIns, SSH: cmdutil.NotOffered("no token leaves the server")}
}

func authTokenRun(ctx context.Context, f *cmdutil.Factory) error {
	cfg, store, err := f.SignedInConfigAndStore()
	if err != nil {
		return err
	}
	transport, err := f.Transport(store.Dir())
	if err != nil {
		return err
	}
	ts, err := auth.Source(ctx, cfg, store, &http.Client{Timeout: 30 * time.Second, Transport: transport})
	if err != nil {
		if errors.Is(err, auth.ErrLoginRequired) || cmdutil.IsDiskError(err) {
			return err
		}
		return cmdutil.WithExitCode(cmdutil.ExitAuth, err)
	}
	tok, err := ts.Token()
	if err != nil {
		if errors.Is(err, auth.ErrLoginRequired) {
			return err
		}
		return cmdutil.WithExitCode(cmdutil.ExitAuth, err)
	}
	_, err = fmt.Fprintln(f.IO.Out, termtext.Line(tok.AccessToken))
	return err
}

// AuthSwitchOptions are what `funnels auth switch` works from.
type AuthSwitchOptions struct {
	Name string
}

func newCmdAuthSwitch(f *cmdutil.Factory) *cmdutil.Command {
	opts := &AuthSwitchOptions{}
	cmd := &cobra.Command{
		Use:   "switch NAME",
		Short: "Make a profile (or an agency's sub-account) the one used when none is named",
		Long: `Makes NAME the default profile: it writes default_profile in the config file, leaving
the rest of the file as it was. NAME is a profile, or PROFILE/LOCATION for a
sub-account of an agency sign-in (funnels auth list --sub-accounts lists them), which
also makes LOCATION the one that profile opens. --profile and FUNNELS_PROFILE still
win over the default.`,
		Example: `funnels auth switch clinic
funnels auth switch agency/ve9EPM428h8vShlRW1KT`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) != 1 {
				return cmdutil.SyntaxError("auth switch takes one NAME: a profile, or PROFILE/LOCATION")
			}
			opts.Name = args[0]
			return nil
		},
		ValidArgsFunction: func(cmd *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return cmdutil.CompleteAccounts(f)(cmd, args, toComplete)
		},
		RunE: func(cmd *cobra.Command, _ []string) error {
			return authSwitchRun(f, opts)
		},
	}
	return &cmdutil.Command{Cobra: cmd, Machine: cmdutil.SignIns | cmdutil.Settings, SSH: cmdutil.NotOffered("it changes the sign-ins and settings of the server")}
}

func authSwitchRun(f *cmdutil.Factory, opts *AuthSwitchOptions) error {
	profile, location := auth.SplitAccountName(opts.Name)
	if err := config.CheckProfileName(profile); err != nil {
		return cmdutil.Usagef("%w", err)
	}
	store, err := f.Store()
	if err != nil {
		return err
	}
	names, err := cmdutil.ProfileNames(f.Getenv, store)
	if err != nil {
		return err
	}
	if !slices.Contains(names, profile) {
		return cmdutil.Usagef("no profile %s: sign it in with 'funnels login --profile %s', or see 'funnels auth list'", cmdutil.QuoteInput(profile), profile)
	}
	if location != "" {
		if err := auth.ChooseSubAccount(store, profile, location); err != nil {
			if errors.Is(err, auth.ErrLoginRequired) {
				return err
			}
			return cmdutil.Usagef("%w", err)
		}
	}
	path, err := config.SetDefaultProfile(f.Getenv, profile)
	if err != nil {
		if cmdutil.IsDiskError(err) {
			return err
		}
		return cmdutil.Usagef("%w", err)
	}
	if location != "" {
		f.Notice("Default profile is now %s, opening sub-account %s (default_profile in %s).", profile, location, path)
	} else {
		f.Notice("Default profile is now %s (default_profile in %s).", profile, path)
	}
	if env := f.Getenv("FUNNELS_PROFILE"); env != "" && env != profile {
		f.Notice("Note: FUNNELS_PROFILE=%s is set; while it is, it wins over the default.", env)
	}
	return nil
}
