package login

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"runtime"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/config"
	"github.com/funnelsdev/funnels/ui/termtext"
)

// LoginOptions are what `funnels login` works from (with the global flags and the
// app's flags, which go into Factory.Flags).
type LoginOptions struct {
	NoBrowser bool
	WithToken bool
	Agency    bool
	NoVerify  bool
}

func newCmdLogin(f *cmdutil.Factory) *cmdutil.Command {
	opts := &LoginOptions{}
	cmd := &cobra.Command{
		Use:   "login",
		Short: "Sign a profile in (OAuth in a browser or a pasted address, or --with-token)",
		Long: `Signs a profile in. A private integration token works on every plan (get one
in Settings → Private Integrations): funnels login --with-token --location ID. It is
checked with one request (the location's first funnel) before it is stored; a token
the service refuses is not stored, and --no-verify skips the check.

OAuth needs your own app (OAuth apps need the Agency Pro plan): funnels prints an
address to open in a browser, listens on 127.0.0.1 for the redirect, and also accepts the address the
browser ends up on (or just its code) pasted at the prompt — which is how it works over
SSH. With --with-token it stores a private integration token read from standard input
instead (typed at a terminal, it is not shown); such a token does not name its
sub-account, so --location is needed (on a terminal, login asks for it). What login learns (base URL, token URL,
client id/secret, location) is kept with the token, so later commands need only
--profile.

With --agency it signs in at agency level (user_type=Company): one sign-in reaches
every sub-account where your app is installed. They are listed; --location (or the
first by name) is the one later runs open, --location on any command picks another,
and the browser switches between them (C). A token for each sub-account is minted when
it is first opened and again when it expires. Private integration tokens cannot sign an
agency in. A sign-in that comes back at agency level without --agency (a bulk install
does that) is taken as one.

The first profile signed in becomes the default (funnels auth switch NAME changes it).

The token goes to the OS keyring where there is one (macOS Keychain, the Secret
Service of a desktop session, Windows Credential Manager), otherwise — over SSH, in CI
— to a 0600 file; --insecure-storage always uses the file.`,
		Example: `funnels login --with-token --location LOCATION_ID
funnels login --client-id ID --client-secret SECRET --location LOCATION_ID
funnels login --profile sandbox --base-url http://127.0.0.1:8484 --client-id sandbox-client --client-secret sandbox-secret --no-browser
funnels login --profile staging --location LOCATION_ID --with-token < token.txt
funnels login --agency --profile agency --client-id ID --client-secret SECRET`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return loginRun(cmd.Context(), f, opts)
		},
	}
	cmd.Args = cmdutil.Positional(cmd)
	fl := cmd.Flags()
	fl.StringVar(&f.Flags.AuthURL, "auth-url", "", "the authorization page's URL")
	fl.StringVar(&f.Flags.TokenURL, "token-url", "", "the token endpoint's URL (default: base URL + /oauth/token)")
	fl.StringVar(&f.Flags.ClientID, "client-id", "", "your app's client id (env FUNNELS_CLIENT_ID)")
	fl.StringVar(&f.Flags.ClientSecret, "client-secret", "", "your app's client secret (env FUNNELS_CLIENT_SECRET)")
	fl.StringVar(&f.Flags.RedirectPort, "redirect-port", "", fmt.Sprintf("the loopback port of the redirect (default %d; 0 picks a free one)", config.DefaultRedirectPort))
	fl.StringVar(&f.Flags.Scopes, "scopes", "", "the scopes to ask for, separated by spaces")
	fl.BoolVar(&opts.NoBrowser, "no-browser", false, "do not open a browser; only print the address")
	fl.BoolVar(&opts.WithToken, "with-token", false, "read a private integration token from standard input and store it")
	fl.BoolVar(&opts.Agency, "agency", false, "sign in at agency level: one sign-in for every sub-account where the app is installed")
	fl.BoolVar(&opts.NoVerify, "no-verify", false, "store a --with-token token without checking it with a request first")
	return &cmdutil.Command{Cobra: cmd, Section: cmdutil.SectionAccount, Machine: cmdutil.SignIns, SSH: cmdutil.NotOffered("it changes the sign-ins of the server")}
}

