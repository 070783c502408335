package auth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/config"
)

// An agency sign-in (user_type=Company) reaches every sub-account where the app is
// installed: it lists them (GET /oauth/installedLocations) and mints a token for the
// one opened (POST /oauth/locationToken). A minted token is kept per sub-account (the
// store's entry PROFILE@LOCATION). When it came with a refresh token it is refreshed
// with it (user_type Location) once it expires or the API refuses it; without one, or
// when the refresh token is refused, a new one is minted. The agency's own token refreshes and rotates as any
// other OAuth token does, under the profile's lock.

// SubAccount is a sub-account (location) of an agency where the app is installed.
type SubAccount struct {
	ID, Name, Address string
}

// ErrNoSubAccount is an agency profile opened without choosing a sub-account.
var ErrNoSubAccount = errors.New("no sub-account chosen")

// NoSubAccountError says which profile needs a sub-account and how to give one.
type NoSubAccountError struct{ Profile string }

func (e *NoSubAccountError) Error() string {
	return fmt.Sprintf("profile %q is an agency sign-in: choose a sub-account with --location ID (`funnels auth list` lists them)", e.Profile)
}

func (e *NoSubAccountError) Is(target error) bool { return target == ErrNoSubAccount }

// AgencyError is a refusal of an agency route, with its status code.
type AgencyError struct {
	Op      string // "listing the sub-accounts", "minting a token for LOCATION"
	Status  int
	Message string // the server's, cleaned for a terminal
}

func (e *AgencyError) Error() string {
	msg := fmt.Sprintf("%s: the service answered %d %s", e.Op, e.Status, http.StatusText(e.Status))
	if e.Message != "" {
		msg += ": " + e.Message
	}
	return msg
}

// ErrMintLimited is returned instead of a fourth token minted for one sub-account
// within 20 seconds: something keeps refusing the tokens, and minting more will not help.
var ErrMintLimited = errors.New("minted too many tokens for this sub-account in a short time; try again shortly")

// AccountName is how a sub-account of an agency profile is named in lists and
// switches: PROFILE/LOCATION.
func AccountName(profile, location string) string { return profile + "/" + location }

// SplitAccountName splits PROFILE/LOCATION (location "" for a plain profile name).
func SplitAccountName(name string) (profile, location string) {
	profile, location, _ = strings.Cut(name, "/")
	return profile, location
}

// agency is what the agency routes need: the agency's token source and where to call.
type agency struct {
	src       *refreshing
	baseURL   string
	companyID string
	appID     string
	hc        *http.Client
}

// agencyFor builds the agency of a profile whose stored token t is an agency sign-in.
func agencyFor(ctx context.Context, store *Store, p config.Profile, t *Token, hc *http.Client) *agency {
	src := &refreshing{ctx: ctx, store: store, profile: p, hc: tokenClient(hc), now: time.Now, cur: t}
	clientID := p.ClientID
	if clientID == "" {
		clientID = t.ClientID
	}
	appID, _, _ := strings.Cut(clientID, "-")
	base := strings.TrimRight(p.BaseURL, "/")
	if base == "" {
		base = strings.TrimRight(t.BaseURL, "/")
	}
	return &agency{src: src, baseURL: base, companyID: t.CompanyID, appID: appID, hc: tokenClient(hc)}
}

// call sends one agency request with the agency's token; a 401 invalidates it and
// tries once more with a fresh one (the agency token may have expired).
func (a *agency) call(ctx context.Context, op string, build func() (*http.Request, error)) ([]byte, error) {
	for attempt := 0; ; attempt++ {
		tok, err := a.src.Token()
		if err != nil {
			return nil, err
		}
		req, err := build()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", op, err)
		}
		req = req.WithContext(ctx)
		req.Header.Set("Authorization", "Bearer "+tok.AccessToken)
		resp, err := a.hc.Do(req)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", op, redactURLError(err))
		}
		body, rerr := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
		resp.Body.Close()
		if rerr != nil {
			return nil, fmt.Errorf("%s: reading the answer: %w", op, rerr)
		}
		if resp.StatusCode == http.StatusUnauthorized && attempt == 0 {
			a.src.Invalidate(tok.AccessToken)
			continue
		}
		if resp.StatusCode != http.StatusOK {
			return nil, &AgencyError{Op: op, Status: resp.StatusCode, Message: serverMessage(body, tok.AccessToken)}
		}
		return body, nil
	}
}

