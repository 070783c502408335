package cli

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"os"
	"path/filepath"

	"golang.org/x/oauth2"

	checkcmd "github.com/funnelsdev/funnels/cli/check"
	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/check"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/client/redirectplan"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/config"
	"github.com/funnelsdev/funnels/ui"
)

// Demo is the embedded sandbox and a client signed in to it: what `funnels --demo`
// browses. Close its Sandbox when done.
type Demo struct {
	Sandbox *sandbox.Running
	Client  *client.Client
}

// StartDemo serves the sandbox (playing surface) on a free loopback port and signs a
// client in with its demo token, sending through transport (nil: a new
// client.NewTransport);
// readOnly makes the client refuse every write.
func StartDemo(transport http.RoundTripper, userAgent string, surface sandbox.Surface, readOnly bool) (*Demo, error) {
	if transport == nil {
		transport = client.NewTransport()
	}
	sb, err := startSandbox(surface)
	if err != nil {
		return nil, err
	}
	settings := &config.Config{ReadOnly: readOnly, APIVersion: client.DefaultAPIVersion}
	s, err := openDemoSession(sb, sb.Server.LocationID(), sb.Server.DemoToken(), transport, userAgent, settings)
	if err != nil {
		_ = sb.Close()
		return nil, fmt.Errorf("start the demo sandbox: %w", err)
	}
	return &Demo{Sandbox: sb, Client: s.Client}, nil
}

// startSandbox serves the demo's sandbox (playing surface) on a free loopback port.
func startSandbox(surface sandbox.Surface) (*sandbox.Running, error) {
	// Its sites too: the Health view checks the gyms' pages offline (demoCheck), the
	// pages' faults without the redirects they add, so the demo's data stays the same.
	sb, err := sandbox.Start("127.0.0.1:0", sandbox.Options{Surface: surface, Sites: sandbox.SitesOptions{Enabled: true, PagesOnly: true}})
	if err != nil {
		return nil, fmt.Errorf("start the demo sandbox: %w", err)
	}
	return sb, nil
}

// demoCheck is how the demo's Health view reaches the gyms' pages: at the sandbox's
// own addresses, trusting its authority, no name looked up. The demo never reaches
// past the sandbox: without its sites, no name is looked up at all.
func demoCheck(sb *sandbox.Running) *check.Options {
	offline := &check.Options{Resolver: check.NoDNS{}}
	info, ok := sb.Server.Sites()
	if !ok {
		return offline
	}
	opts, err := checkcmd.SitesOptions(info)
	if err != nil {
		return offline
	}
	return &opts
}

// demoConfig is the configuration of one of the demo's sub-accounts: the sandbox's
// URL and the location, with only the run's read-only and API version (the demo
// keeps the client's own list limits).
func demoConfig(sb *sandbox.Running, location string, settings *config.Config) *config.Config {
	return &config.Config{
		Profile:    config.Profile{Name: "demo", BaseURL: sb.URL, LocationID: location},
		ReadOnly:   settings.ReadOnly,
		APIVersion: settings.APIVersion,
	}
}

// openDemoSession is a session of the demo's sub-account location, signed in with
// its static token; its index lives as long as the sandbox does.
func openDemoSession(sb *sandbox.Running, location, token string, transport http.RoundTripper, userAgent string, settings *config.Config) (*cmdutil.Session, error) {
	cfg := demoConfig(sb, location, settings)
	ts := oauth2.StaticTokenSource(&oauth2.Token{AccessToken: token})
	c, err := client.New(cmdutil.ClientOptions(cfg, ts, &http.Client{Transport: transport}, userAgent))
	if err != nil {
		return nil, err
	}
	userID := sb.Server.UserID()
	return &cmdutil.Session{Client: c, Config: cfg, Label: "demo",
		UserIDOf:    func() string { return userID },
		IndexOpener: func() (*index.Store, error) { return index.OpenTemp(index.KeyOf(sb.URL, location)) },
		Redirects: func() (redirectplan.State, error) {
			return redirectplan.StateOf(demoStateRoot(sb), "demo", sb.URL, location), nil
		},
	}, nil
}

// demoStateRoot is where the demo keeps its bulk redirect journals and versions: a
// directory of its own, as short-lived as the sandbox (the browser removes it).
func demoStateRoot(sb *sandbox.Running) string {
	sum := sha256.Sum256([]byte(sb.URL))
	return filepath.Join(os.TempDir(), "funnels-demo-"+hex.EncodeToString(sum[:6]))
}

// DemoOpener opens the sub-accounts of the embedded sandbox's agency (its gyms), each
// with its own static token, client and session index, for `funnels --demo`.
type DemoOpener struct {
	sb        *sandbox.Running
	transport http.RoundTripper
	userAgent string
	settings  *config.Config // the run's read-only and API version
	cmdutil.OpenedAccounts
}

// demoAccount names a sub-account of the demo in the switcher.
func demoAccount(id string) string { return "demo/" + id }

func (o *DemoOpener) List(context.Context) ([]ui.Account, error) {
	var out []ui.Account
	for _, sub := range o.sb.Server.SubAccounts() {
		if sub.Installed {
			out = append(out, ui.Account{Name: demoAccount(sub.ID), Profile: "demo", Location: sub.ID, LocationName: sub.Name,
				Kind: "demo", ReadOnly: o.settings.ReadOnly})
		}
	}
	return out, nil
}

func (o *DemoOpener) Open(_ context.Context, name string) (ui.Opened, error) {
	return o.Get(name, func() (ui.Opened, error) {
		for _, sub := range o.sb.Server.SubAccounts() {
			if demoAccount(sub.ID) != name || !sub.Installed {
				continue
			}
			s, err := openDemoSession(o.sb, sub.ID, sub.DemoToken, o.transport, o.userAgent, o.settings)
			if err != nil {
				return ui.Opened{}, err
			}
			s.Label = "demo / " + sub.Name
			return s.Opened()
		}
		return ui.Opened{}, fmt.Errorf("the demo has no sub-account %q", name)
	})
}

// Indexes of the demo: the session indexes of the gyms opened this run.
func (o *DemoOpener) Indexes(context.Context, []ui.Account) map[string]*index.Store {
	return o.OpenedIndexes()
}