func loginRun(ctx context.Context, f *cmdutil.Factory, opts *LoginOptions) error {
	if f.Flags.Token != "" {
		return cmdutil.Usagef("--token is not stored; to store a token pipe it into `funnels login --with-token`")
	}
	cfg, store, err := f.SignedInConfigAndStore()
	if err != nil {
		return err
	}
	if cfg.SavedLoginErr != nil {
		f.Notice("funnels login: ignoring the saved login (%s)", termtext.Line(cfg.SavedLoginErr.Error()))
	}
	if cfg.TokenFrom == "FUNNELS_TOKEN" {
		f.Notice("Note: FUNNELS_TOKEN is set; while it is, it is used instead of what you sign in with here.")
	}
	p := cfg.Profile
	agency := opts.Agency || p.AuthKind == config.AuthAgency
	if agency && opts.WithToken {
		return auth.ErrAgencyNeedsOAuth
	}
	if agency {
		p.AuthKind = config.AuthAgency
	}
	if p.LocationID != "" {
		if _, err := auth.CheckLocationID(p.LocationID); err != nil {
			return cmdutil.Usagef("--location: %w", err)
		}
	}

	if opts.WithToken {
		raw, err := readToken(ctx, f.IO)
		if err != nil {
			if ctx.Err() != nil {
				return cmdutil.WithExitCode(cmdutil.ExitAuth, err) // interrupted: nothing stored
			}
			return cmdutil.Usagef("%w", err)
		}
		if _, err := auth.CheckStaticToken(raw); err != nil {
			return err // what is wrong with the token first, before asking anything more
		}
		if p.LocationID == "" {
			// A private integration token does not say which sub-account it is for.
			loc, err := askLocation(ctx, f.IO)
			if err != nil {
				return noLocation(ctx, fmt.Errorf("no location (%w): a private integration token does not say which sub-account it is for; pass --location ID. Nothing was stored", err))
			}
			p.LocationID = loc
		}
		note := ""
		if !opts.NoVerify {
			if note, err = checkStaticToken(ctx, f, store, p, raw); err != nil {
				return err
			}
		}
		if _, err := auth.SaveStaticToken(store, p, raw); err != nil {
			return err
		}
		tok, _ := store.Load(p.Name)
		f.Notice("Stored the private integration token for profile %q (location %s) in %s.", p.Name, p.LocationID, stored(store, tok, p.Name))
		if note != "" {
			f.Notice("Note: %s", note)
		}
		firstDefault(f, cfg, store)
		return loginReady(cfg, store)
	}

	var browser auth.Browser
	if !opts.NoBrowser && p.ClientID != "" && p.ClientSecret != "" { // without the app's client, Login says what to do instead
		var reason string
		if browser, reason = auth.SystemBrowser(runtime.GOOS, f.Getenv); browser == nil {
			f.Notice("Not opening a browser: %s.", reason)
		}
	}
	// The code is exchanged through the run's transport: the authorities it trusts,
	// its debug log; a file of authorities that cannot be used is said before the
	// browser opens.
	transport, err := f.Transport(store.Dir())
	if err != nil {
		return err
	}
	tok, err := auth.Login(ctx, auth.LoginOptions{
		Profile: p, Store: store, Paste: f.IO.In, Out: f.IO.ErrOut, Browser: browser, Agency: agency,
		HTTPClient: &http.Client{Transport: transport},
	})
	var noClient *auth.NoClientError
	if errors.As(err, &noClient) {
		// Not a failure to report but the way to sign in: said as advice, exit 2.
		f.Notice("%s", noClient.Advice())
		return cmdutil.Told(cmdutil.ExitUsage, err)
	}
	if err != nil {
		return loginError(err)
	}
	if !agency && tok.Agency() {
		f.Notice("This sign-in came back at agency level (a bulk install does that): taking it as an agency sign-in.")
		agency = true
	}
	if agency {
		if err := agencyLoginDone(ctx, f, cfg, store, tok); err != nil {
			return err
		}
		firstDefault(f, cfg, store)
		return nil
	}
	if p.LocationID != "" && tok.LocationID != "" && p.LocationID != tok.LocationID {
		f.Notice("Note: you chose location %s in the browser, not %s; using %s.", tok.LocationID, p.LocationID, tok.LocationID)
	}
	if tok.LocationID == "" && p.LocationID == "" {
		// An agency (Company) sign-in names no sub-account: ask, or keep nothing.
		loc, err := askLocation(ctx, f.IO)
		if err == nil {
			tok.LocationID = loc
			err = store.Save(p.Name, tok)
		}
		if err != nil {
			_ = store.Delete(p.Name)
			return noLocation(ctx, fmt.Errorf("no location (%w): this sign-in names no sub-account; sign in again with --location ID. Nothing was kept", err))
		}
	}
	loc := tok.LocationID
	if loc == "" {
		loc = p.LocationID
	}
	f.Notice("Signed in to profile %q (location %s). Token saved in %s.", p.Name, orNone(loc), stored(store, tok, p.Name))
	firstDefault(f, cfg, store)
	return loginReady(cfg, store)
}

