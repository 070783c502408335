package auth

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/zalando/go-keyring"

	"github.com/funnelsdev/funnels/client/sandbox"

	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// fakeKeyring is an OS keyring in memory. failSet and failDelete make those calls
// fail; hang makes every call wait until it is closed.
type fakeKeyring struct {
	mu         sync.Mutex
	items      map[string]string
	calls      int
	failSet    error
	failDelete error
	hang       chan struct{}
}

func newFakeKeyring() *fakeKeyring { return &fakeKeyring{items: map[string]string{}} }

func (k *fakeKeyring) enter() {
	k.mu.Lock()
	k.calls++
	hang := k.hang
	k.mu.Unlock()
	if hang != nil {
		<-hang
	}
}

func (k *fakeKeyring) Get(service, user string) (string, error) {
	k.enter()
	k.mu.Lock()
	defer k.mu.Unlock()
	v, ok := k.items[service+"/"+user]
	if !ok {
		return "", ErrNotInKeyring
	}
	return v, nil
}

func (k *fakeKeyring) Set(service, user, secret string) error {
	k.enter()
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.failSet != nil {
		return k.failSet
	}
	k.items[service+"/"+user] = secret
	return nil
}

func (k *fakeKeyring) Delete(service, user string) error {
	k.enter()
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.failDelete != nil {
		return k.failDelete
	}
	if _, ok := k.items[service+"/"+user]; !ok {
		return ErrNotInKeyring
	}
	delete(k.items, service+"/"+user)
	return nil
}

func (k *fakeKeyring) len() int {
	k.mu.Lock()
	defer k.mu.Unlock()
	return len(k.items)
}

func (k *fakeKeyring) holds(secret string) bool {
	k.mu.Lock()
	defer k.mu.Unlock()
	for _, v := range k.items {
		if strings.Contains(v, secret) {
			return true
		}
	}
	return false
}

func (k *fakeKeyring) callCount() int {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.calls
}

// fileHolds reports whether the profile's file contains s.
func fileHolds(t *testing.T, store *Store, profile, s string) bool {
	t.Helper()
	b, err := os.ReadFile(store.Path(profile))
	if err != nil {
		t.Fatal(err)
	}
	return strings.Contains(string(b), s)
}

func TestKeyringStoreKeepsSecretsOffDisk(t *testing.T) {
	k := newFakeKeyring()
	store := NewStoreWith(t.TempDir(), StoreOptions{Keyring: k})
	want := sampleToken()
	if err := store.Save("work", want); err != nil {
		t.Fatal(err)
	}
	if want.Storage != StorageKeyring || k.len() != 1 {
		t.Fatalf("saved to %q, keyring holds %d", want.Storage, k.len())
	}
	for _, secret := range []string{want.AccessToken, want.RefreshToken, want.ClientSecret} {
		if fileHolds(t, store, "work", secret) {
			t.Errorf("the file holds a secret: %s", secret)
		}
		if !k.holds(secret) {
			t.Errorf("the keyring lacks %s", secret)
		}
	}
	if !fileHolds(t, store, "work", `"storage": "keyring"`) || !fileHolds(t, store, "work", want.LocationID) {
		t.Error("the file does not say where the token is, or lost what is not secret")
	}
	got, err := store.Load("work")
	if err != nil {
		t.Fatal(err)
	}
	if got.AccessToken != want.AccessToken || got.RefreshToken != want.RefreshToken || got.ClientSecret != want.ClientSecret ||
		!got.Expiry.Equal(want.Expiry) || got.Storage != StorageKeyring || got.LocationID != want.LocationID {
		t.Fatalf("round trip: %v storage %q", got, got.Storage)
	}
	// A later write (a refresh) stays in the keyring.
	got.AccessToken, got.RefreshToken = "at-rotated", "rt-rotated"
	if err := store.withLock(t.Context(), "work", func() error { return store.write("work", got) }); err != nil {
		t.Fatal(err)
	}
	if !k.holds("rt-rotated") || k.holds(want.RefreshToken) || fileHolds(t, store, "work", "rt-rotated") || k.len() != 1 {
		t.Fatal("the rotated token did not replace the old one in the keyring")
	}
	// Logout removes both.
	if err := store.Delete("work"); err != nil {
		t.Fatal(err)
	}
	if k.len() != 0 {
		t.Fatal("logout left the token in the keyring")
	}
	if _, err := os.Stat(store.Path("work")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("logout left the file: %v", err)
	}
}

