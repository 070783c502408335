package auth

import (
	"errors"
	"fmt"
	"time"

	"github.com/zalando/go-keyring"
)

// Keyring is an OS keyring as the token store uses it: one secret per service and
// user. SystemKeyring is the real one (github.com/zalando/go-keyring: the macOS
// Keychain, the Secret Service over D-Bus, the Windows Credential Manager); tests
// give their own.
type Keyring interface {
	Get(service, user string) (string, error) // ErrNotInKeyring when there is none
	Set(service, user, secret string) error
	Delete(service, user string) error // ErrNotInKeyring when there was none
}

// ErrNotInKeyring is a secret the keyring does not hold.
var ErrNotInKeyring = errors.New("not in the OS keyring")

// keyringService is the service name of every secret the store keeps in a keyring.
const keyringService = "funnels"

// defaultKeyringTimeout bounds one keyring call: a locked keyring may wait for a
// password prompt nobody sees (a session over SSH), and funnels must not hang on it.
const defaultKeyringTimeout = 3 * time.Second

// SystemKeyring returns the OS keyring of goos, or nil and why there is none usable
// here. On Linux and the BSDs the keyring is the Secret Service of the desktop
// session, reached over its D-Bus: without DBUS_SESSION_BUS_ADDRESS (a server over
// SSH, CI, a container) there is none, and looking for one could start a bus.
func SystemKeyring(goos string, getenv func(string) string) (Keyring, string) {
	switch goos {
	case "darwin", "windows":
		return systemKeyring{}, ""
	case "linux", "freebsd", "openbsd", "netbsd", "dragonfly":
		if getenv("DBUS_SESSION_BUS_ADDRESS") == "" {
			return nil, "no desktop session here (DBUS_SESSION_BUS_ADDRESS is not set), so no OS keyring"
		}
		return systemKeyring{}, ""
	}
	return nil, "no OS keyring on " + goos
}

// systemKeyring is go-keyring's package functions.
type systemKeyring struct{}

func (systemKeyring) Get(service, user string) (string, error) {
	s, err := keyring.Get(service, user)
	return s, keyringErr(err)
}

func (systemKeyring) Set(service, user, secret string) error {
	return keyringErr(keyring.Set(service, user, secret))
}

func (systemKeyring) Delete(service, user string) error {
	return keyringErr(keyring.Delete(service, user))
}

func keyringErr(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, keyring.ErrNotFound):
		return ErrNotInKeyring
	case errors.Is(err, keyring.ErrSetDataTooBig):
		return errors.New("the token is too big for this OS keyring")
	}
	return err
}

// KeyringError is a keyring that could not be used: none here, one that failed, or
// one that did not answer in time.
type KeyringError struct{ Reason string }

func (e *KeyringError) Error() string { return "OS keyring: " + e.Reason }

// keyringResult is what one keyring call gave.
type keyringResult struct {
	secret string
	err    error
}

// keyringCall runs fn against the store's keyring with a timeout. A call that does
// not answer in time marks the keyring down for the rest of the process, so no later
// call waits again; the goroutine is left to finish on its own.
func (s *Store) keyringCall(fn func(Keyring) (string, error)) (string, error) {
	if s.keyring == nil {
		return "", &KeyringError{Reason: s.noKeyringReason()}
	}
	s.mu.Lock()
	down := s.keyringDown
	s.mu.Unlock()
	if down != "" {
		return "", &KeyringError{Reason: down}
	}
	done := make(chan keyringResult, 1)
	go func() {
		secret, err := fn(s.keyring)
		done <- keyringResult{secret, err}
	}()
	timer := time.NewTimer(s.keyringTimeout)
	defer timer.Stop()
	select {
	case r := <-done:
		return r.secret, r.err
	case <-timer.C:
		reason := fmt.Sprintf("it did not answer within %v (locked, or waiting for a password prompt?)", s.keyringTimeout)
		s.mu.Lock()
		s.keyringDown = reason
		s.mu.Unlock()
		return "", &KeyringError{Reason: reason}
	}
}

func (s *Store) noKeyringReason() string {
	if s.keyringWhy != "" {
		return s.keyringWhy
	}
	return "none is configured"
}

func (s *Store) keyringGet(account string) (string, error) {
	return s.keyringCall(func(k Keyring) (string, error) { return k.Get(keyringService, account) })
}

func (s *Store) keyringSet(account, secret string) error {
	_, err := s.keyringCall(func(k Keyring) (string, error) { return "", k.Set(keyringService, account, secret) })
	return err
}

func (s *Store) keyringDelete(account string) error {
	_, err := s.keyringCall(func(k Keyring) (string, error) { return "", k.Delete(keyringService, account) })
	return err
}
