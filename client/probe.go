package client

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// ProbeRow is one line of "what this sign-in can do": a route family, what it
// answered to one harmless GET (or why it was not asked), what that means, and what
// access to ask for when it is refused.
type ProbeRow struct {
	Family  Family `json:"family"`
	Route   string `json:"route"`            // "GET /funnels/funnel/list"
	Probed  bool   `json:"probed"`           // a request was sent; writes and POST reads never are
	Status  int    `json:"status,omitempty"` // the answer's status; 0 when none came or none was asked
	Answer  Answer `json:"answer"`           // what the row says of the family (AnswerUnknown: no verdict)
	Result  string `json:"result"`           // "200", "403 IAM refusal", "not asked" …
	Meaning string `json:"meaning"`
	AskFor  string `json:"askFor,omitempty"` // the scope or access to ask for; "" when nothing is needed
	Write   bool   `json:"write"`
	err     error  // what the request ended with; nil when it answered or was not sent
}

// Err is what the row's request ended with: nil when it answered or was not sent. A
// caller tells a refused token from a sub-account the service calls inactive by it.
func (r ProbeRow) Err() error { return r.err }

// Probe asks every read family once with a harmless GET, in the order of
// RouteFamilies, and describes the rest: writes (and the POST that reads fonts) are
// never sent, their rows say what this session learned of them. Ids the probes need
// (a funnel, a page, a domain) come from the earlier answers. Every answer also goes
// into the access record, as any request's does. Each probe waits at most
// DefaultProbeTimeout for its answer (see ProbeWithin). The error is the context's,
// when it ended the probe early; the rows so far come with it.
func (c *Client) Probe(ctx context.Context) ([]ProbeRow, error) {
	return c.ProbeWithin(ctx, DefaultProbeTimeout)
}

// DefaultProbeTimeout is how long one probe waits for its answer: a server that
// takes a connection and never answers costs seconds per route, not minutes.
const DefaultProbeTimeout = 10 * time.Second

