package sandbox

import (
	"bytes"
	"encoding/json"
	"math"
	"net/http"
	"slices"
	"strings"
)

// stepDetails is funnelStepDetails of the update body. Only pages, split and
// control_traffic are acted on; the other fields are accepted and ignored.
type stepDetails struct {
	StepID           string          `json:"stepId"`
	Name             string          `json:"name"`
	Pages            []string        `json:"pages"` // nil when absent
	Sequence         *float64        `json:"sequence"`
	URL              string          `json:"url"`
	Type             string          `json:"type"`
	Products         []string        `json:"products"`
	OriginID         string          `json:"originId"`
	Split            *bool           `json:"split"`
	ControlTraffic   *float64        `json:"control_traffic"`
	RouteAllRequests *bool           `json:"route_all_requests"`
	AdditionalRoutes []string        `json:"additional_routes"`
	SplitStartedAt   json.RawMessage `json:"split_started_at"`
	SplitEndedAt     json.RawMessage `json:"split_ended_at"`
	DomainName       string          `json:"domainName"`
}

type updateBody struct {
	FunnelID             string       `json:"funnelId"`
	LocationID           string       `json:"locationId"`
	StepID               string       `json:"stepId"`
	ArchivePageID        string       `json:"archivePageId"`
	RestoreArchivePageID string       `json:"restoreArchivePageId"`
	RestorePageID        string       `json:"restorePageId"`
	FunnelStepDetails    *stepDetails `json:"funnelStepDetails"`
}

// POST /funnels/funnel/update-funnel-and-page: archive a page (also how a split test
// ends) or restore an archived one.
func (s *Server) handleUpdateFunnelAndPage(c *call) reply {
	var b updateBody
	if bad := decodeObject(c.body, &b, ""); bad != nil {
		return *bad
	}
	restore := b.RestoreArchivePageID
	if restore == "" {
		restore = b.RestorePageID
	}
	var msgs []string
	if b.FunnelID == "" {
		msgs = append(msgs, "funnelId should not be empty")
	}
	switch {
	case b.RestoreArchivePageID != "" && b.RestorePageID != "" && b.RestoreArchivePageID != b.RestorePageID:
		msgs = append(msgs, "restorePageId and restoreArchivePageId must name the same page")
	case b.ArchivePageID == "" && restore == "":
		msgs = append(msgs, "one of archivePageId, restoreArchivePageId or restorePageId should not be empty")
	case b.ArchivePageID != "" && restore != "":
		msgs = append(msgs, "archivePageId cannot be combined with restoreArchivePageId or restorePageId")
	}
	if b.ArchivePageID != "" {
		if b.StepID == "" {
			msgs = append(msgs, "stepId should not be empty")
		}
		if b.FunnelStepDetails == nil || b.FunnelStepDetails.Pages == nil {
			msgs = append(msgs, "funnelStepDetails.pages should not be empty")
		}
	}
	if det := b.FunnelStepDetails; det != nil && det.ControlTraffic != nil {
		switch ct := *det.ControlTraffic; {
		case ct != math.Trunc(ct):
			msgs = append(msgs, "funnelStepDetails.control_traffic must be an integer number")
		case ct < 0:
			msgs = append(msgs, "funnelStepDetails.control_traffic must not be less than 0")
		case ct > 100:
			msgs = append(msgs, "funnelStepDetails.control_traffic must not be greater than 100")
		}
	}
	if len(msgs) > 0 {
		return invalid(msgs...)
	}
	if b.LocationID != "" && b.LocationID != c.loc {
		return forbiddenLocation()
	}
	var rep reply
	c.st.with(func(d *data) {
		if b.ArchivePageID != "" {
			rep = s.archivePage(d, b)
		} else {
			rep = s.restorePage(d, b, restore)
		}
	})
	return rep
}