// serverMessage is the message of an error answer, cleaned for a terminal.
func serverMessage(body []byte, secrets ...string) string {
	var e struct {
		Message any    `json:"message"`
		Error   string `json:"error"`
	}
	_ = json.Unmarshal(body, &e)
	switch m := e.Message.(type) {
	case string:
		return clean(m, secrets...)
	case []any:
		var parts []string
		for _, p := range m {
			if s, ok := p.(string); ok {
				parts = append(parts, s)
			}
		}
		return clean(strings.Join(parts, "; "), secrets...)
	}
	return clean(e.Error, secrets...)
}

// maxSubAccountPages bounds the walk over the installed sub-accounts.
const maxSubAccountPages = 50

// installed lists the sub-accounts where the app is installed, by name, walking
// skip/limit until count is reached.
func (a *agency) installed(ctx context.Context) ([]SubAccount, error) {
	const op, limit = "listing the sub-accounts", 100
	var out []SubAccount
	for page, skip := 0, 0; page < maxSubAccountPages; page++ {
		q := url.Values{"companyId": {a.companyID}, "appId": {a.appID}, "isInstalled": {"true"},
			"skip": {strconv.Itoa(skip)}, "limit": {strconv.Itoa(limit)}}
		body, err := a.call(ctx, op, func() (*http.Request, error) {
			return http.NewRequest(http.MethodGet, a.baseURL+"/oauth/installedLocations?"+q.Encode(), nil)
		})
		if err != nil {
			return nil, err
		}
		var ans struct {
			Locations []struct {
				ID          string `json:"_id"`
				AltID       string `json:"id"`
				Name        string `json:"name"`
				Address     string `json:"address"`
				IsInstalled *bool  `json:"isInstalled"`
			} `json:"locations"`
			Count flexSecs `json:"count"`
		}
		if err := json.Unmarshal(body, &ans); err != nil {
			return nil, fmt.Errorf("%s: the answer is not the expected JSON", op)
		}
		for _, l := range ans.Locations {
			id := l.ID
			if id == "" {
				id = l.AltID
			}
			if id == "" || checkLocation(id) != nil || l.IsInstalled != nil && !*l.IsInstalled {
				continue
			}
			out = append(out, SubAccount{ID: id, Name: clean(l.Name), Address: clean(l.Address)})
		}
		skip += len(ans.Locations)
		if len(ans.Locations) == 0 || skip >= int(ans.Count) {
			break
		}
	}
	return out, nil
}

// mint asks for a token of location.
func (a *agency) mint(ctx context.Context, location string, now time.Time) (*Token, error) {
	op := "minting a token for sub-account " + location
	form := url.Values{"companyId": {a.companyID}, "locationId": {location}}
	body, err := a.call(ctx, op, func() (*http.Request, error) {
		req, err := http.NewRequest(http.MethodPost, a.baseURL+"/oauth/locationToken", strings.NewReader(form.Encode()))
		if err == nil {
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		}
		return req, err
	})
	var ae *AgencyError
	if errors.As(err, &ae) && ae.Status == http.StatusBadRequest && strings.Contains(strings.ToLower(ae.Message), "location is not active") {
		return nil, &SuspendedError{Location: location, Status: ae.Status, Message: ae.Message}
	}
	if err != nil {
		return nil, err
	}
	var tr tokenResponse
	if err := json.Unmarshal(body, &tr); err != nil || tr.AccessToken == "" {
		return nil, fmt.Errorf("%s: the service answered 200 without a token", op)
	}
	// A refresh token, when the service gives one, is kept: the token is then
	// refreshed with it rather than minted again.
	t := &Token{AccessToken: tr.AccessToken, RefreshToken: tr.RefreshToken, TokenType: tr.TokenType, Kind: KindLocation, Obtained: now,
		LocationID: location, CompanyID: a.companyID, UserID: tr.UserID, UserType: "Location", Scope: tr.Scope, BaseURL: a.baseURL}
	if tr.LocationID != "" && tr.LocationID != location {
		return nil, fmt.Errorf("%s: the service answered with a token of another sub-account", op)
	}
	if tr.CompanyID != "" {
		t.CompanyID = tr.CompanyID
	}
	if tr.ExpiresIn > 0 {
		t.Expiry = now.Add(time.Duration(tr.ExpiresIn) * time.Second)
	}
	return t, nil
}

