package auth

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/config"
)

// TokenSource is what the API client holds: tokens on demand, and a way to say the API
// refused one.
type TokenSource interface {
	oauth2.TokenSource
	// Invalidate reports that the API answered 401 to accessToken: the next Token()
	// refreshes, unless the file already holds a newer token. Stale reports (a token
	// that is no longer the current one) change nothing.
	Invalidate(accessToken string)
}

// SavedLogin is what `funnels login` saved for profile beside its token: the layer of
// config loading just above the defaults (config.SavedLogins). Nothing saved is an
// error that wraps fs.ErrNotExist.
func (s *Store) SavedLogin(profile string) (config.Remembered, error) {
	t, err := s.Load(profile)
	if err != nil {
		return config.Remembered{}, err
	}
	return t.remembered(), nil
}

func (t *Token) remembered() config.Remembered {
	kind := config.AuthOAuth
	switch {
	case t.Kind == KindPIT:
		kind = config.AuthToken
	case t.Agency():
		kind = config.AuthAgency
	}
	return config.Remembered{
		BaseURL: t.BaseURL, LocationID: t.LocationID, AuthURL: t.AuthURL, TokenURL: t.TokenURL,
		ClientID: t.ClientID, ClientSecret: t.ClientSecret, AuthKind: kind,
	}
}

// Source returns the token source of cfg's profile: a static one for FUNNELS_TOKEN,
// --token or a stored private integration token, a refreshing one for OAuth. cfg is
// loaded with the store's saved login (config.LoadSignedIn or FillSaved); a saved
// login that could not be used (cfg.SavedLoginErr) stops it unless a token was given.
// It first removes what a save killed half-way left of the profile (see Store). ctx bounds every lock wait the
// source does later, and keeps a refresh from starting once it ended; a refresh already
// sent is finished and saved with a timeout of its own; a source shared beyond the run
// works under its sharer's ctx instead (Shared). httpClient (nil: a default)
// makes token calls. A stored token is handed out only for the base URL (and token
// URL) it was stored for, unless cfg.TrustBaseURL (checkDestination).
func Source(ctx context.Context, cfg *config.Config, store *Store, httpClient *http.Client) (TokenSource, error) {
	store.sweep(cfg.Profile.Name)
	if cfg.Token != "" { // a damaged saved login does not stand in the way of a given token
		return staticSource{token: cfg.Token}, nil
	}
	if cfg.SavedLoginErr != nil {
		return nil, cfg.SavedLoginErr
	}
	p := cfg.Profile
	t, err := store.Load(p.Name)
	if err != nil {
		var lr *LoginRequiredError
		if errors.As(err, &lr) {
			lr.Static = p.AuthKind == config.AuthToken
		}
		return nil, err
	}
	if err := checkDestination(cfg, t); err != nil {
		return nil, err
	}
	switch {
	case t.Kind == KindPIT:
		return staticSource{token: t.AccessToken}, nil
	case t.Agency():
		if p.LocationID == "" {
			return nil, &NoSubAccountError{Profile: p.Name}
		}
		if err := checkLocation(p.LocationID); err != nil {
			return nil, err
		}
		return &minted{ctx: ctx, store: store, agency: agencyFor(ctx, store, p, t, httpClient), profile: p.Name,
			location: p.LocationID, entry: mintedEntry(p.Name, p.LocationID), now: time.Now}, nil
	}
	return &refreshing{
		ctx: ctx, store: store, profile: p, hc: tokenClient(httpClient), now: time.Now, cur: t,
	}, nil
}

// staticSource hands out one token forever; a 401 cannot be cured by refreshing it.
type staticSource struct{ token string }

func (s staticSource) Token() (*oauth2.Token, error) {
	return &oauth2.Token{AccessToken: s.token, TokenType: "Bearer"}, nil
}
func (staticSource) Invalidate(string) {}

// refreshing is the OAuth token source. A refresh happens with the profile's
// in-process mutex and its lock file held, after re-reading the file: if another
// process (or source) already refreshed, its token is used and nothing is spent. The
// rotated refresh token is on disk before the new access token is handed out.
type refreshing struct {
	ctx     context.Context
	store   *Store
	profile config.Profile
	hc      *http.Client
	now     func() time.Time

	mu       sync.Mutex // guards the fields below
	cur      *Token     // the token handed out last
	rejected string     // the access token the API refused last
	dirty    bool       // cur was refreshed but could not be saved yet
	dead     string     // a refresh token the server refused: never spent again
}

func (s *refreshing) Invalidate(accessToken string) {
	if accessToken == "" {
		return
	}
	s.mu.Lock()
	s.rejected = accessToken
	s.mu.Unlock()
}

func (s *refreshing) Token() (*oauth2.Token, error) {
	if t := s.cached(); t != nil {
		return t, nil
	}
	st := s.store.state(s.profile.Name)
	st.mu.Lock()
	defer st.mu.Unlock()
	if t := s.cached(); t != nil { // another goroutine refreshed while we waited
		return t, nil
	}
	var got *Token
	lockCtx, cancel := context.WithTimeout(s.ctx, s.store.lockWait) // a hung process must not hang us
	defer cancel()
	err := s.store.withLock(lockCtx, s.profile.Name, func() error {
		var err error
		got, err = s.renew(st.limiter)
		return err
	})
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.cur = got
	s.mu.Unlock()
	return got.oauth2(), nil
}

