package client

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"time"

	"github.com/google/uuid"
)

// Step is one step of a funnel. During a split test Pages holds the control page
// first and the variation second.
type Step struct {
	ID               string          `json:"id"`
	Name             string          `json:"name"`
	URL              string          `json:"url"`
	Type             string          `json:"type,omitempty"`
	Pages            []string        `json:"pages"`
	Sequence         int             `json:"sequence"`
	Products         []string        `json:"products,omitempty"`
	OriginID         string          `json:"originId,omitempty"`
	Split            bool            `json:"split"`
	ControlTraffic   float64         `json:"controlTraffic,omitempty"`
	SplitStartedAt   time.Time       `json:"splitStartedAt,omitzero"`
	SplitEndedAt     time.Time       `json:"splitEndedAt,omitzero"`
	RouteAllRequests bool            `json:"routeAllRequests,omitempty"`
	AdditionalRoutes []string        `json:"additionalRoutes,omitempty"`
	Raw              json.RawMessage `json:"-"`
}

func (s *Step) UnmarshalJSON(b []byte) error {
	o, err := objectFields(b)
	if err != nil {
		return err
	}
	s.fromFields(o, b, false)
	return nil
}

// fromFields is the step of the object b, whose fields are o; owned as for
// Funnel.fromFields: b becomes Raw as it is, else a copy.
func (s *Step) fromFields(o fields, b []byte, owned bool) {
	raw := json.RawMessage(b[:len(b):len(b)])
	if !owned {
		raw = append(json.RawMessage(nil), b...)
	}
	*s = Step{
		ID:               o.str("id", "stepid"),
		Name:             o.str("name"),
		URL:              o.str("url", "path"),
		Type:             o.str("type"),
		Pages:            o.strs("pages"),
		Sequence:         o.int("sequence"),
		Products:         o.strs("products"),
		OriginID:         o.str("originid"),
		Split:            o.bool("split"),
		ControlTraffic:   o.float("controltraffic"),
		SplitStartedAt:   o.time("splitstartedat"),
		SplitEndedAt:     o.time("splitendedat"),
		RouteAllRequests: o.bool("routeallrequests"),
		AdditionalRoutes: o.strs("additionalroutes"),
		Raw:              raw,
	}
}

// VariationTraffic is the share of visitors the variation page gets in a split test.
func (s Step) VariationTraffic() float64 {
	if !s.Split {
		return 0
	}
	return 100 - s.ControlTraffic
}

// PageRole is what a live page is in its step's split test.
type PageRole uint8

const (
	NoRole    PageRole = iota // no split test, or a page outside it
	Control                   // the first of the step's pages: the original
	Variation                 // the second: the page tested against it
)

// String is the role's name as a marketer says it: control, variation or "".
func (r PageRole) String() string {
	switch r {
	case Control:
		return "control"
	case Variation:
		return "variation"
	}
	return ""
}

// SplitRunning reports whether the step runs a split test: the split flag set and
// two pages to split between. A flag without a second page splits nothing.
func (s Step) SplitRunning() bool { return s.Split && len(s.Pages) > 1 }

// Role says what page pageID is in the step's split test — the control (the first of
// Pages) or the variation (the second) — and the share of visitors (0–100) it gets;
// NoRole and 0 when the step runs no test or the page is not one of the two.
func (s Step) Role(pageID string) (PageRole, float64) {
	if !s.SplitRunning() {
		return NoRole, 0
	}
	switch pageID {
	case s.Pages[0]:
		return Control, s.ControlTraffic
	case s.Pages[1]:
		return Variation, 100 - s.ControlTraffic
	}
	return NoRole, 0
}

// CanArchivePage reports whether a live page of the step may be archived: the
// service refuses to archive a step's last page, so another must stay live.
func (s Step) CanArchivePage() bool { return len(s.Pages) > 1 }

// NextSequence is the sequence of a step added at the end of a funnel whose steps
// have the given sequences. Sequences are 1-based positions (the service numbers a
// new step one past the count of the funnel's steps), so it is one past both the
// highest sequence and the count: after the last step, and never a position the
// steps already fill — a funnel numbered from 0, or with a number twice, would
// otherwise get a new step at a position counted already. 1 for an empty funnel.
func NextSequence(sequences []int) int {
	next := len(sequences)
	for _, n := range sequences {
		next = max(next, n)
	}
	return next + 1
}

