package index

import (
	"time"

	"github.com/funnelsdev/funnels/client"
)

// The records the index keeps: what the browser draws and "go to anything" searches,
// each with when it was fetched (At). They are smaller than the client's records
// (no raw JSON, no tracking codes) and are stored as compact JSON.

// Folder is a folder of funnels or websites.
type Folder struct {
	ID       string `json:"i"`
	Name     string `json:"n,omitempty"`
	Type     string `json:"t,omitempty"`
	ParentID string `json:"p,omitempty"`
	// Grouped: known only from the funnels' parentId (folder entities refused), so
	// its name is its id and where it sits is not known.
	Grouped bool  `json:"g,omitempty"`
	At      int64 `json:"a"` // fetched, Unix milliseconds
}

// Funnel is a funnel or website with its steps.
type Funnel struct {
	ID         string `json:"i"`
	Name       string `json:"n,omitempty"`
	Type       string `json:"t,omitempty"`
	ParentID   string `json:"p,omitempty"`
	DomainName string `json:"d,omitempty"`
	URL        string `json:"u,omitempty"`
	Steps      []Step `json:"s,omitempty"`
	StepsKnown bool   `json:"k,omitempty"`
	Updated    int64  `json:"up,omitempty"` // dateUpdated, Unix milliseconds
	At         int64  `json:"a"`
	// PagesAt, given to Writer.PutFunnel, is when the pages of the whole funnel were
	// read (0: not with this record); it is kept in the at bucket (seen_at.go), not in
	// the record, where only an index written by an earlier version has one.
	PagesAt int64 `json:"pa,omitempty"`
}

// Step is one step of a funnel.
type Step struct {
	ID      string   `json:"i"`
	Name    string   `json:"n,omitempty"`
	URL     string   `json:"u,omitempty"`
	Type    string   `json:"t,omitempty"`
	Pages   []string `json:"pg,omitempty"`
	Seq     int      `json:"q,omitempty"`
	Split   bool     `json:"sp,omitempty"`
	Control float64  `json:"c,omitempty"`
}

// Page is one page of a funnel's step.
type Page struct {
	ID       string `json:"i"`
	FunnelID string `json:"f"`
	StepID   string `json:"s,omitempty"`
	Name     string `json:"n,omitempty"`
	URL      string `json:"u,omitempty"`
	Deleted  bool   `json:"x,omitempty"`
	Updated  int64  `json:"up,omitempty"`
	At       int64  `json:"a"`
}

// Redirect is a URL redirect of one of the location's domains.
type Redirect struct {
	ID     string `json:"i"`
	Domain string `json:"d,omitempty"`
	Path   string `json:"p,omitempty"`
	Target string `json:"t,omitempty"`
	Action string `json:"ac,omitempty"`
	Type   string `json:"ty,omitempty"`
	At     int64  `json:"a"`
}

func millis(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

// Time is a stored Unix-millisecond stamp as a time: zero for 0, and for a stamp no
// index could have written (before 1970 or past the year 9999), so a damaged or
// crafted file never shows a time out of range.
func Time(ms int64) time.Time {
	if ms <= 0 || ms > maxStamp {
		return time.Time{}
	}
	return time.UnixMilli(ms)
}

// maxStamp is the last millisecond of the year 9999.
const maxStamp = 253402300799999

// FolderOf is the index's record of a folder fetched at at.
func FolderOf(f client.Folder, at time.Time) Folder {
	return Folder{ID: f.ID, Name: f.Name, Type: f.Type, ParentID: f.ParentID, At: millis(at)}
}

// Client is the folder as the client returns it.
func (f Folder) Client() client.Folder {
	return client.Folder{ID: f.ID, Name: f.Name, Type: f.Type, ParentID: f.ParentID, Category: "folder"}
}

// FunnelOf is the index's record of a funnel fetched at at.
func FunnelOf(f client.Funnel, at time.Time) Funnel {
	out := Funnel{
		ID: f.ID, Name: f.Name, Type: f.Type, ParentID: f.ParentID, DomainName: f.DomainName, URL: f.URL,
		StepsKnown: f.StepsKnown, Updated: millis(f.DateUpdated), At: millis(at),
	}
	if len(f.Steps) > 0 {
		out.Steps = make([]Step, len(f.Steps))
		for i, s := range f.Steps {
			out.Steps[i] = Step{ID: s.ID, Name: s.Name, URL: s.URL, Type: s.Type, Pages: s.Pages, Seq: s.Sequence,
				Split: s.Split, Control: s.ControlTraffic}
		}
	}
	return out
}

// Client is the funnel as the client returns it, with the fields the index keeps.
func (f Funnel) Client() client.Funnel {
	out := client.Funnel{
		ID: f.ID, Name: f.Name, Type: f.Type, ParentID: f.ParentID, DomainName: f.DomainName, URL: f.URL,
		StepsKnown: f.StepsKnown, DateUpdated: Time(f.Updated), Steps: make([]client.Step, len(f.Steps)),
	}
	for i, s := range f.Steps {
		out.Steps[i] = s.Client()
	}
	return out
}

// Client is the step as the client returns it, with the fields the index keeps.
func (s Step) Client() client.Step {
	return client.Step{ID: s.ID, Name: s.Name, URL: s.URL, Type: s.Type, Pages: s.Pages, Sequence: s.Seq,
		Split: s.Split, ControlTraffic: s.Control}
}

// PageOf is the index's record of a page of funnelID fetched at at.
func PageOf(funnelID string, p client.Page, at time.Time) Page {
	if p.FunnelID != "" {
		funnelID = p.FunnelID
	}
	return Page{ID: p.ID, FunnelID: funnelID, StepID: p.StepID, Name: p.Name, URL: p.URL, Deleted: p.Deleted,
		Updated: millis(p.DateUpdated), At: millis(at)}
}

// Client is the page as the client returns it, with the fields the index keeps.
func (p Page) Client() client.Page {
	return client.Page{ID: p.ID, FunnelID: p.FunnelID, StepID: p.StepID, Name: p.Name, URL: p.URL, Deleted: p.Deleted,
		DateUpdated: Time(p.Updated)}
}

// RedirectOf is the index's record of a redirect fetched at at.
func RedirectOf(r client.Redirect, at time.Time) Redirect {
	return Redirect{ID: r.ID, Domain: r.Domain, Path: r.Path, Target: r.Target, Action: r.Action, Type: r.Type, At: millis(at)}
}

// Client is the redirect as the client returns it, with the fields the index keeps.
func (r Redirect) Client() client.Redirect {
	return client.Redirect{ID: r.ID, Domain: r.Domain, Path: r.Path, Target: r.Target, Action: r.Action, Type: r.Type}
}
