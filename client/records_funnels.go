package client

import (
	"encoding/json"
	"time"
)

// Funnel is a funnel or website with its steps. Its JSON tags are our own output
// shape (for --json); decoding goes through UnmarshalJSON and accepts the service's
// shapes.
type Funnel struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	LocationID string `json:"locationId,omitempty"`
	Type       string `json:"type,omitempty"`
	Category   string `json:"category,omitempty"`
	URL        string `json:"url,omitempty"`
	DomainID   string `json:"domainId,omitempty"`
	DomainName string `json:"domainName,omitempty"`
	ParentID   string `json:"parentId,omitempty"`
	Steps      []Step `json:"steps"`
	// StepsKnown is false when the record came without a steps field (a folder
	// listing's summary): Steps is then unknown, not empty.
	StepsKnown       bool            `json:"-"`
	DateAdded        time.Time       `json:"dateAdded,omitzero"`
	DateUpdated      time.Time       `json:"dateUpdated,omitzero"`
	Deleted          bool            `json:"deleted,omitempty"`
	FaviconURL       string          `json:"faviconUrl,omitempty"`
	TrackingCodeHead string          `json:"trackingCodeHead,omitempty"`
	TrackingCodeBody string          `json:"trackingCodeBody,omitempty"`
	Raw              json.RawMessage `json:"-"` // the record as the server sent it
}

func (f *Funnel) UnmarshalJSON(b []byte) error {
	o, err := objectFields(b)
	if err != nil {
		return err
	}
	*f = Funnel{
		ID:               o.str("id", "funnelid"),
		Name:             o.str("name", "title"),
		LocationID:       o.str("locationid"),
		Type:             o.str("type"),
		Category:         o.str("category"),
		URL:              o.str("url", "path"),
		DomainID:         o.str("domainid"),
		DomainName:       o.str("domainname", "domain"),
		ParentID:         o.str("parentid", "folderid"),
		DateAdded:        o.time("dateadded", "createdat"),
		DateUpdated:      o.time("dateupdated", "updatedat"),
		Deleted:          o.bool("deleted"),
		FaviconURL:       o.str("faviconurl"),
		TrackingCodeHead: o.str("trackingcodehead"),
		TrackingCodeBody: o.str("trackingcodebody"),
		Raw:              append(json.RawMessage(nil), b...),
	}
	if raw, ok := o.get("steps"); ok {
		if env, err := unwrapList(raw); err == nil {
			f.Steps, f.StepsKnown = decodeEach[Step](env.items), true
		}
	}
	return nil
}

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
		Raw:              append(json.RawMessage(nil), b...),
	}
	return nil
}

// VariationTraffic is the share of visitors the variation page gets in a split test.
func (s Step) VariationTraffic() float64 {
	if !s.Split {
		return 0
	}
	return 100 - s.ControlTraffic
}

// Folder groups funnels or websites; folders nest through ParentID.
type Folder struct {
	ID          string          `json:"id"`
	Name        string          `json:"name"`
	Type        string          `json:"type,omitempty"`
	Category    string          `json:"category,omitempty"`
	ParentID    string          `json:"parentId,omitempty"`
	LocationID  string          `json:"locationId,omitempty"`
	DateAdded   time.Time       `json:"dateAdded,omitzero"`
	DateUpdated time.Time       `json:"dateUpdated,omitzero"`
	Raw         json.RawMessage `json:"-"`
}

func (f *Folder) UnmarshalJSON(b []byte) error {
	o, err := objectFields(b)
	if err != nil {
		return err
	}
	*f = Folder{
		ID:          o.str("id", "folderid"),
		Name:        o.str("name", "title"),
		Type:        o.str("type"),
		Category:    o.str("category"),
		ParentID:    o.str("parentid"),
		LocationID:  o.str("locationid"),
		DateAdded:   o.time("dateadded", "createdat"),
		DateUpdated: o.time("dateupdated", "updatedat"),
		Raw:         append(json.RawMessage(nil), b...),
	}
	return nil
}

// Entities is what one folder holds: its subfolders and its funnels.
type Entities struct {
	Folders []Folder `json:"folders"`
	Funnels []Funnel `json:"funnels"`
}
