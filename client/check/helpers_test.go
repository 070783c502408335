package check

import (
	"context"
	"fmt"
	"net"
	"net/netip"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/client/sandbox"
	"github.com/funnelsdev/funnels/client/sandbox/sandboxtest"
)

// sitesSandbox is a sandbox serving its sites, with a rate limit that does not slow
// a crawl down.
func sitesSandbox(t testing.TB, opts sandbox.Options) (*sandbox.Running, sandbox.Sites) {
	t.Helper()
	opts.Limit, opts.Window, opts.Sites.Enabled = 1000, time.Second, true
	sb := sandboxtest.Start(t, opts)
	info, ok := sb.Server.Sites()
	if !ok {
		t.Fatal("the sandbox does not serve its sites")
	}
	return sb, info
}

// indexOf crawls a sub-account of sb (its own token) into a fresh index.
func indexOf(t testing.TB, sb *sandbox.Running, loc sandbox.SubAccount) *index.Store {
	t.Helper()
	store := index.Open(filepath.Join(t.TempDir(), loc.ID+".db"), index.KeyOf(sb.URL, loc.ID))
	recrawl(t, sb, loc, store)
	return store
}

// recrawl crawls loc into store again.
func recrawl(t testing.TB, sb *sandbox.Running, loc sandbox.SubAccount, store *index.Store) {
	t.Helper()
	c, err := client.New(client.Options{BaseURL: sb.URL, LocationID: loc.ID,
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: loc.DemoToken})})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (&index.Crawler{Client: c, Store: store}).Run(ctxT(t)); err != nil {
		t.Fatalf("crawl %s: %v", loc.ID, err)
	}
}

// locationOf is what the checker takes of a crawled index.
func locationOf(t testing.TB, store *index.Store, loc sandbox.SubAccount) Location {
	t.Helper()
	l, state, err := FromIndex(ctxT(t), store, loc.ID, loc.Name)
	if err != nil || !state.Exists {
		t.Fatalf("from index: %v (exists %v)", err, state.Exists)
	}
	return l
}

func ctxT(t testing.TB) context.Context {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	return ctx
}

// dialLog records every address a run dials, and dials loopback ones only: a test
// never opens a connection to anything else, whatever the checker asks.
type dialLog struct {
	mu    sync.Mutex
	addrs []string
}

func (l *dialLog) dial(ctx context.Context, network, address string) (net.Conn, error) {
	l.mu.Lock()
	l.addrs = append(l.addrs, address)
	l.mu.Unlock()
	ap, err := netip.ParseAddrPort(address)
	if err != nil || !ap.Addr().IsLoopback() {
		return nil, fmt.Errorf("test: refusing to dial %s", address)
	}
	var d net.Dialer
	return d.DialContext(ctx, network, address)
}

func (l *dialLog) list() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.addrs)
}

// sitesOptions reach the sandbox's sites as a person would from its files: its
// resolve rules, its CA, no DNS at all; dials recorded in log.
func sitesOptions(t testing.TB, info sandbox.Sites, log *dialLog) Options {
	t.Helper()
	rules, err := ParseRules(strings.NewReader(strings.Join(info.Resolve, "\n")))
	if err != nil {
		t.Fatal(err)
	}
	cas, err := client.ParseCertificates(info.CAPEM)
	if err != nil {
		t.Fatal(err)
	}
	return Options{Resolve: rules, Resolver: NoDNS{}, RootCAs: cas, Dial: log.dial}
}

// brief is a finding as the tests compare them: severity, kind, subject, and the
// fix's text.
func brief(f Finding) string {
	s := fmt.Sprintf("%s %s %s %s%s", f.Severity, f.Kind, f.Subject.Type, f.Subject.Host, f.Subject.Path)
	if f.Fix != nil {
		s += " fix=" + f.Fix.Text
	}
	return s
}

// problems are a result's findings that are not ok, briefly, sorted.
func problems(res *Result) []string {
	var out []string
	for _, f := range res.Findings {
		if f.Severity != OK {
			out = append(out, brief(f))
		}
	}
	slices.Sort(out)
	return out
}
