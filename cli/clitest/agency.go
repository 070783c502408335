package clitest

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// FakeKeyring is an OS keyring in memory (never the real one in a test).
type FakeKeyring struct {
	mu    sync.Mutex
	Items map[string]string
}

func (k *FakeKeyring) Get(service, user string) (string, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	v, ok := k.Items[service+"/"+user]
	if !ok {
		return "", auth.ErrNotInKeyring
	}
	return v, nil
}

func (k *FakeKeyring) Set(service, user, secret string) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.Items[service+"/"+user] = secret
	return nil
}

func (k *FakeKeyring) Delete(service, user string) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	if _, ok := k.Items[service+"/"+user]; !ok {
		return auth.ErrNotInKeyring
	}
	delete(k.Items, service+"/"+user)
	return nil
}

func (k *FakeKeyring) Len() int {
	k.mu.Lock()
	defer k.mu.Unlock()
	return len(k.Items)
}

// AgencyLoginArgs signs the sandbox's agency in as profile "agency".
func AgencyLoginArgs(r *sandbox.Running) []string {
	args := SandboxLoginArgs(r)
	i := slices.Index(args, "--location")
	args = slices.Delete(args, i, i+2)
	args[slices.Index(args, "sandbox")] = "agency"
	return append(args, "--agency")
}

// AgencyHome is a machine with the sandbox's agency signed in as profile "agency"
// (the default) and, as profile "summit", Summit Strength's private token.
func AgencyHome(t *testing.T, opts sandbox.Options) (*AuthHome, *sandbox.Running) {
	t.Helper()
	r := sandboxtest.Start(t, opts)
	h := NewAuthHome(t)
	if code, stderr := h.LoginByPaste(AgencyLoginArgs(r)); code != cmdutil.ExitOK {
		t.Fatalf("login --agency: exit %d\n%s", code, stderr)
	}
	summit := r.Server.SubAccounts()[1]
	if code, out, errOut := h.Run(strings.NewReader(summit.DemoToken), "login", "--profile", "summit", "--base-url", r.URL,
		"--location", summit.ID, "--with-token"); code != cmdutil.ExitOK {
		t.Fatalf("login summit: %d\n%s%s", code, out, errOut)
	}
	return h, r
}

// WriteConfig writes the home's config.toml.
func (h *AuthHome) WriteConfig(t *testing.T, text string) {
	t.Helper()
	path := filepath.Join(h.Config, "funnels", "config.toml")
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
}