// cached returns the current token if it can be sent as it is.
func (s *refreshing) cached() *oauth2.Token {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cur != nil && !s.dirty && s.usableLocked(s.cur) {
		return s.cur.oauth2()
	}
	return nil
}

func (s *refreshing) usableLocked(t *Token) bool {
	return t.AccessToken != s.rejected && t.fresh(s.now())
}

func (s *refreshing) usable(t *Token) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.usableLocked(t)
}

// renew runs with the lock file held: re-read, refresh only if still needed, save.
func (s *refreshing) renew(limiter interface{ Allow() bool }) (*Token, error) {
	name := s.profile.Name
	if t, ok, err := s.saveDirty(); ok || err != nil {
		return t, err
	}
	stored, err := s.store.read(name)
	if err != nil {
		return nil, err
	}
	for attempt := 0; ; attempt++ {
		if s.usable(stored) {
			return stored, nil // the file already holds a newer token
		}
		if stored.Kind != KindOAuth || stored.RefreshToken == "" {
			return nil, &LoginRequiredError{Profile: name, Reason: "the stored token has expired and cannot be refreshed"}
		}
		s.mu.Lock()
		dead := stored.RefreshToken == s.dead
		s.mu.Unlock()
		if dead {
			return nil, &LoginRequiredError{Profile: name, Reason: "the sign-in has expired or was revoked"}
		}
		if err := s.ctx.Err(); err != nil {
			return nil, err // given up before anything was sent: nothing is lost
		}
		if !limiter.Allow() {
			return nil, ErrRefreshLimited
		}
		fresh, err := s.refreshDetached(stored)
		var te *TokenEndpointError
		if errors.As(err, &te) && (te.Code == "invalid_grant" || te.Code == "invalid_client") {
			if attempt == 0 && te.Code == "invalid_grant" {
				// Someone may have rotated it without our lock (an older build, a
				// login): look once more before giving up; never loop.
				if again, rerr := s.store.read(name); rerr == nil && again.RefreshToken != stored.RefreshToken {
					stored = again
					continue
				}
			}
			s.mu.Lock()
			s.dead = stored.RefreshToken
			s.mu.Unlock()
			reason := "the sign-in has expired or was revoked"
			if te.Code == "invalid_client" {
				reason = "the token endpoint refused the app's client id or secret"
			}
			return nil, &LoginRequiredError{Profile: name, Reason: reason, Err: err}
		}
		if err != nil {
			return nil, err
		}
		if err := s.store.write(name, fresh); err != nil {
			s.mu.Lock()
			s.cur, s.dirty = fresh, true
			s.mu.Unlock()
			return nil, fmt.Errorf("the token was refreshed but could not be saved (kept in memory, saved on the next try): %w", err)
		}
		return fresh, nil
	}
}

// refreshDetached spends stored's refresh token. Once sent, the refresh is finished
// and its answer read whatever the caller does meanwhile (a Ctrl-C, a quit): the
// service rotates the refresh token as it answers, and an answer lost on the way
// leaves only a dead one on disk. It has a timeout of its own instead.
func (s *refreshing) refreshDetached(stored *Token) (*Token, error) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(s.ctx), refreshTimeout)
	defer cancel()
	return refresh(ctx, s.hc, s.request(stored), s.now())
}

// refreshTimeout bounds one refresh that its caller no longer waits for.
const refreshTimeout = 30 * time.Second

// saveDirty retries saving a refreshed token that could not be written before; ok
// says the saved token can be handed out as it is.
func (s *refreshing) saveDirty() (t *Token, ok bool, err error) {
	s.mu.Lock()
	cur, dirty := s.cur, s.dirty
	s.mu.Unlock()
	if !dirty {
		return nil, false, nil
	}
	if err := s.store.write(s.profile.Name, cur); err != nil {
		return nil, false, fmt.Errorf("saving the refreshed token: %w", err)
	}
	s.mu.Lock()
	s.dirty = false
	s.mu.Unlock()
	return cur, s.usable(cur), nil
}

// request takes the app's credentials from the profile, falling back to the token's.
func (s *refreshing) request(t *Token) refreshRequest {
	r := refreshRequest{TokenURL: s.profile.TokenURL, ClientID: s.profile.ClientID, ClientSecret: s.profile.ClientSecret, Old: t}
	if r.TokenURL == "" {
		r.TokenURL = t.TokenURL
	}
	if r.ClientID == "" {
		r.ClientID = t.ClientID
	}
	if r.ClientSecret == "" {
		r.ClientSecret = t.ClientSecret
	}
	return r
}

// storage is where the token this source hands out is kept (a new entry of the same
// sign-in, such as a minted token, goes there too).
func (s *refreshing) storage() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cur != nil && s.cur.Storage != "" {
		return s.cur.Storage
	}
	return s.store.preferred()
}
