package client

import "encoding/json"

// Font is a custom font of the location.
type Font struct {
	ID         string          `json:"id"`
	Name       string          `json:"name"`
	FontFamily string          `json:"fontFamily,omitempty"`
	Format     string          `json:"format,omitempty"`
	URL        string          `json:"url,omitempty"`
	Raw        json.RawMessage `json:"-"`
}

func (f *Font) UnmarshalJSON(b []byte) error {
	o, err := objectFields(b)
	if err != nil {
		return err
	}
	*f = Font{ID: o.str("id"), Name: o.str("name"), FontFamily: o.str("fontfamily", "family"),
		Format: o.str("format"), URL: o.str("url", "src"), Raw: append(json.RawMessage(nil), b...)}
	return nil
}

// RegexRedirect is a pattern-based redirect of a domain.
type RegexRedirect struct {
	ID     string          `json:"id"`
	Domain string          `json:"domain,omitempty"`
	Regex  string          `json:"regex"`
	Target string          `json:"target"`
	Type   int             `json:"type,omitempty"` // HTTP status of the redirect, 301 or 302
	Raw    json.RawMessage `json:"-"`
}

func (r *RegexRedirect) UnmarshalJSON(b []byte) error {
	o, err := objectFields(b)
	if err != nil {
		return err
	}
	*r = RegexRedirect{ID: o.str("id"), Domain: o.str("domain", "domainname"), Regex: o.str("regex", "pattern", "source"),
		Target: o.str("target", "destination", "to"), Type: o.int("type", "statuscode"), Raw: append(json.RawMessage(nil), b...)}
	return nil
}

// Product is a product of an order form.
type Product struct {
	ID          string          `json:"id"`
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	Price       float64         `json:"price"`
	Currency    string          `json:"currency,omitempty"`
	Type        string          `json:"type,omitempty"`
	Raw         json.RawMessage `json:"-"`
}

func (p *Product) UnmarshalJSON(b []byte) error {
	o, err := objectFields(b)
	if err != nil {
		return err
	}
	*p = Product{ID: o.str("id", "productid"), Name: o.str("name", "title"), Description: o.str("description"),
		Price: o.float("price", "amount"), Currency: o.str("currency"), Type: o.str("type"), Raw: append(json.RawMessage(nil), b...)}
	return nil
}

// LookupRow is one row of a lookup/multiple answer.
type LookupRow struct {
	LookupID      string          `json:"lookupId"`
	Target        string          `json:"target"`
	Action        string          `json:"action,omitempty"`
	PublishStatus string          `json:"publishStatus,omitempty"`
	Type          string          `json:"type,omitempty"`
	Raw           json.RawMessage `json:"-"`
}

func (l *LookupRow) UnmarshalJSON(b []byte) error {
	o, err := objectFields(b)
	if err != nil {
		return err
	}
	*l = LookupRow{LookupID: o.str("lookupid", "id"), Target: o.str("target"), Action: o.str("action"),
		PublishStatus: o.str("publishstatus", "status"), Type: o.str("type"), Raw: append(json.RawMessage(nil), b...)}
	return nil
}

// GeoLocation is where the service places the caller.
type GeoLocation struct {
	Country     string          `json:"country"`
	CountryName string          `json:"countryName,omitempty"`
	Region      string          `json:"region,omitempty"`
	City        string          `json:"city,omitempty"`
	Timezone    string          `json:"timezone,omitempty"`
	IP          string          `json:"ip,omitempty"`
	Raw         json.RawMessage `json:"-"`
}

func (g *GeoLocation) UnmarshalJSON(b []byte) error {
	o, err := objectFields(b)
	if err != nil {
		return err
	}
	*g = GeoLocation{Country: o.str("country", "countrycode"), CountryName: o.str("countryname"), Region: o.str("region", "state"),
		City: o.str("city"), Timezone: o.str("timezone", "tz"), IP: o.str("ip"), Raw: append(json.RawMessage(nil), b...)}
	return nil
}

// Result is the answer of an operation whose response the spec leaves open (the
// conversion, the triggers, the page actions, the social attach): the few fields
// seen in practice, and the whole body in Raw.
type Result struct {
	Success bool            `json:"success"`
	Message string          `json:"message,omitempty"`
	ID      string          `json:"id,omitempty"`
	EventID string          `json:"eventId,omitempty"`
	TraceID string          `json:"traceId,omitempty"`
	Raw     json.RawMessage `json:"raw,omitempty"`
}

// decodeResult reads a Result from any JSON body; a body that is not an object (or
// empty) leaves all but Raw empty.
func decodeResult(body []byte) Result {
	r := Result{Raw: append(json.RawMessage(nil), body...)}
	if len(body) == 0 {
		r.Raw = nil
	}
	o, err := objectFields(body)
	if err != nil {
		return r
	}
	r.Success = o.bool("success")
	if _, ok := o.get("success"); !ok {
		r.Success = true // a 2xx without a verdict is a success
	}
	if msgs := o.strs("message"); len(msgs) > 0 {
		r.Message = msgs[0]
	}
	r.ID = o.str("id")
	r.EventID = o.str("eventid")
	r.TraceID = o.str("traceid")
	return r
}
