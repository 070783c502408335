package auth

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/config"
)

// LoginOptions is what an interactive sign-in needs.
type LoginOptions struct {
	Profile    config.Profile // app, endpoints, redirect port, scopes
	Store      *Store
	HTTPClient *http.Client  // for the code exchange (nil: a default)
	Paste      io.Reader     // where the pasted address or code is read, line by line
	Out        io.Writer     // the address, the prompt and notes (stderr)
	Browser    Browser       // nil: do not open one
	Timeout    time.Duration // how long to wait for the redirect (0: 10 minutes)
	// Agency signs in at agency level (user_type=Company): the token reaches every
	// sub-account where the app is installed (see SubAccounts), and the scopes
	// asked for include AgencyScopes.
	Agency bool
}

// AgencyScopes are what an agency sign-in needs beyond the funnels scopes: listing
// the sub-accounts and minting their tokens.
var agencyScopes = []string{"oauth.readonly", "oauth.write"}

// ErrAgencyNeedsOAuth is a private integration token given for an agency sign-in: the
// agency routes take OAuth tokens only.
var ErrAgencyNeedsOAuth = errors.New("an agency sign-in needs OAuth (your app's client id and secret): private integration tokens are not accepted at agency level")

// ErrNoClient is behind an OAuth login attempted without the app's client id or
// secret (a *NoClientError says what to do instead).
var ErrNoClient = errors.New("no app client id")

// NoClientError is an OAuth login of Profile without the app's client id or secret.
// It offers the private integration token first: it works on every plan, while OAuth
// apps need the Agency Pro plan.
type NoClientError struct{ Profile string }

func (e *NoClientError) Error() string {
	return "no app client id and secret for an OAuth sign-in: sign in with a private integration token (" +
		LoginCommand(e.Profile, true) + " --location ID), or give your app's --client-id and --client-secret"
}

// Advice is what to do instead, for a person: paragraphs, the command to run on a
// line of its own.
func (e *NoClientError) Advice() string {
	return "An OAuth sign-in goes through an app of your own, and this profile has no app client id and secret.\n\n" +
		"Sign in with a private integration token instead: it works on every plan (get one in Settings → Private Integrations):\n\n" +
		"  " + LoginCommand(e.Profile, true) + " --location ID\n\n" +
		"For OAuth, pass your app's --client-id and --client-secret (or set FUNNELS_CLIENT_ID and FUNNELS_CLIENT_SECRET, or client_id in the profile); OAuth apps need the Agency Pro plan."
}

func (e *NoClientError) Is(target error) bool { return target == ErrNoClient }

// Login runs the Authorization Code flow with a random state and PKCE (S256): it
// prints the authorization address, opens a browser if one was given, and waits both
// for the redirect on 127.0.0.1 and for the address (or code) pasted on opts.Paste —
// whichever comes first. The code is exchanged with user_type=Location (Company for an
// agency sign-in) and the token saved for the profile, with what later refreshes need.
func Login(ctx context.Context, opts LoginOptions) (*Token, error) {
	p := opts.Profile
	if p.ClientID == "" || p.ClientSecret == "" {
		return nil, &NoClientError{Profile: p.Name}
	}
	if opts.Store == nil {
		return nil, errors.New("login: no token store")
	}
	out := opts.Out
	if out == nil {
		out = io.Discard
	}
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = 10 * time.Minute
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()

	state, err := randomState()
	if err != nil {
		return nil, err
	}
	verifier := oauth2.GenerateVerifier()
	events := make(chan event, 4)

	port, listening := p.RedirectPort, true
	var srv *callbackServer
	ln, err := listenCallback(port)
	if err != nil {
		if port == 0 {
			return nil, fmt.Errorf("listening on 127.0.0.1 for the redirect: %w", err)
		}
		listening = false
		fmt.Fprintf(out, "Cannot listen on 127.0.0.1:%d (%v); the browser will not reach funnels, so paste the address it shows.\n", port, err)
	} else {
		port = ln.Addr().(*net.TCPAddr).Port
		srv = serveCallback(ctx, ln, state, events)
		defer srv.close()
	}

	userType, scopes := "Location", p.Scopes
	if opts.Agency {
		userType = "Company"
		scopes = withScopes(scopes, agencyScopes...)
	}
	conf := &oauth2.Config{
		ClientID:     p.ClientID,
		ClientSecret: p.ClientSecret,
		Endpoint:     oauth2.Endpoint{AuthURL: p.AuthURL, TokenURL: p.TokenURL, AuthStyle: oauth2.AuthStyleInParams},
		RedirectURL:  "http://127.0.0.1:" + strconv.Itoa(port) + CallbackPath,
		Scopes:       scopes,
	}
	authURL := conf.AuthCodeURL(state, oauth2.S256ChallengeOption(verifier))

	fmt.Fprintf(out, "Sign in to profile %q: open this address in a browser (on any machine):\n\n%s\n\n", p.Name, authURL)
	if opts.Browser != nil && listening {
		if err := opts.Browser.Open(ctx, authURL); err != nil {
			fmt.Fprintf(out, "Could not open a browser (%v); open the address yourself.\n", err)
		} else {
			fmt.Fprintln(out, "Opened your browser.")
		}
	}
	fmt.Fprintln(out, PastePrompt)

	pasting := opts.Paste != nil
	if pasting {
		go readPastes(ctx, opts.Paste, state, events)
	}
	code, via, err := waitForCode(ctx, out, events, listening, pasting)
	if err != nil {
		if note := srv.refusedNote(); note != "" {
			return nil, fmt.Errorf("%w%s", err, note)
		}
		return nil, err
	}
	fmt.Fprintf(out, "Got the code from the %s; exchanging it.%s\n", via, srv.refusedNote())

	xctx := context.WithValue(ctx, oauth2.HTTPClient, tokenClient(opts.HTTPClient))
	ot, err := conf.Exchange(xctx, code, oauth2.SetAuthURLParam("user_type", userType), oauth2.VerifierOption(verifier))
	if err != nil {
		return nil, exchangeError(err, p.ClientSecret)
	}
	t := tokenFromExchange(ot, p, userType, time.Now())
	// A sign-in not asked to be an agency one may still come back as a Company token
	// (a bulk install does that): it is kept as the agency sign-in it is.
	if opts.Agency && !t.Agency() {
		return nil, fmt.Errorf("asked for an agency sign-in, but the service answered with a token of type %q", t.UserType)
	}
	if err := opts.Store.Save(p.Name, t); err != nil {
		return nil, fmt.Errorf("signed in, but could not save the token: %w", err)
	}
	return t, nil
}

