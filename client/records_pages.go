package client

import (
	"encoding/json"
	"time"
)

// Page is one page of a step. Archived pages have Deleted set.
type Page struct {
	ID          string          `json:"id"`
	LocationID  string          `json:"locationId,omitempty"`
	FunnelID    string          `json:"funnelId,omitempty"`
	StepID      string          `json:"stepId,omitempty"`
	Name        string          `json:"name"`
	URL         string          `json:"url,omitempty"`
	Deleted     bool            `json:"deleted"`
	DateAdded   time.Time       `json:"dateAdded,omitzero"`
	DateUpdated time.Time       `json:"dateUpdated,omitzero"`
	PageVersion int             `json:"pageVersion,omitempty"`
	Raw         json.RawMessage `json:"-"`
}

func (p *Page) UnmarshalJSON(b []byte) error {
	o, err := objectFields(b)
	if err != nil {
		return err
	}
	*p = Page{
		ID:          o.str("id", "pageid"),
		LocationID:  o.str("locationid"),
		FunnelID:    o.str("funnelid"),
		StepID:      o.str("stepid"),
		Name:        o.str("name", "title"),
		URL:         o.str("url", "path"),
		Deleted:     o.bool("deleted", "archived"),
		DateAdded:   o.time("dateadded", "createdat"),
		DateUpdated: o.time("dateupdated", "updatedat"),
		PageVersion: o.int("pageversion", "version"),
		Raw:         append(json.RawMessage(nil), b...),
	}
	return nil
}

// Domain is a host name attached to the location.
type Domain struct {
	ID          string          `json:"id"`
	URL         string          `json:"url"` // a host name, not a URL, as the service names it
	DefaultPage string          `json:"defaultPage,omitempty"`
	LocationID  string          `json:"locationId,omitempty"`
	Deleted     bool            `json:"deleted,omitempty"`
	Raw         json.RawMessage `json:"-"`
}

func (d *Domain) UnmarshalJSON(b []byte) error {
	o, err := objectFields(b)
	if err != nil {
		return err
	}
	*d = Domain{
		ID:          o.str("id", "domainid"),
		URL:         o.str("url", "domain", "name", "host"),
		DefaultPage: o.str("defaultpage"),
		LocationID:  o.str("locationid"),
		Deleted:     o.bool("deleted"),
		Raw:         append(json.RawMessage(nil), b...),
	}
	return nil
}

// FunnelsWithDomain answers funnel-with-domain: the domain and the funnels using it.
type FunnelsWithDomain struct {
	Domain  *Domain  `json:"domain,omitempty"`
	Funnels []Funnel `json:"funnels"`
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