// minted is the token source of one sub-account of an agency profile.
type minted struct {
	ctx      context.Context
	store    *Store
	agency   *agency
	profile  string
	location string
	entry    string
	now      func() time.Time

	mu       sync.Mutex
	cur      *Token
	rejected string
}

func (m *minted) Invalidate(accessToken string) {
	if accessToken == "" {
		return
	}
	m.mu.Lock()
	m.rejected = accessToken
	m.mu.Unlock()
}

func (m *minted) usable(t *Token) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return t != nil && t.AccessToken != m.rejected && t.fresh(m.now())
}

func (m *minted) cached() *oauth2.Token {
	m.mu.Lock()
	cur := m.cur
	m.mu.Unlock()
	if cur != nil && m.usable(cur) {
		return cur.oauth2()
	}
	return nil
}

// Token hands out the sub-account's token: the one in hand, the one stored (another
// process may have minted it), or a new one minted under the entry's lock and saved
// where the agency's token is kept.
func (m *minted) Token() (*oauth2.Token, error) {
	if t := m.cached(); t != nil {
		return t, nil
	}
	st := m.store.state(m.entry)
	st.mu.Lock()
	defer st.mu.Unlock()
	if t := m.cached(); t != nil {
		return t, nil
	}
	lockCtx, cancel := context.WithTimeout(m.ctx, m.store.lockWait)
	defer cancel()
	var got *Token
	err := m.store.withLock(lockCtx, m.entry, func() error {
		stored, err := m.store.read(m.entry)
		if err == nil && stored.Kind == KindLocation && m.usable(stored) {
			got = stored
			return nil
		}
		if err := m.ctx.Err(); err != nil {
			return err // given up before anything was sent
		}
		if !st.limiter.Allow() {
			return ErrMintLimited
		}
		var fresh *Token
		if err == nil && stored.Kind == KindLocation && stored.RefreshToken != "" {
			fresh, err = m.refresh(stored)
			var te *TokenEndpointError
			if err != nil && !errors.As(err, &te) {
				return err // suspended, no answer: minting would not do better
			}
		}
		if fresh == nil { // none to refresh with, or the service refused it
			mintCtx, cancel := context.WithTimeout(m.ctx, refreshTimeout)
			fresh, err = m.agency.mint(mintCtx, m.location, m.now())
			cancel()
			if err != nil {
				return err
			}
		}
		got = fresh
		// A token that cannot be saved costs only another mint later.
		_ = m.store.writeTo(m.entry, fresh, m.agency.src.storage())
		return nil
	})
	if err != nil {
		return nil, err
	}
	m.mu.Lock()
	m.cur = got
	m.mu.Unlock()
	return got.oauth2(), nil
}

// refresh spends a minted token's refresh token with the agency's app. Once sent it
// is finished whatever the caller does meanwhile: the answer rotates the refresh token.
func (m *minted) refresh(stored *Token) (*Token, error) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(m.ctx), refreshTimeout)
	defer cancel()
	r := m.agency.src.request(stored)
	return refresh(ctx, m.agency.hc, r, m.now())
}

// listSubAccounts lists the sub-accounts an agency profile reaches (where its app is
// installed), by name: what a Catalogue asks the service. cfg is the agency
// profile's configuration, loaded with the store's saved login; its stored token must
// be an agency sign-in.
func listSubAccounts(ctx context.Context, cfg *config.Config, store *Store, httpClient *http.Client) ([]SubAccount, error) {
	if cfg.SavedLoginErr != nil {
		return nil, cfg.SavedLoginErr
	}
	t, err := store.Load(cfg.Profile.Name)
	if err != nil {
		return nil, err
	}
	if !t.Agency() {
		return nil, fmt.Errorf("profile %q is not an agency sign-in (`funnels login --agency` makes one)", cfg.Profile.Name)
	}
	return agencyFor(ctx, store, cfg.Profile, t, httpClient).installed(ctx)
}

// ChooseSubAccount makes location the sub-account an agency profile opens when no
// --location names one.
func ChooseSubAccount(store *Store, profile, location string) error {
	if err := checkLocation(location); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), store.lockWait)
	defer cancel()
	return store.withLock(ctx, profile, func() error {
		t, err := store.read(profile)
		if err != nil {
			return err
		}
		if !t.Agency() {
			return fmt.Errorf("profile %q is not an agency sign-in", profile)
		}
		t.LocationID = location
		return store.write(profile, t)
	})
}