// ProbeWithin is Probe with each probe waiting at most each for its answer (retries
// included); a probe that gets none says so in its row and the next one is asked.
func (c *Client) ProbeWithin(ctx context.Context, each time.Duration) ([]ProbeRow, error) {
	var funnelID, pageID, domain string
	// A funnel to ask about: from the funnel list, or folder entities when the list
	// is refused.
	learn := func(funnels []Funnel) {
		for _, f := range funnels {
			if funnelID == "" {
				funnelID = f.ID
			}
			if domain == "" && f.DomainName != "" {
				domain = f.DomainName
			}
			for _, s := range f.Steps {
				if pageID == "" && len(s.Pages) > 0 {
					pageID, funnelID = s.Pages[0], f.ID
				}
			}
		}
	}
	loc := url.Values{}
	c.setLocation(loc, "")
	withLoc := func(kv ...string) url.Values {
		q := url.Values{}
		for k, v := range loc {
			q[k] = v
		}
		for i := 0; i+1 < len(kv); i += 2 {
			q.Set(kv[i], kv[i+1])
		}
		return q
	}
	known := c.Access()
	// Every id a probe asks about came from the server's own answers, so once a
	// documented route answered, a 404 that may be an item's is the route's.
	documentedAnswered := false
	var rows []ProbeRow
	for _, rf := range routeFamilies {
		if err := ctx.Err(); err != nil {
			return rows, err
		}
		row := ProbeRow{Family: rf.Family, Route: rf.Route(), Write: rf.Write}
		method, _, _ := strings.Cut(rf.Routes[0], " ")
		var q url.Values
		path := ""
		skip := ""
		switch rf.Family {
		case FamilyFunnelList:
			path, q = "/funnels/funnel/list", withLoc("limit", "20", "offset", "0")
		case FamilyFolders:
			path, q = "/funnels/funnel/folder/entities", withLoc()
		case FamilyPageList, FamilyPageCount, FamilyPathCheck:
			if funnelID == "" {
				skip = "no funnel to ask about (the funnel list and folder entities gave none)"
				break
			}
			switch rf.Family {
			case FamilyPageList:
				path, q = "/funnels/page", withLoc("funnelId", funnelID, "limit", "1", "offset", "0")
			case FamilyPageCount:
				path, q = "/funnels/page/count", withLoc("funnelId", funnelID)
			default:
				path, q = "/funnels/funnel/funnel-step-page-url", withLoc("funnelId", funnelID, "path", "/funnels-access-check", "type", "page")
			}
		case FamilyPageByID:
			if pageID == "" {
				skip = "no page id to ask about (the page list and the funnels' steps gave none)"
				break
			}
			path = "/funnels/page/" + url.PathEscape(pageID)
		case FamilyRedirectList:
			path, q = "/funnels/lookup/redirect/list", withLoc("limit", "1", "offset", "0")
		case FamilyFunnelByDomain:
			if domain == "" {
				skip = "no funnel has a domain to ask about"
				break
			}
			path, q = "/funnels/lookup/funnel-with-domain", withLoc("domain", domain)
		case FamilyRegexRedirects:
			path, q = "/funnels/lookup/redirect/regex", withLoc()
		case FamilyProducts:
			path, q = "/funnels/order-form/public/product", withLoc()
		case FamilyGeoLocation:
			path = "/funnels/funnel/geo-location"
		default:
			skip = "writes are never probed"
			if method != http.MethodGet && !rf.Write {
				skip = "a POST: only GETs are probed"
			}
		}
		if path == "" {
			row.Result = "not asked"
			describeKnown(&row, rf, known, skip)
			rows = append(rows, row)
			continue
		}
		probeCtx, cancel := context.WithTimeout(ctx, each)
		body, resp, err := c.do(probeCtx, call{method: http.MethodGet, path: path, query: q, settles: true})
		timedOut := probeCtx.Err() != nil
		cancel()
		if ctx.Err() != nil {
			return rows, ctx.Err()
		}
		row.Probed = true
		if resp != nil {
			row.Status = resp.StatusCode
		}
		documentedAnswered = documentedAnswered || err == nil && rf.Documented()
		if api := (*APIError)(nil); errors.As(err, &api) && api.unsettled && documentedAnswered {
			c.confirmRouteMissing(api)
		}
		describeAnswer(&row, rf, err)
		if err != nil && timedOut {
			row.Result, row.Meaning = "no answer", "no verdict: no answer within "+each.String()
		}
		if err == nil {
			switch rf.Family {
			case FamilyFunnelList:
				if env, derr := unwrapList(body, "funnels"); derr == nil {
					learn(decodeEach[Funnel](env.items))
				}
			case FamilyFolders:
				if env, derr := unwrapList(body, "entities"); derr == nil && funnelID == "" {
					learn(decodeEntities(env).Funnels)
				}
			case FamilyPageList:
				if env, derr := unwrapList(body, "pages"); derr == nil {
					for _, p := range decodeEach[Page](env.items) {
						if pageID == "" {
							pageID = p.ID
						}
					}
				}
			}
		}
		rows = append(rows, row)
	}
	return rows, nil
}