func TestNoKeyringMeansTheFile(t *testing.T) {
	store := NewStoreWith(t.TempDir(), StoreOptions{NoKeyringReason: "no desktop session here"})
	tok := sampleToken()
	if err := store.Save("p", tok); err != nil {
		t.Fatal(err)
	}
	if tok.Storage != StorageFile || !fileHolds(t, store, "p", tok.RefreshToken) {
		t.Fatalf("storage %q", tok.Storage)
	}
	if ok, why := store.KeyringUsable(); ok || why != "no desktop session here" {
		t.Fatalf("KeyringUsable = %v %q", ok, why)
	}
	if got, err := store.Load("p"); err != nil || got.Storage != StorageFile {
		t.Fatalf("Load: %v %v", got, err)
	}
}

func TestKeyringThatRefusesFallsBackToTheFile(t *testing.T) {
	k := newFakeKeyring()
	k.failSet = errors.New("the token is too big for this OS keyring")
	store := NewStoreWith(t.TempDir(), StoreOptions{Keyring: k})
	tok := sampleToken()
	if err := store.Save("p", tok); err != nil {
		t.Fatal(err)
	}
	if tok.Storage != StorageFile || k.len() != 0 || !fileHolds(t, store, "p", tok.AccessToken) {
		t.Fatalf("storage %q, keyring %d", tok.Storage, k.len())
	}
}

// A keyring that does not answer (waiting for an unlock nobody sees) is given up on
// after the timeout, once: the file takes the token and later calls do not wait.
func TestKeyringThatHangsIsGivenUp(t *testing.T) {
	k := newFakeKeyring()
	k.hang = make(chan struct{})
	t.Cleanup(func() { close(k.hang) })
	store := NewStoreWith(t.TempDir(), StoreOptions{Keyring: k, KeyringTimeout: 20 * time.Millisecond})
	tok := sampleToken()
	if err := store.Save("p", tok); err != nil {
		t.Fatal(err)
	}
	if tok.Storage != StorageFile {
		t.Fatalf("storage %q", tok.Storage)
	}
	if ok, why := store.KeyringUsable(); ok || !strings.Contains(why, "did not answer") {
		t.Fatalf("KeyringUsable = %v %q", ok, why)
	}
	if err := store.Save("q", sampleToken()); err != nil {
		t.Fatal(err)
	}
	if n := k.callCount(); n != 1 {
		t.Fatalf("the keyring was called %d times after it hung once", n)
	}
}

// A token moved from one store to the other is never left in the first.
func TestMovingBetweenStoresLeavesNothingBehind(t *testing.T) {
	dir := t.TempDir()
	k := newFakeKeyring()
	keyringStore := NewStoreWith(dir, StoreOptions{Keyring: k})
	fileStore := NewStoreWith(dir, StoreOptions{Keyring: k, PreferFile: true})

	first := sampleToken()
	first.AccessToken, first.RefreshToken = "at-first", "rt-first"
	if err := fileStore.Save("p", first); err != nil {
		t.Fatal(err)
	}
	if first.Storage != StorageFile || k.len() != 0 {
		t.Fatalf("--insecure-storage: %q, keyring %d", first.Storage, k.len())
	}

	second := sampleToken()
	second.AccessToken, second.RefreshToken = "at-second", "rt-second"
	if err := keyringStore.Save("p", second); err != nil {
		t.Fatal(err)
	}
	if second.Storage != StorageKeyring || fileHolds(t, keyringStore, "p", "at-") || fileHolds(t, keyringStore, "p", "rt-") {
		t.Fatal("moving to the keyring left a token in the file")
	}

	third := sampleToken()
	third.AccessToken, third.RefreshToken = "at-third", "rt-third"
	if err := fileStore.Save("p", third); err != nil {
		t.Fatal(err)
	}
	if third.Storage != StorageFile || k.len() != 0 || !fileHolds(t, fileStore, "p", "rt-third") {
		t.Fatalf("moving to the file left %d items in the keyring", k.len())
	}

	// Back to the keyring, then a move to the file while the keyring cannot remove
	// its copy: refused, and nothing changes.
	if err := keyringStore.Save("p", sampleToken()); err != nil {
		t.Fatal(err)
	}
	k.failDelete = errors.New("locked")
	err := fileStore.Save("p", third)
	if err == nil || !strings.Contains(err.Error(), "nothing was changed") {
		t.Fatalf("move with an unreachable keyring: %v", err)
	}
	if fileHolds(t, fileStore, "p", "rt-third") || k.len() != 1 {
		t.Fatal("a refused move changed something")
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Fatalf("temp file %s left", e.Name())
		}
	}
}