// noLocation is a login left without a location: not signed in (3) when it was
// interrupted, a usage error (2, --location is missing) otherwise.
func noLocation(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return cmdutil.WithExitCode(cmdutil.ExitAuth, err)
	}
	return cmdutil.Usagef("%w", err)
}

// loginReady checks that the profile just signed in can run a command, and says why
// not when it cannot (the sign-in is kept: what is missing is beside it). The login
// just saved fills what cfg still leaves open.
func loginReady(cfg *config.Config, store *auth.Store) error {
	cfg.FillSaved(store)
	if err := auth.Ready(cfg, store); err != nil {
		return fmt.Errorf("signed in, but the profile cannot run a command yet: %w", err)
	}
	return nil
}

// agencyLoginDone lists the sub-accounts an agency sign-in reaches and makes one the
// profile's default: the --location given, or the first by name.
func agencyLoginDone(ctx context.Context, f *cmdutil.Factory, cfg *config.Config, store *auth.Store, tok *auth.Token) error {
	cfg.FillSaved(store) // the sign-in just saved
	name := cfg.Profile.Name
	transport, err := f.Transport(store.Dir())
	if err != nil {
		return err
	}
	subs, err := f.Catalogue(store, transport, f.Flags).SubAccounts(ctx, name, 0)
	if err != nil {
		f.Notice("Signed in to profile %q at agency level (token saved in %s), but the sub-accounts could not be listed: %s",
			name, stored(store, tok, name), termtext.Line(err.Error()))
		return nil
	}
	f.Notice("Signed in to profile %q at agency level. Token saved in %s.", name, stored(store, tok, name))
	if len(subs) == 0 {
		f.Notice("The app is installed in no sub-account yet: install it from the Marketplace, then run `funnels auth list --profile %s`.", name)
		return nil
	}
	f.Notice("Sub-accounts where the app is installed (%d):", len(subs))
	for _, s := range subs {
		f.Notice("  %s  %s", s.ID, termtext.Line(s.Name))
	}
	chosen := tok.LocationID
	if chosen == "" {
		chosen = subs[0].ID
		if err := auth.ChooseSubAccount(store, name, chosen); err != nil {
			return err
		}
	}
	f.Notice("Runs of --profile %s open %s; --location ID opens another, and C in the browser switches.", name, chosen)
	return nil
}

// checkStaticToken checks a private integration token with one request before it is
// stored (see verifyToken).
func checkStaticToken(ctx context.Context, f *cmdutil.Factory, store *auth.Store, p config.Profile, raw string) (string, error) {
	tok, err := auth.CheckStaticToken(raw)
	if err != nil {
		return "", err
	}
	transport, err := f.Transport(store.Dir())
	if err != nil {
		return "", err
	}
	return verifyToken(ctx, f, p, tok, transport)
}

// stored says where a profile's token is kept: the OS keyring or its file.
func stored(store *auth.Store, tok *auth.Token, profile string) string {
	if tok == nil {
		return store.Path(profile)
	}
	return store.Describe(tok.Storage, profile)
}

// loginError gives a failed sign-in its exit code: the token endpoint refused → 1;
// missing app credentials → 2; the disk failed → 4; anything else leaves the user not
// signed in → 3.
func loginError(err error) error {
	var te *auth.TokenEndpointError
	switch {
	case errors.Is(err, auth.ErrNoClient), errors.As(err, &te), cmdutil.IsDiskError(err):
		return err
	}
	if what, help, ok := client.CertificateProblem(err); ok {
		// The token endpoint's certificate: signing in again meets the same one.
		return cmdutil.WithExitCode(cmdutil.ExitAPI, fmt.Errorf("could not exchange the code: %s: %s; nothing was stored — %s",
			client.ErrUntrustedCertificate, what, help))
	}
	return cmdutil.WithExitCode(cmdutil.ExitAuth, err)
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

// Commands are the commands of signing in: `funnels login`, `funnels logout` and
// `funnels auth`.
func Commands(f *cmdutil.Factory) []*cmdutil.Command {
	return []*cmdutil.Command{newCmdLogin(f), newCmdLogout(f), newCmdAuth(f)}
}