// archivePage archives b.ArchivePageID from step b.StepID. Everything is checked
// before anything changes.
func (s *Server) archivePage(d *data, b updateBody) reply {
	f := d.funnel(b.FunnelID)
	if f == nil {
		return errReply(http.StatusNotFound, "Funnel not found")
	}
	st := f.step(b.StepID)
	if st == nil {
		return errReply(http.StatusNotFound, "Step not found")
	}
	p := d.pageByID[b.ArchivePageID]
	if p == nil || p.FunnelID != f.ID {
		return errReply(http.StatusNotFound, "Page not found")
	}
	if p.StepID != st.ID {
		return invalid("archivePageId must be a page of stepId")
	}
	if p.Deleted {
		return invalid("archivePageId names a page that is already archived")
	}
	left := slices.DeleteFunc(slices.Clone(st.Pages), func(id string) bool { return id == p.ID })
	if len(left) == 0 {
		return invalid("archivePageId is the only live page of the step and cannot be archived")
	}
	det := b.FunnelStepDetails
	if !sameSet(det.Pages, left) {
		return invalid("funnelStepDetails.pages must list the pages left in the step: " + strings.Join(left, ", "))
	}
	now := formatDate(s.now())
	p.Deleted, p.DateUpdated = true, now
	st.Pages = left
	wasSplit := st.Split
	if det.Split != nil {
		st.Split = *det.Split
	}
	if len(left) < 2 {
		st.Split = false
	}
	if det.ControlTraffic != nil {
		st.ControlTraffic = int(*det.ControlTraffic)
	} else if !st.Split {
		st.ControlTraffic = 100
	}
	if wasSplit && !st.Split {
		st.SplitEndedAt = &splitDate{Date: now}
	}
	f.DateUpdated = now
	return ok(http.StatusCreated, map[string]any{"success": true})
}