func TestKeyringTokenWhereNoKeyringIs(t *testing.T) {
	dir := t.TempDir()
	k := newFakeKeyring()
	if err := NewStoreWith(dir, StoreOptions{Keyring: k}).Save("p", sampleToken()); err != nil {
		t.Fatal(err)
	}
	// Over SSH, on the same home directory: the file says keyring, there is none.
	_, err := NewStoreWith(dir, StoreOptions{NoKeyringReason: "no desktop session here"}).Load("p")
	if !errors.Is(err, ErrLoginRequired) || !strings.Contains(err.Error(), "--insecure-storage") || !strings.Contains(err.Error(), "no desktop session") {
		t.Fatalf("err = %v", err)
	}
	// The keyring lost it (cleared by hand).
	k.items = map[string]string{}
	_, err = NewStoreWith(dir, StoreOptions{Keyring: k}).Load("p")
	if !errors.Is(err, ErrLoginRequired) || !strings.Contains(err.Error(), "no longer holds") {
		t.Fatalf("err = %v", err)
	}
}

// The rotation rules hold in the keyring too: a refresh persists the rotated refresh
// token there before the new access token is handed out.
func TestRefreshRotatesInTheKeyring(t *testing.T) {
	r := sandboxtest.Start(t, sandbox.Options{})
	k := newFakeKeyring()
	store := NewStoreWith(t.TempDir(), StoreOptions{Keyring: k})
	first := login(t, r, store)
	if first.Storage != StorageKeyring {
		t.Fatalf("login saved to %q", first.Storage)
	}
	src := sourceFor(t, r, store, nil)
	src.Invalidate(mustToken(t, src))
	fresh := mustToken(t, src)
	stored, err := store.Load("sandbox")
	if err != nil {
		t.Fatal(err)
	}
	if stored.AccessToken != fresh || stored.RefreshToken == first.RefreshToken || stored.Storage != StorageKeyring {
		t.Fatalf("rotation not in the keyring: %v", stored)
	}
	if k.holds(first.RefreshToken) || fileHolds(t, store, "sandbox", stored.RefreshToken) {
		t.Fatal("the old refresh token stayed in the keyring, or the new one went to the file")
	}
}

// The adapter over go-keyring maps its errors; go-keyring's own mock stands in for
// the OS (never the real keyring in a test).
func TestSystemKeyringAdapter(t *testing.T) {
	keyring.MockInit()
	var k systemKeyring
	if _, err := k.Get(keyringService, "nobody"); !errors.Is(err, ErrNotInKeyring) {
		t.Fatalf("Get of nothing: %v", err)
	}
	if err := k.Set(keyringService, "a", "s3cret"); err != nil {
		t.Fatal(err)
	}
	if v, err := k.Get(keyringService, "a"); err != nil || v != "s3cret" {
		t.Fatalf("Get: %q %v", v, err)
	}
	if err := k.Delete(keyringService, "a"); err != nil {
		t.Fatal(err)
	}
	if err := k.Delete(keyringService, "a"); !errors.Is(err, ErrNotInKeyring) {
		t.Fatalf("second Delete: %v", err)
	}
	keyring.MockInitWithError(errors.New("no secret service"))
	store := NewStoreWith(t.TempDir(), StoreOptions{Keyring: k})
	tok := sampleToken()
	if err := store.Save("p", tok); err != nil || tok.Storage != StorageFile {
		t.Fatalf("a failing keyring: %v %q", err, tok.Storage)
	}
}

func TestSystemKeyringNeedsASessionOnLinux(t *testing.T) {
	none := func(string) string { return "" }
	if k, why := SystemKeyring("linux", none); k != nil || !strings.Contains(why, "DBUS_SESSION_BUS_ADDRESS") {
		t.Fatalf("linux without a bus: %v %q", k, why)
	}
	bus := func(k string) string {
		if k == "DBUS_SESSION_BUS_ADDRESS" {
			return "unix:path=/run/user/1/bus"
		}
		return ""
	}
	if k, _ := SystemKeyring("linux", bus); k == nil {
		t.Fatal("linux with a bus: no keyring")
	}
	if k, _ := SystemKeyring("darwin", none); k == nil {
		t.Fatal("darwin: no keyring")
	}
	if k, why := SystemKeyring("plan9", none); k != nil || why == "" {
		t.Fatalf("plan9: %v %q", k, why)
	}
	s, err := DefaultStore(func(k string) string {
		return map[string]string{"XDG_STATE_HOME": "/st", "FUNNELS_INSECURE_STORAGE": "1"}[k]
	})
	if err != nil || s.Dir() != filepath.Join("/st", "funnels") {
		t.Fatal(err)
	}
	if ok, why := s.KeyringUsable(); ok || why == "" {
		t.Fatalf("FUNNELS_INSECURE_STORAGE: %v %q", ok, why)
	}
}
