package cmdutil

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/config"
)

// MemberRun is one member of a set as its work sees it: who it is and its session,
// opened as `--profile P --location L` opens one, with a client (and so a pacer and
// rate-limit state) of its own.
type MemberRun struct {
	Member
	Session *Session
}

// MemberDone is what one member's work gave.
type MemberDone[T any] struct {
	Member
	Result T
}

// fanout runs one function per member of a set side by side, at most
// set.concurrency at once, with one progress line for the whole run on standard
// error. A member that fails is recorded with its reason and the others go on.
type fanout struct {
	f         *Factory
	Set       *MemberSet
	what      string // the command, naming its progress line: "funnels index"
	transport http.RoundTripper
	tokens    http.RoundTripper // the token calls of every member, paced as one
	requests  atomic.Int64
	Tune      func(*client.Options) // adjusts every member's client options (nil: none)
	// Quiet: the command shows a progress line of its own, which RunSet's would
	// follow on a line of its own.
	Quiet bool
}

// NewFanout prepares a run of set: one transport for the API (counted) and one pace
// for the token calls of every member.
func NewFanout(f *Factory, set *MemberSet, what string) (*fanout, error) {
	base, err := f.Transport(set.Store.Dir())
	if err != nil {
		return nil, err
	}
	f.SignedInWith = tokenKindOf(set.Config) // for the advice after a refused scope; members open side by side without it
	fo := &fanout{f: f, Set: set, what: what}
	fo.transport = countingTransport{next: base, n: &fo.requests}
	fo.tokens = newPacedTransport(fo.transport)
	return fo, nil
}

// open opens m's session as `--profile m.Profile --location m.Location` with the
// run's other flags would; a member of a token given without a profile (no
// m.Profile) is opened with that token, as the run itself is, never as the profile
// a config file makes the default.
func (fo *fanout) open(ctx context.Context, m Member) (*Session, error) {
	if fo.Set.Foreign(m) {
		return nil, Usagef("it is reached through profile %s, another sign-in than this one's: only what this sign-in reaches is read", QuoteInput(m.Profile))
	}
	flags := fo.f.Flags
	flags.Location = m.Location
	if m.Profile != "" {
		flags.Profile = m.Profile
	}
	cfg, err := config.LoadSignedIn(fo.f.Getenv, flags, fo.Set.Store)
	if err != nil {
		return nil, Usagef("%w", err)
	}
	s, err := fo.f.newSession(ctx, cfg, fo.Set.Store, fo.transport, fo.tokens, fo.Tune)
	if err != nil {
		return nil, err
	}
	if s.Client.LocationID() == "" {
		return nil, Usagef("profile %s names no location", m.Profile)
	}
	return s, nil
}

// RunSet runs work for every member of set and returns what succeeded (in the set's
// order) and what failed, with reasons. A canceled ctx stops the members not started.
func RunSet[T any](ctx context.Context, fo *fanout, work func(ctx context.Context, m *MemberRun) (T, error)) ([]MemberDone[T], []MemberFailure) {
	members := fo.Set.Members
	results := make([]*MemberDone[T], len(members))
	failures := make([]*MemberFailure, len(members))
	bar := newFanoutProgress(fo.f, fo.what)
	bar.quiet = bar.quiet || fo.Quiet
	started := time.Now()
	var finished, failed atomic.Int64
	running := newRunningMembers(len(members))
	report := func() {
		done := int(finished.Load())
		bar.Update(fanoutReport{Done: done, Failed: int(failed.Load()), Total: len(members),
			Requests: int(fo.requests.Load()), Elapsed: time.Since(started), Waiting: running.named(len(members) - done)})
	}
	stopTicker := make(chan struct{})
	tickerDone := make(chan struct{})
	go func() {
		defer close(tickerDone)
		t := time.NewTicker(redrawEvery)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				report()
			case <-stopTicker:
				return
			}
		}
	}()
	sem := make(chan struct{}, fo.Set.Concurrency)
	var wg sync.WaitGroup
	for i, m := range members {
		select {
		case sem <- struct{}{}:
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			failures[i] = failureOf(m, fmt.Errorf("not started: %w", ctx.Err()))
			failed.Add(1)
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			running.start(i, m.Name)
			m, res, err := runOne(ctx, fo, m, work)
			running.stop(i)
			if err != nil {
				failures[i] = failureOf(m, err)
				failed.Add(1)
			} else {
				results[i] = &MemberDone[T]{Member: m, Result: res}
			}
			finished.Add(1)
			report()
		}()
	}
	wg.Wait()
	close(stopTicker)
	<-tickerDone
	report()
	bar.Done()
	var done []MemberDone[T]
	for _, r := range results {
		if r != nil {
			done = append(done, *r)
		}
	}
	var fails []MemberFailure
	for _, fl := range failures {
		if fl != nil {
			fails = append(fails, *fl)
		}
	}
	return done, fails
}

// runOne opens m and runs work on it; the member's location is filled in from its
// session when the set did not know it.
func runOne[T any](ctx context.Context, fo *fanout, m Member, work func(ctx context.Context, m *MemberRun) (T, error)) (Member, T, error) {
	var zero T
	ctx, answered, stop := watchMember(ctx, fo.Set.memberTimeout)
	defer stop()
	s, err := fo.open(ctx, m)
	if err != nil {
		return m, zero, silentOr(ctx, err)
	}
	answered()
	defer onAnswer(s.Client, answered)()
	if m.Location == "" {
		m.Location = s.Client.LocationID()
	}
	res, err := work(ctx, &MemberRun{Member: m, Session: s})
	return m, res, silentOr(ctx, err)
}

// StartSet resolves the set the flags name and prepares a run across it.
func (f *Factory) StartSet(ctx context.Context, o *SetOptions, what string) (*fanout, error) {
	set, err := ResolveSet(ctx, f, o)
	if err != nil {
		return nil, err
	}
	return NewFanout(f, set, what)
}
