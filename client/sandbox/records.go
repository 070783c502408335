package sandbox

// The records as they travel on the wire, in the shapes of the wire contract. The
// store keeps them in exactly this form; handlers hand out copies.

type folderRec struct {
	ID          string `json:"_id"`
	Name        string `json:"name"`
	Type        string `json:"type"`     // "funnel" | "website"
	Category    string `json:"category"` // always "folder"
	ParentID    string `json:"parentId,omitempty"`
	LocationID  string `json:"locationId"`
	DateAdded   string `json:"dateAdded"`
	DateUpdated string `json:"dateUpdated"`
}

type funnelRec struct {
	ID               string    `json:"_id"`
	Name             string    `json:"name"`
	LocationID       string    `json:"locationId"`
	Type             string    `json:"type"`     // "funnel" | "website"
	Category         string    `json:"category"` // always "funnel"
	URL              string    `json:"url"`
	DomainID         string    `json:"domainId"`
	DomainName       string    `json:"domainName"`
	ParentID         string    `json:"parentId"` // "" at the root
	Steps            []stepRec `json:"steps"`
	DateAdded        string    `json:"dateAdded"`
	DateUpdated      string    `json:"dateUpdated"`
	Deleted          bool      `json:"deleted"`
	FaviconURL       string    `json:"faviconUrl"`
	TrackingCodeHead string    `json:"trackingCodeHead"`
	TrackingCodeBody string    `json:"trackingCodeBody"`
}

// folderSummary and funnelSummary are what folder entities answer in the Summaries
// dialect: enough to list a folder, no steps.
type folderSummary struct {
	ID       string `json:"_id"`
	Name     string `json:"name"`
	Type     string `json:"type"`
	Category string `json:"category"`
	ParentID string `json:"parentId,omitempty"`
}

type funnelSummary struct {
	ID          string `json:"_id"`
	Name        string `json:"name"`
	LocationID  string `json:"locationId"`
	Type        string `json:"type"`
	Category    string `json:"category"`
	ParentID    string `json:"parentId"`
	DateUpdated string `json:"dateUpdated"`
}

type stepRec struct {
	ID               string     `json:"id"`
	Name             string     `json:"name"`
	URL              string     `json:"url"`
	Type             string     `json:"type"`
	Pages            []string   `json:"pages"` // live pages only; control first during a split test
	Sequence         int        `json:"sequence"`
	Products         []string   `json:"products"`
	OriginID         string     `json:"originId"`
	Split            bool       `json:"split"`
	ControlTraffic   int        `json:"control_traffic"`
	SplitStartedAt   *splitDate `json:"split_started_at"`
	SplitEndedAt     *splitDate `json:"split_ended_at"`
	RouteAllRequests bool       `json:"route_all_requests"`
	AdditionalRoutes []string   `json:"additional_routes"`
}

type splitDate struct {
	Date string `json:"date"`
}

type pageRec struct {
	ID          string `json:"_id"`
	LocationID  string `json:"locationId"`
	FunnelID    string `json:"funnelId"`
	StepID      string `json:"stepId"`
	Name        string `json:"name"`
	URL         string `json:"url"`
	Deleted     bool   `json:"deleted"` // archived
	DateAdded   string `json:"dateAdded"`
	DateUpdated string `json:"dateUpdated"`
	PageVersion int    `json:"pageVersion"`
	sections    int    // served by GET /funnels/page/{id} only
}

// pageDetail is the record of GET /funnels/page/{id}: the page plus its section count.
type pageDetail struct {
	pageRec
	Sections int `json:"sections"`
}

type domainRec struct {
	ID          string `json:"_id"`
	URL         string `json:"url"` // a host name
	DefaultPage string `json:"defaultPage"`
	LocationID  string `json:"locationId"`
	Deleted     bool   `json:"deleted"`
	Attached    bool   `json:"attached"`
}

type fontRec struct {
	ID         string `json:"_id"`
	Name       string `json:"name"`
	FontFamily string `json:"fontFamily"`
	Format     string `json:"format"` // "woff2" | "ttf"
	URL        string `json:"url"`
}

type redirectRec struct {
	ID     string `json:"_id"`
	Domain string `json:"domain"`
	Regex  string `json:"regex"`
	Target string `json:"target"`
	Type   int    `json:"type"` // 301 | 302
}

// urlRedirectRec is a URL redirect: a path of one of the location's domains sent to
// a target. Unlike the other records its id travels as "id".
type urlRedirectRec struct {
	ID            string `json:"id"`
	LocationID    string `json:"locationId"`
	Domain        string `json:"domain"`
	Path          string `json:"path"`
	PathLowercase string `json:"pathLowercase"`
	Type          string `json:"type"` // always "Permanent"
	Target        string `json:"target"`
	Action        string `json:"action"` // funnel | website | url | all
}

type productRec struct {
	ID          string  `json:"_id"`
	Name        string  `json:"name"`
	Description string  `json:"description"`
	Price       float64 `json:"price"`
	Currency    string  `json:"currency"`
	Type        string  `json:"type"` // "one_time" | "recurring"
}

type lookupRow struct {
	LookupID      string `json:"lookupId"`
	Target        string `json:"target"`
	Action        string `json:"action"`        // "publish" | "unpublish" | "redirect"
	PublishStatus string `json:"publishStatus"` // "published" | "draft"
	Type          string `json:"type"`          // "page" | "redirect"
}

// clone copies a step so the copy shares no slice with the store.
func (st stepRec) clone() stepRec {
	st.Pages = append([]string{}, st.Pages...)
	st.Products = append([]string{}, st.Products...)
	st.AdditionalRoutes = append([]string{}, st.AdditionalRoutes...)
	if st.SplitStartedAt != nil {
		d := *st.SplitStartedAt
		st.SplitStartedAt = &d
	}
	if st.SplitEndedAt != nil {
		d := *st.SplitEndedAt
		st.SplitEndedAt = &d
	}
	return st
}

// clone copies a funnel deeply so it can be encoded after the store lock is released.
func (f *funnelRec) clone() funnelRec {
	c := *f
	c.Steps = make([]stepRec, len(f.Steps))
	for i, st := range f.Steps {
		c.Steps[i] = st.clone()
	}
	return c
}

// step finds a step of the funnel by id.
func (f *funnelRec) step(id string) *stepRec {
	for i := range f.Steps {
		if f.Steps[i].ID == id {
			return &f.Steps[i]
		}
	}
	return nil
}
