package check

import (
	"cmp"
	"context"
	"slices"
	"sync"
	"time"
)

// Result is one location's check.
type Result struct {
	Location string    `json:"location"`
	Name     string    `json:"name,omitempty"`
	Started  time.Time `json:"started"`
	Ended    time.Time `json:"ended"`
	// Complete: every address was answered; false when the run was cancelled first
	// (Findings then hold only the subjects checked whole).
	Complete bool `json:"complete"`
	// Findings, worst first: errors, warnings, then one ok for each subject found
	// well.
	Findings []Finding `json:"findings"`
	Counts   Counts    `json:"counts"`
	// Answers are what every address of the location answered, for a later run to
	// resume from (Options.Resume); Saved keeps them, output need not.
	Answers []Answer `json:"-"`
}

// Counts are a result's findings by severity and the addresses it asked.
type Counts struct {
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
	OK       int `json:"ok"`
	URLs     int `json:"urls"`
}

// Run checks every location at once: their addresses share the per-host limits and
// each address is asked once however many locations name it. It returns a result
// per location, in their order; when ctx ends first it returns within a moment with
// what was answered by then (Result.Complete false) and ctx's error.
func Run(ctx context.Context, locs []Location, opts Options) ([]*Result, error) {
	o, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	r := newRunner(ctx, o)
	defer r.client.CloseIdleConnections()
	// The plans normalise hosts in place: on copies, never the caller's records.
	locs = slices.Clone(locs)
	for i := range locs {
		l := &locs[i]
		l.Steps, l.Redirects, l.Moves = slices.Clone(l.Steps), slices.Clone(l.Redirects), slices.Clone(l.Moves)
	}
	out := make([]*Result, len(locs))
	plans := make([]*plan, len(locs))
	for i := range locs {
		plans[i] = newPlan(&locs[i])
		for _, u := range plans[i].seeds {
			r.submit(u, 0)
		}
	}
	var wg sync.WaitGroup
	var doneMu sync.Mutex
	for i := range locs {
		wg.Go(func() {
			out[i] = r.check(&locs[i], plans[i])
			if o.Done != nil {
				doneMu.Lock()
				defer doneMu.Unlock()
				o.Done(out[i])
			}
		})
	}
	wg.Wait()
	r.wg.Wait()
	return out, ctx.Err()
}

// check is one location's result from the answers of its plan's addresses.
func (r *runner) check(loc *Location, p *plan) *Result {
	res := &Result{Location: loc.ID, Name: loc.Name, Started: r.o.Now()}
	a := &analysis{r: r, loc: loc, p: p}
	a.domains()
	a.steps()
	a.redirects()
	a.oldPaths()
	res.Findings = append([]Finding{}, a.findings...)
	for i := range res.Findings {
		res.Findings[i].Location = loc.ID
	}
	sortFindings(res.Findings)
	res.Complete = !a.incomplete && r.ctx.Err() == nil
	res.Answers = r.answersOf(p.seeds)
	for _, f := range res.Findings {
		switch f.Severity {
		case Error:
			res.Counts.Errors++
		case Warning:
			res.Counts.Warnings++
		default:
			res.Counts.OK++
		}
	}
	res.Counts.URLs = len(res.Answers)
	res.Ended = r.o.Now()
	return res
}

// answersOf are the answers that came for seeds and the chains they lead along.
func (r *runner) answersOf(seeds []string) []Answer {
	seen := map[string]bool{}
	var out []Answer
	for _, u := range seeds {
		for hops := 0; u != "" && !seen[u] && hops <= r.o.MaxHops; hops++ {
			seen[u] = true
			a := r.settled(u)
			if a == nil {
				break
			}
			out = append(out, *a)
			u, _ = normURL(a.Location)
		}
	}
	return out
}

// sortFindings puts errors first, then warnings, then ok; within each, domains, then
// steps, then redirects, by host and path.
func sortFindings(fs []Finding) {
	typeRank := map[SubjectType]int{SubjectDomain: 0, SubjectStep: 1, SubjectRedirect: 2}
	slices.SortStableFunc(fs, func(a, b Finding) int {
		return cmp.Or(cmp.Compare(a.Severity.rank(), b.Severity.rank()),
			cmp.Compare(typeRank[a.Subject.Type], typeRank[b.Subject.Type]),
			cmp.Compare(a.Subject.Host, b.Subject.Host), cmp.Compare(a.Subject.Path, b.Subject.Path),
			cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.URL, b.URL))
	})
}