// waitForCode returns the first code that arrives and shows notes meanwhile.
func waitForCode(ctx context.Context, out io.Writer, events <-chan event, listening, pasting bool) (code, via string, err error) {
	for {
		if !listening && !pasting {
			return "", "", errors.New("nothing to wait for: the redirect cannot reach us and there is no input to paste into")
		}
		select {
		case <-ctx.Done():
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				return "", "", errors.New("gave up waiting for the sign-in; run funnels login again")
			}
			return "", "", fmt.Errorf("sign-in interrupted: %w", ctx.Err())
		case e := <-events:
			switch {
			case e.err != nil:
				return "", "", e.err
			case e.code != "":
				return e.code, e.via, nil
			case e.pasteClosed:
				pasting = false
			case e.note != "":
				fmt.Fprintln(out, e.note)
			}
		}
	}
}

// tokenFromExchange keeps the answer and what later runs of the profile need.
func tokenFromExchange(ot *oauth2.Token, p config.Profile, userType string, now time.Time) *Token {
	str := func(key string) string {
		if v, ok := ot.Extra(key).(string); ok {
			return v
		}
		return ""
	}
	t := &Token{
		AccessToken: ot.AccessToken, RefreshToken: ot.RefreshToken, TokenType: ot.TokenType,
		Expiry: ot.Expiry, Kind: KindOAuth, Obtained: now,
		LocationID: str("locationId"), CompanyID: str("companyId"), UserID: str("userId"),
		UserType: str("userType"), Scope: str("scope"),
		BaseURL: p.BaseURL, AuthURL: p.AuthURL, TokenURL: p.TokenURL,
		ClientID: p.ClientID, ClientSecret: p.ClientSecret,
	}
	if t.LocationID == "" {
		t.LocationID = p.LocationID
	}
	if t.UserType == "" {
		t.UserType = userType
	}
	return t
}

// withScopes adds the scopes of more that list lacks.
func withScopes(list []string, more ...string) []string {
	out := append([]string(nil), list...)
	for _, m := range more {
		if !slices.Contains(out, m) {
			out = append(out, m)
		}
	}
	return out
}

// exchangeError turns x/oauth2's error into ours, without its raw body.
func exchangeError(err error, secret string) error {
	var re *oauth2.RetrieveError
	if errors.As(err, &re) {
		status := 0
		if re.Response != nil {
			status = re.Response.StatusCode
		}
		if re.ErrorCode == "" {
			return endpointError(status, re.Body, secret)
		}
		return &TokenEndpointError{Status: status, Code: clean(re.ErrorCode, secret), Description: clean(re.ErrorDescription, secret)}
	}
	return fmt.Errorf("exchanging the code: %w", redactURLError(err))
}

// randomState is 32 random bytes, URL-safe.
func randomState() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("making a random state: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// CheckStaticToken checks the text of a private integration token as read (one
// token, trimmed) and returns it; what is wrong with it is an ErrBadToken.
func CheckStaticToken(raw string) (string, error) {
	tok := strings.TrimSpace(raw)
	switch {
	case tok == "":
		return "", badToken("no token on standard input")
	case len(tok) > 8192:
		return "", badToken("that is too long to be a token")
	case strings.ContainsFunc(tok, func(r rune) bool { return r <= ' ' || r == 0x7f }):
		return "", badToken("the token has spaces or control characters in it; paste only the token")
	}
	return tok, nil
}

// SaveStaticToken stores a private integration token read from raw (stdin) for the
// profile. Surrounding whitespace is dropped; anything else odd is refused.
func SaveStaticToken(store *Store, p config.Profile, raw string) (*Token, error) {
	if p.AuthKind == config.AuthAgency {
		return nil, ErrAgencyNeedsOAuth
	}
	tok, err := CheckStaticToken(raw)
	if err != nil {
		return nil, err
	}
	t := &Token{
		AccessToken: tok, TokenType: "Bearer", Kind: KindPIT, Obtained: time.Now(),
		LocationID: p.LocationID, BaseURL: p.BaseURL,
	}
	if err := store.Save(p.Name, t); err != nil {
		return nil, fmt.Errorf("saving the token: %w", err)
	}
	return t, nil
}