// NextSequence is the sequence of a step added at the end of the funnel.
func (f *Funnel) NextSequence() int {
	seqs := make([]int, len(f.Steps))
	for i := range f.Steps {
		seqs[i] = f.Steps[i].Sequence
	}
	return NextSequence(seqs)
}

// FirstStep is the step a visitor of the funnel's domain meets first: the lowest
// sequence, the first listed of equals; nil when the funnel has no steps.
func (f *Funnel) FirstStep() *Step {
	var first *Step
	for i := range f.Steps {
		if first == nil || f.Steps[i].Sequence < first.Sequence {
			first = &f.Steps[i]
		}
	}
	return first
}

// NewStep is the step object of create-step.
type NewStep struct {
	ID       string   `json:"id"` // a uuid v4; CreateStep makes one when empty
	Name     string   `json:"name"`
	URL      string   `json:"url"`
	Type     string   `json:"type"`
	Pages    []string `json:"pages"`
	Sequence int      `json:"sequence"`
}

// CreateStepRequest is the body of POST /funnels/funnel/create-step.
type CreateStepRequest struct {
	Step           NewStep `json:"step"`
	FunnelID       string  `json:"funnelId"`
	DomainName     string  `json:"domainName,omitempty"`
	SplitStartedAt string  `json:"split_started_at,omitempty"`
	SplitEndedAt   string  `json:"split_ended_at,omitempty"`
}

// CreateStep adds a step to a funnel. The service creates the step's first page and
// its answer is not reliable, so callers re-read the funnel afterwards. The id used
// is returned in the Result.
func (c *Client) CreateStep(ctx context.Context, b CreateStepRequest) (*Result, *Response, error) {
	if b.Step.ID == "" {
		b.Step.ID = uuid.NewString()
	}
	if b.Step.Pages == nil {
		b.Step.Pages = []string{}
	}
	cl, err := jsonCall(http.MethodPost, "/funnels/funnel/create-step", b)
	if err != nil {
		return nil, nil, err
	}
	r, resp, err := c.doResult(ctx, cl)
	if r != nil && r.ID == "" {
		r.ID = b.Step.ID
	}
	return r, resp, err
}

// PathCheckParams ask whether a step path is free (GET /funnels/funnel/funnel-step-page-url).
type PathCheckParams struct {
	LocationID string
	FunnelID   string
	Name       string
	Path       string // "/offer"
	Domain     string
}

// PathCheck answers funnel-step-page-url. The service says ok even when the path is
// taken; a path is free only when UniqueURL is the path that was asked for, and
// otherwise UniqueURL is its suggestion.
type PathCheck struct {
	Asked     string `json:"asked"`
	UniqueURL string `json:"uniqueUrl"`
	OK        bool   `json:"ok"`
	TraceID   string `json:"traceId,omitempty"`
}

// Free reports whether the asked path can be used as it is.
func (p PathCheck) Free() bool { return p.UniqueURL != "" && p.UniqueURL == p.Asked }

// Suggestion is the path the service proposes instead, or "" when the asked one is free.
func (p PathCheck) Suggestion() string {
	if p.Free() {
		return ""
	}
	return p.UniqueURL
}

// CheckStepPath asks the service whether a path is free, and for its suggestion when not.
func (c *Client) CheckStepPath(ctx context.Context, p PathCheckParams) (*PathCheck, *Response, error) {
	q := url.Values{}
	c.setLocation(q, p.LocationID)
	setIf(q, "funnelId", p.FunnelID)
	setIf(q, "name", p.Name)
	q.Set("path", p.Path)
	q.Set("type", "page")
	setIf(q, "domain", p.Domain)
	const path = "/funnels/funnel/funnel-step-page-url"
	body, resp, err := c.do(ctx, call{method: http.MethodGet, path: path, query: q})
	if err != nil {
		return nil, resp, err
	}
	raw, _, err := unwrapRecord(body)
	if err != nil {
		return nil, resp, decodeErr(http.MethodGet, path, resp, body, err)
	}
	o, err := objectFields(raw)
	if err != nil {
		return nil, resp, decodeErr(http.MethodGet, path, resp, body, err)
	}
	return &PathCheck{Asked: p.Path, UniqueURL: o.str("uniqueurl", "url", "path"), OK: o.bool("ok"), TraceID: o.str("traceid")}, resp, nil
}
