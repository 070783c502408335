package ui

import (
	"context"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"
	"github.com/google/uuid"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/validate"
	"github.com/funnelsdev/funnels/ui/form"
)

// The forms that fire events: a test conversion event and a page-visit trigger.

// conversionForm sends a test conversion event, as a tracking pixel would: the
// event's name, where and what it was worth, the contact, and the ad platform's
// ids. Only the name is required; ctrl+s sends from any field.
func conversionForm(h host) tea.Cmd {
	if !connected(h) {
		return nil
	}
	var p client.ConversionRequest
	p.EventName = "Lead"
	p.URL = h.selected().publicURL
	names := validate.EventNames()
	opts := make([]huh.Option[string], len(names))
	for i, n := range names {
		opts[i] = huh.NewOption(n, n)
	}
	ct := &p.Contact
	opt := func(key, title, hint, placeholder string, v *string, check func(string) (string, error)) *form.Field {
		return &form.Field{Key: key, Title: title, Hint: hint, Placeholder: placeholder, Value: v, Check: check, Optional: true}
	}
	groups := []*form.Group{
		{Title: "Event · 1 of 4", Fields: []*form.Field{
			{Key: "eventName", Title: "Event", Hint: "What happened: type its name, or ↑↓", Kind: form.Select, Value: &p.EventName, Options: opts, Height: 5},
			opt("url", "Address", "Where it happened; the selected page's URL when it has one", "https://offers.example.com/spring", &p.URL, validate.URL),
			opt("value", "Value", "A decimal number, sent as a string", "49.99", &p.Value, validate.Value),
			opt("currency", "Currency", "Three letters", "USD", &p.Currency, validate.Currency),
			opt("eventId", "Event id", "Left blank, a new UUID is made for each send", "", &p.EventID, form.Opaque("eventId")),
		}},
		{Title: "Contact · 2 of 4", Desc: "Every field may stay empty.", Fields: []*form.Field{
			opt("contact.email", "Email", "Checked to be an address", "jo@example.com", &ct.Email, validate.Email),
			opt("contact.firstName", "First name", "", "Jo", &ct.FirstName, form.FreeText("firstName")),
			opt("contact.lastName", "Last name", "", "Rivera", &ct.LastName, form.FreeText("lastName")),
			opt("contact.phone", "Phone", "With the country code", "+1 555 010 0199", &ct.Phone, validate.Phone),
			opt("contact.dateOfBirth", "Date of birth", "ISO 8601", "1990-04-12", &ct.DateOfBirth, validate.DateOfBirth),
		}},
		{Title: "Address · 3 of 4", Fields: []*form.Field{
			opt("contact.city", "City", "", "Austin", &ct.City, form.FreeText("city")),
			opt("contact.state", "State or region", "", "TX", &ct.State, form.FreeText("state")),
			opt("contact.postalCode", "Postal code", "", "78701", &ct.PostalCode, validate.PostalCode),
			opt("contact.country", "Country", "A two-letter code", "US", &ct.Country, validate.Country),
		}},
		{Title: "Ad platform ids · 4 of 4", Desc: "As the advertising platform's pixel sets them.", Fields: []*form.Field{
			opt("pxp", "Browser id (pxp)", "", "", &p.Pxp, form.Opaque("pxp")),
			opt("pxc", "Click id (pxc)", "", "", &p.Pxc, form.Opaque("pxc")),
			opt("pxclid", "Raw click id (pxclid)", "", "", &p.Pxclid, form.Opaque("pxclid")),
			opt("pxEventId", "Platform event id (pxEventId)", "", "", &p.PxEventID, form.Opaque("pxEventId")),
		}},
	}
	var f *form.Form
	f, cmd := newForm(h, "Test conversion event", groups, func(seq uint64) (tea.Cmd, error) {
		body := p
		ownID := strings.TrimSpace(body.EventID) != ""
		if !ownID {
			body.EventID = uuid.NewString()
		}
		body, err := validate.NormalizeConversion(body)
		if err != nil {
			return nil, err
		}
		return sendConversion(h.common().ctx, h.api(), body, ownID, f, seq, false), nil
	})
	f.Notes = []string{"Sent without a token, as a pixel sends it. Enter moves on; ctrl+s sends from any field."}
	return openForm(h, f, cmd)
}

// pageTriggerForm runs the workflows of a visit to the selected page. The ids and
// the path are filled in from the selection and may be changed.
func pageTriggerForm(h host) tea.Cmd {
	if !connected(h) {
		return nil
	}
	sel := h.selected()
	var p client.PageViewRequest
	what := ""
	switch {
	case sel.pagesOf != (stepKey{}) && sel.page != nil && sel.pagesFocused:
		p.FunnelID, p.StepID, p.PageURL = sel.pagesOf.funnelID, sel.pagesOf.stepID, sel.pagesStep.path
		what = "page " + sel.page.name
	case sel.step != nil:
		s := sel.step
		p.FunnelID, p.StepID, p.PageURL = sel.stepsOf, s.id, s.path
		what = "step " + s.name
	default:
		h.setWarn("select a step or page first: the trigger is for a visit to it")
		return nil
	}
	groups := []*form.Group{{Fields: []*form.Field{
		{Key: "funnelId", Title: "Funnel id", Hint: "The funnel of the page", Value: &p.FunnelID, Check: form.ID("funnelId")},
		{Key: "stepId", Title: "Step id", Hint: "The step whose page was visited", Value: &p.StepID, Check: form.ID("stepId")},
		{Key: "pageUrl", Title: "Page path", Hint: "The path visited, within the funnel (a query may follow)", Value: &p.PageURL, Check: validate.PagePath},
	}}}
	var f *form.Form
	f, cmd := newForm(h, "Trigger page-visit workflow", groups, func(seq uint64) (tea.Cmd, error) {
		body, err := validate.NormalizePageView(p)
		if err != nil {
			return nil, err
		}
		return triggerPageView(h.common().ctx, h.api(), body, f, seq), nil
	})
	f.Notes = []string{"Runs the workflows that start when " + what + " is visited. The request carries locationId " + sel.location + "."}
	return openForm(h, f, cmd)
}

func triggerPageView(ctx context.Context, c *client.Client, p client.PageViewRequest, from *form.Form, seq uint64) tea.Cmd {
	return func() tea.Msg {
		res, resp, err := c.TriggerPageView(ctx, "", p)
		status := statusOf(resp, err)
		msg := answerMsg{from: from, seq: seq, err: err, status: status}
		if err != nil {
			return msg
		}
		d := doc{title: "Page-visit workflow"}
		verdict := pick(res.Success, "triggered", "answered without success")
		d.ok("Workflow " + verdict + " — " + strconv.Itoa(status))
		d.blank()
		d.pairIf("message", sanitize(res.Message))
		d.pair("funnel", sanitize(p.FunnelID))
		d.pair("step", sanitize(p.StepID))
		d.pair("page path", sanitize(p.PageURL))
		d.pairIf("trace id", sanitize(res.TraceID))
		msg.result = &d
		msg.info = "page-visit workflow " + verdict + " for " + sanitize(p.PageURL)
		return msg
	}
}