// describeAnswer fills a probed row from its answer.
func describeAnswer(row *ProbeRow, rf RouteFamily, err error) {
	row.err = err
	var api *APIError
	switch {
	case err == nil:
		row.Answer, row.Result, row.Meaning = AnswerOpen, strconv.Itoa(row.Status), "open"
	case errors.As(err, &api) && api.Refusal == RefusedRoute && api.Unworded:
		row.Answer, row.Result = AnswerRouteRefused, strconv.Itoa(api.StatusCode)+" refused"
		row.Meaning, row.AskFor = "not open to this token (the service knows the token)", rf.Need()
	case errors.As(err, &api) && api.Refusal == RefusedRoute:
		row.Answer, row.Result = AnswerRouteRefused, strconv.Itoa(api.StatusCode)+" IAM refusal"
		row.Meaning, row.AskFor = "not open to this token", rf.Need()
	case errors.As(err, &api) && api.Refusal == RefusedScope:
		row.Answer, row.Result = AnswerScopeRefused, strconv.Itoa(api.StatusCode)+" scope refusal"
		row.Meaning, row.AskFor = "the token lacks this route's scope", rf.Need()
	case errors.As(err, &api) && api.Refusal == RefusedMissing:
		row.Answer, row.Result = AnswerRouteMissing, strconv.Itoa(api.StatusCode)+" "+NotOnServer
		row.Meaning = missingMeaning(rf)
	case errors.As(err, &api) && api.StatusCode == http.StatusNotFound:
		// A 404 is never "open": the route may be there or not, and the item it was
		// asked about is not.
		row.Result, row.Meaning = "404", "no verdict: "+api.Message()
		if api.unsettled {
			row.Meaning += " (no documented route answered, so a missing route cannot be told from a wrong address)"
		}
	case errors.As(err, &api) && routeAnswered(api):
		row.Answer, row.Result = AnswerOpen, strconv.Itoa(api.StatusCode)
		row.Meaning = "open (the route answered: " + api.Message() + ")"
	case errors.As(err, &api) && api.StatusCode == http.StatusUnauthorized:
		row.Result, row.Meaning = "401", "the token itself was refused ("+api.Message()+"): sign in again"
	case errors.As(err, &api):
		row.Result, row.Meaning = strconv.Itoa(api.StatusCode), "no verdict: "+api.Message()
	case errors.Is(err, ErrUnauthorized):
		row.Result, row.Meaning = "no token", "no verdict: "+err.Error()
	case errors.Is(err, ErrUntrustedCertificate):
		line, _ := CertificateLine(err)
		row.Result, row.Meaning = "cert not trusted", "no verdict: "+line
	default:
		row.Result, row.Meaning = "no answer", "no verdict: "+err.Error()
	}
}

// describeKnown fills a row that was not probed: why, and what the session learned.
func describeKnown(row *ProbeRow, rf RouteFamily, known Access, why string) {
	fa, ok := known[rf.Family]
	switch {
	case !ok:
		row.Meaning = why + "; not known yet"
		if rf.Documented() {
			row.Meaning, row.AskFor = why+"; documented for apps and private integration tokens", rf.Need()
		}
	case fa.Answer == AnswerOpen:
		row.Answer, row.Meaning = AnswerOpen, why+"; open (it answered "+strconv.Itoa(fa.Status)+" earlier)"
	case fa.Answer == AnswerRouteMissing:
		row.Answer, row.Meaning = fa.Answer, why+"; "+NotOnServer+" (it answered "+strconv.Itoa(fa.Status)+" earlier): "+missingMeaning(rf)
	case fa.Answer.Refused():
		row.Answer, row.AskFor = fa.Answer, rf.Need()
		row.Meaning = why + "; refused earlier: " + strconv.Itoa(fa.Status) + " " + fa.Message
	}
}

// missingMeaning says what a route the server does not have means: no access opens
// it, and what funnels does without it.
func missingMeaning(rf RouteFamily) string {
	return "the server does not have this route; " + withoutFamily(rf)
}

// withoutFamily says what funnels does when a family cannot be used: what stands in
// for it, or what is unavailable.
func withoutFamily(rf RouteFamily) string {
	switch rf.Family {
	case FamilyFolders:
		return "folders come from the funnel list, named by id"
	case FamilyPageByID:
		return "a page's detail shows the page list's fields"
	case FamilyFunnelList:
		return "funnels come from folder listings"
	case FamilyPageList:
		return "pages cannot be listed"
	case FamilyRedirectList:
		return "redirects cannot be listed"
	}
	if rf.Write {
		return "the actions that need it are unavailable"
	}
	return "what needs it is unavailable"
}
