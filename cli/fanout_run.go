package cli

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

// memberRun is one member of a set as its work sees it: who it is and its session,
// opened as `--profile P --location L` opens one, with a client (and so a pacer and
// rate-limit state) of its own.
type memberRun struct {
	member
	Session *Session
}

// memberDone is what one member's work gave.
type memberDone[T any] struct {
	member
	Result T
}

// fanout runs one function per member of a set side by side, at most
// set.concurrency at once, with one progress line for the whole run on standard
// error. A member that fails is recorded with its reason and the others go on.
type fanout struct {
	f         *Factory
	set       *memberSet
	what      string // the command, naming its progress line: "funnels index"
	transport http.RoundTripper
	tokens    http.RoundTripper // the token calls of every member, paced as one
	requests  atomic.Int64
	tune      func(*client.Options) // adjusts every member's client options (nil: none)
}

// newFanout prepares a run of set: one transport for the API (counted) and one pace
// for the token calls of every member.
func newFanout(f *Factory, set *memberSet, what string) (*fanout, error) {
	base, err := f.transport(set.store.Dir())
	if err != nil {
		return nil, err
	}
	f.signedInWith = tokenKindOf(set.cfg) // for the advice after a refused scope; members open side by side without it
	fo := &fanout{f: f, set: set, what: what}
	fo.transport = countingTransport{next: base, n: &fo.requests}
	fo.tokens = newPacedTransport(fo.transport)
	return fo, nil
}

// open opens m's session as `--profile m.Profile --location m.Location` with the
// run's other flags would.
func (fo *fanout) open(ctx context.Context, m member) (*Session, error) {
	if fo.set.only != "" && m.Profile != fo.set.only {
		return nil, usagef("it is reached through profile %s, another sign-in than this one's: only what this sign-in reaches is read", quoteInput(m.Profile))
	}
	flags := fo.f.Flags
	flags.Profile, flags.Location = m.Profile, m.Location
	cfg, err := config.LoadSignedIn(fo.f.Getenv, flags, fo.set.store)
	if err != nil {
		return nil, usagef("%v", err)
	}
	s, err := fo.f.newSession(ctx, cfg, fo.set.store, fo.transport, fo.tokens, fo.tune)
	if err != nil {
		return nil, err
	}
	if s.Client.LocationID() == "" {
		return nil, usagef("profile %s names no location", m.Profile)
	}
	return s, nil
}

// runSet runs work for every member of set and returns what succeeded (in the set's
// order) and what failed, with reasons. A canceled ctx stops the members not started.
func runSet[T any](ctx context.Context, fo *fanout, work func(ctx context.Context, m *memberRun) (T, error)) ([]memberDone[T], []memberFailure) {
	members := fo.set.members
	results := make([]*memberDone[T], len(members))
	failures := make([]*memberFailure, len(members))
	bar := newFanoutProgress(fo.f, fo.what)
	started := time.Now()
	var finished, failed atomic.Int64
	report := func() {
		bar.update(fanoutReport{Done: int(finished.Load()), Failed: int(failed.Load()), Total: len(members),
			Requests: int(fo.requests.Load()), Elapsed: time.Since(started)})
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
	sem := make(chan struct{}, fo.set.concurrency)
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
			m, res, err := runOne(ctx, fo, m, work)
			if err != nil {
				failures[i] = failureOf(m, err)
				failed.Add(1)
			} else {
				results[i] = &memberDone[T]{member: m, Result: res}
			}
			finished.Add(1)
			report()
		}()
	}
	wg.Wait()
	close(stopTicker)
	<-tickerDone
	report()
	bar.done()
	var done []memberDone[T]
	for _, r := range results {
		if r != nil {
			done = append(done, *r)
		}
	}
	var fails []memberFailure
	for _, fl := range failures {
		if fl != nil {
			fails = append(fails, *fl)
		}
	}
	return done, fails
}

// runOne opens m and runs work on it; the member's location is filled in from its
// session when the set did not know it.
func runOne[T any](ctx context.Context, fo *fanout, m member, work func(ctx context.Context, m *memberRun) (T, error)) (member, T, error) {
	var zero T
	ctx, answered, stop := watchMember(ctx, fo.set.memberTimeout)
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
	res, err := work(ctx, &memberRun{member: m, Session: s})
	return m, res, silentOr(ctx, err)
}

// startSet resolves the set the flags name and prepares a run across it.
func (f *Factory) startSet(ctx context.Context, o *SetOptions, what string) (*fanout, error) {
	set, err := resolveSet(ctx, f, o)
	if err != nil {
		return nil, err
	}
	return newFanout(f, set, what)
}
