package sandbox

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// ErrStateDir is what every failure to read or write Options.StateDir wraps.
var ErrStateDir = errors.New("sandbox: state directory")

// keepFile is the file in Options.StateDir that holds what must outlive a restart.
const keepFile = "sandbox.json"

// keptState is what a sandbox with a state directory keeps between runs: its
// tokens and OAuth client, and every OAuth token it has issued, so a profile signed
// in to it keeps working when it is started again. The data itself is not kept: each
// run starts from the seed.
type keptState struct {
	DemoToken     string                 `json:"demo_token"`
	ReadOnlyToken string                 `json:"readonly_token"`
	ClientID      string                 `json:"client_id"`
	ClientSecret  string                 `json:"client_secret"`
	Access        map[string]keptAccess  `json:"access_tokens"`
	Refresh       map[string]keptRefresh `json:"refresh_tokens"`
	// SubAccounts are the other sub-accounts' static tokens, by location id.
	SubAccounts map[string]string `json:"sub_account_tokens,omitempty"`
}

type keptAccess struct {
	Write    bool      `json:"write"`
	Expires  time.Time `json:"expires"`
	Location string    `json:"location,omitempty"` // the sub-account it acts for ("": an agency token)
	Agency   bool      `json:"agency,omitempty"`
	App      string    `json:"app,omitempty"` // the OAuth client it was issued to
}

type keptRefresh struct {
	ClientID string `json:"client_id"`
	Scope    string `json:"scope"`
	UserType string `json:"user_type"`
	Location string `json:"location,omitempty"` // of a Location grant ("": Lakeside Fit)
}

// keeper writes the kept state after every change of the tokens.
type keeper struct {
	mu   sync.Mutex
	path string
	logf func(format string, args ...any)
	// lasting turns the state of this run into the one kept for the next start
	// (Options.lasting).
	lasting func(*keptState)
}

// lasting returns what turns a run's state into the one kept for the next start:
// where the options named a token or OAuth client for this run, the file goes on
// holding the kept one (none: the next start makes a new one), so a token named for
// one start (funnels sandbox --token pit-demo) is not every later start's.
func (o Options) lasting(k keptState) func(*keptState) {
	return func(now *keptState) {
		if o.DemoToken != "" {
			now.DemoToken = k.DemoToken
		}
		if o.ReadOnlyToken != "" {
			now.ReadOnlyToken = k.ReadOnlyToken
		}
		if o.ClientID != "" {
			now.ClientID = k.ClientID
		}
		if o.ClientSecret != "" {
			now.ClientSecret = k.ClientSecret
		}
	}
}

// KeepPath is the file a sandbox with this state directory keeps its tokens in.
func KeepPath(stateDir string) string { return filepath.Join(stateDir, keepFile) }

// loadKept reads the kept state of dir; nothing kept yet is the zero state.
func loadKept(dir string) (keptState, error) {
	var k keptState
	raw, err := os.ReadFile(KeepPath(dir))
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return k, nil
	case err != nil:
		return k, fmt.Errorf("%w: reading the kept tokens: %w", ErrStateDir, err)
	}
	if err := json.Unmarshal(raw, &k); err != nil {
		return k, fmt.Errorf("%w: %s is damaged (delete it for new tokens): %w", ErrStateDir, KeepPath(dir), err)
	}
	return k, nil
}

// restore takes the kept state: the static tokens and the OAuth client where the
// options name none, and the OAuth tokens issued by earlier runs.
func (o Options) restore(k keptState) Options {
	if o.DemoToken == "" {
		o.DemoToken = k.DemoToken
	}
	if o.ReadOnlyToken == "" {
		o.ReadOnlyToken = k.ReadOnlyToken
	}
	if o.ClientID == "" {
		o.ClientID = k.ClientID
	}
	if o.ClientSecret == "" {
		o.ClientSecret = k.ClientSecret
	}
	if o.SubAccountTokens == nil {
		o.SubAccountTokens = k.SubAccounts
	}
	return o
}

// restoreTokens puts the OAuth tokens of earlier runs back.
func (s *Server) restoreTokens(k keptState) {
	for tok, a := range k.Access {
		if tok != "" {
			s.tokens.add(tok, tokenRecord{write: a.Write, expires: a.Expires, location: a.Location, agency: a.Agency, app: a.App})
		}
	}
	s.oauth.mu.Lock()
	defer s.oauth.mu.Unlock()
	for tok, r := range k.Refresh {
		if tok != "" {
			s.oauth.refresh[tok] = refreshGrant{clientID: r.ClientID, scope: r.Scope, userType: r.UserType, location: r.Location}
		}
	}
}

// snapshot is the state to keep now. Access tokens expired for a day are left out,
// so the file does not grow without end.
func (s *Server) snapshot() keptState {
	k := keptState{
		DemoToken: s.opts.DemoToken, ReadOnlyToken: s.opts.ReadOnlyToken,
		ClientID: s.opts.ClientID, ClientSecret: s.opts.ClientSecret,
		Access: map[string]keptAccess{}, Refresh: map[string]keptRefresh{}, SubAccounts: map[string]string{},
	}
	if s.keeper != nil && s.keeper.lasting != nil {
		s.keeper.lasting(&k)
	}
	for _, sub := range s.subs[1:] {
		if sub.demoToken != "" {
			k.SubAccounts[sub.id] = sub.demoToken
		}
	}
	horizon := s.now().Add(-24 * time.Hour)
	s.tokens.mu.Lock()
	for tok, rec := range s.tokens.tokens {
		if !rec.static && rec.expires.After(horizon) {
			k.Access[tok] = keptAccess{Write: rec.write, Expires: rec.expires, Location: rec.location, Agency: rec.agency, App: rec.app}
		}
	}
	s.tokens.mu.Unlock()
	s.oauth.mu.Lock()
	for tok, g := range s.oauth.refresh {
		k.Refresh[tok] = keptRefresh{ClientID: g.clientID, Scope: g.scope, UserType: g.userType, Location: g.location}
	}
	s.oauth.mu.Unlock()
	return k
}

// keep writes the state after a change of the tokens, when there is a state
// directory. Call it holding neither the token book's lock nor the OAuth lock.
func (s *Server) keep() {
	if s.keeper == nil {
		return
	}
	if err := s.keeper.write(s.snapshot()); err != nil && s.keeper.logf != nil {
		s.keeper.logf("sandbox: keeping the tokens for the next start: %v", err)
	}
}

// write saves k: a temp file in the directory, synced, renamed over the old one;
// 0600 in a 0700 directory (it holds tokens).
func (kp *keeper) write(k keptState) error {
	kp.mu.Lock()
	defer kp.mu.Unlock()
	raw, err := json.MarshalIndent(k, "", "  ")
	if err != nil {
		return err
	}
	dir := filepath.Dir(kp.path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, keepFile+".*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name()) // gone after the rename; the leftover of a failure otherwise
	if err := f.Chmod(0o600); err != nil {
		f.Close()
		return err
	}
	if _, err := f.Write(raw); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), kp.path)
}