// restorePage brings an archived page back as the last live page of its step.
func (s *Server) restorePage(d *data, b updateBody, pageID string) reply {
	f := d.funnel(b.FunnelID)
	if f == nil {
		return errReply(http.StatusNotFound, "Funnel not found")
	}
	p := d.pageByID[pageID]
	if p == nil || p.FunnelID != f.ID {
		return errReply(http.StatusNotFound, "Page not found")
	}
	if b.StepID != "" && b.StepID != p.StepID {
		return invalid("restoreArchivePageId must be a page of stepId")
	}
	if !p.Deleted {
		return invalid("restoreArchivePageId names a page that is not archived")
	}
	st := f.step(p.StepID)
	if st == nil {
		return errReply(http.StatusNotFound, "Step not found")
	}
	pages := append(slices.Clone(st.Pages), p.ID)
	if det := b.FunnelStepDetails; det != nil && det.Pages != nil && !sameSet(det.Pages, pages) {
		return invalid("funnelStepDetails.pages must list the pages of the step after the restore: " + strings.Join(pages, ", "))
	}
	now := formatDate(s.now())
	p.Deleted, p.DateUpdated = false, now
	st.Pages = pages
	f.DateUpdated = now
	return ok(http.StatusCreated, map[string]any{"success": true})
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

type newStep struct {
	ID       string   `json:"id"`
	Name     string   `json:"name"`
	URL      string   `json:"url"`
	Type     string   `json:"type"`
	Pages    []string `json:"pages"`
	Sequence *float64 `json:"sequence"`
	Products []string `json:"products"`
	OriginID string   `json:"originId"`
}

// POST /funnels/funnel/create-step: appends a step, with a first page the sandbox
// creates itself, to a funnel. The step's sequence and pages, if sent, are ignored.
func (s *Server) handleCreateStep(c *call) reply {
	var b struct {
		Step           json.RawMessage `json:"step"`
		FunnelID       string          `json:"funnelId"`
		DomainName     string          `json:"domainName"`
		SplitStartedAt json.RawMessage `json:"split_started_at"`
		SplitEndedAt   json.RawMessage `json:"split_ended_at"`
	}
	if bad := decodeObject(c.body, &b, ""); bad != nil {
		return *bad
	}
	var msgs []string
	if b.FunnelID == "" {
		msgs = append(msgs, "funnelId should not be empty")
	}
	raw := bytes.TrimSpace(b.Step)
	if len(raw) == 0 || raw[0] != '{' {
		return invalid(append(msgs, "step must be an object")...)
	}
	var ns newStep
	if bad := decodeObject(raw, &ns, "step."); bad != nil {
		return *bad
	}
	if !isUUIDv4(ns.ID) {
		msgs = append(msgs, "step.id must be a UUID")
	}
	if strings.TrimSpace(ns.Name) == "" {
		msgs = append(msgs, "step.name should not be empty")
	}
	if !stepURLPattern().MatchString(ns.URL) {
		msgs = append(msgs, "step.url must match ^/[a-z0-9_/-]*$")
	}
	if !slices.Contains(stepTypes, ns.Type) {
		msgs = append(msgs, oneOf("step.type", stepTypes))
	}
	if len(msgs) > 0 {
		return invalid(msgs...)
	}
	var rep reply
	c.st.with(func(d *data) {
		f := d.funnel(b.FunnelID)
		if f == nil {
			rep = errReply(http.StatusNotFound, "Funnel not found")
			return
		}
		for _, st := range f.Steps {
			switch {
			case st.URL == ns.URL:
				rep = invalid("step.url is already used in this funnel")
				return
			case strings.EqualFold(st.ID, ns.ID):
				rep = invalid("step.id is already used in this funnel")
				return
			}
		}
		now := formatDate(s.now())
		st := stepRec{
			ID: ns.ID, Name: strings.TrimSpace(ns.Name), URL: ns.URL, Type: ns.Type,
			Sequence: len(f.Steps) + 1, Products: []string{}, OriginID: ns.OriginID,
			ControlTraffic: 100, AdditionalRoutes: []string{},
		}
		if ns.Products != nil {
			st.Products = slices.Clone(ns.Products)
		}
		p := &pageRec{ID: d.newID(), LocationID: d.locationID, FunnelID: f.ID, StepID: st.ID, Name: st.Name,
			URL: st.URL, DateAdded: now, DateUpdated: now, PageVersion: 1, sections: 1}
		d.addPage(p)
		st.Pages = []string{p.ID}
		f.Steps = append(f.Steps, st)
		f.DateUpdated = now
		rep = ok(http.StatusCreated, map[string]any{"success": true})
	})
	return rep
}

// POST /funnels/page/view/workflow/trigger: fires the page-view workflow of a step.
func (s *Server) handleWorkflowTrigger(c *call) reply {
	var b struct {
		FunnelID   string `json:"funnelId"`
		StepID     string `json:"stepId"`
		PageURL    string `json:"pageUrl"`
		LocationID string `json:"locationId"`
	}
	if bad := decodeObject(c.body, &b, ""); bad != nil {
		return *bad
	}
	var msgs []string
	if b.FunnelID == "" {
		msgs = append(msgs, "funnelId should not be empty")
	}
	if b.StepID == "" {
		msgs = append(msgs, "stepId should not be empty")
	}
	switch {
	case b.PageURL == "":
		msgs = append(msgs, "pageUrl should not be empty")
	case !strings.HasPrefix(b.PageURL, "/"):
		msgs = append(msgs, "pageUrl must start with /")
	}
	if len(msgs) > 0 {
		return invalid(msgs...)
	}
	if b.LocationID != "" && b.LocationID != c.loc {
		return forbiddenLocation()
	}
	var rep reply
	c.st.with(func(d *data) {
		f := d.funnel(b.FunnelID)
		switch {
		case f == nil:
			rep = errReply(http.StatusNotFound, "Funnel not found")
		case f.step(b.StepID) == nil:
			rep = errReply(http.StatusNotFound, "Step not found")
		default:
			rep = ok(http.StatusOK, map[string]any{"success": true, "message": "Workflow triggered"})
		}
	})
	return rep
}
