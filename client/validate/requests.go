package validate

import (
	"strings"

	"github.com/funnelsdev/funnels/client"
)

// The request-level checks below look at every field of one request body, collect
// every problem under the field's JSON path (contact.email, step.url, …) and return
// the body with each value normalized by its per-field function. Optional fields
// that are blank are cleared, not refused. The error, when not nil, is FieldErrors.

// checker collects the field errors of one request.
type checker struct{ errs FieldErrors }

// req normalizes the required value *v with fn, or records why it cannot.
func (c *checker) req(field string, v *string, fn func(string) (string, error)) {
	out, err := fn(*v)
	if err != nil {
		c.errs.add(field, err)
		return
	}
	*v = out
}

// opt is req for a value that may be left blank.
func (c *checker) opt(field string, v *string, fn func(string) (string, error)) {
	if strings.TrimSpace(*v) == "" {
		*v = ""
		return
	}
	c.req(field, v, fn)
}

func text100(field string) func(string) (string, error) {
	return func(s string) (string, error) { return Text(field, s, maxTextRunes) }
}

func id(field string) func(string) (string, error) {
	return func(s string) (string, error) { return ID(field, s) }
}

func opaque(field string) func(string) (string, error) {
	return func(s string) (string, error) { return Opaque(field, s) }
}

// NormalizeConversion checks a conversion event (POST /funnels/event/conversion).
// eventName is required; the contact may be empty; every other field is optional.
func NormalizeConversion(p client.ConversionRequest) (client.ConversionRequest, error) {
	var c checker
	c.req("eventName", &p.EventName, EventName)
	c.opt("eventId", &p.EventID, opaque("eventId"))
	ct := &p.Contact
	c.opt("contact.email", &ct.Email, Email)
	c.opt("contact.firstName", &ct.FirstName, text100("firstName"))
	c.opt("contact.lastName", &ct.LastName, text100("lastName"))
	c.opt("contact.phone", &ct.Phone, Phone)
	c.opt("contact.city", &ct.City, text100("city"))
	c.opt("contact.state", &ct.State, text100("state"))
	c.opt("contact.postalCode", &ct.PostalCode, PostalCode)
	c.opt("contact.country", &ct.Country, Country)
	c.opt("contact.dateOfBirth", &ct.DateOfBirth, DateOfBirth)
	c.opt("url", &p.URL, URL)
	c.opt("pxp", &p.Pxp, opaque("pxp"))
	c.opt("pxc", &p.Pxc, opaque("pxc"))
	c.opt("pxclid", &p.Pxclid, opaque("pxclid"))
	c.opt("pxEventId", &p.PxEventID, opaque("pxEventId"))
	c.opt("currency", &p.Currency, Currency)
	c.opt("value", &p.Value, Value)
	return p, c.errs.Err()
}

// NormalizeCreateStep checks a create-step body (POST /funnels/funnel/create-step).
// funnelId, step.name, step.url and step.type are required; step.id may be left
// empty (the client makes one) but must otherwise be a version 4 UUID.
func NormalizeCreateStep(b client.CreateStepRequest) (client.CreateStepRequest, error) {
	var c checker
	c.req("funnelId", &b.FunnelID, id("funnelId"))
	c.opt("step.id", &b.Step.ID, StepID)
	c.req("step.name", &b.Step.Name, StepName)
	c.req("step.url", &b.Step.URL, StepPath)
	c.req("step.type", &b.Step.Type, StepType)
	if b.Step.Sequence < 0 {
		c.errs.add("step.sequence", fail("sequence", "", "must not be negative"))
	}
	for _, p := range b.Step.Pages {
		if _, err := ID("pages", p); err != nil {
			c.errs.add("step.pages", err)
			break
		}
	}
	c.opt("domainName", &b.DomainName, HostName)
	return b, c.errs.Err()
}

// NormalizeCreateFolder checks a create-folder body (POST /funnels/funnel/folder/create):
// name and type are required, userId and locationId optional.
func NormalizeCreateFolder(b client.CreateFolderRequest) (client.CreateFolderRequest, error) {
	var c checker
	c.opt("locationId", &b.LocationID, id("locationId"))
	c.req("type", &b.Type, FolderType)
	c.req("name", &b.Name, FolderName)
	c.opt("userId", &b.UserID, id("userId"))
	return b, c.errs.Err()
}

// NormalizeAttachDomain checks an attach-domain body (POST /funnels/domain/attach-domain):
// the domain is required and comes back in punycode.
func NormalizeAttachDomain(b client.AttachDomainRequest) (client.AttachDomainRequest, error) {
	var c checker
	c.opt("locationId", &b.LocationID, id("locationId"))
	c.req("domain", &b.Domain, HostName)
	return b, c.errs.Err()
}

// NormalizePageView checks a page-visit trigger (POST /funnels/page/view/workflow/trigger):
// every field is required.
func NormalizePageView(p client.PageViewRequest) (client.PageViewRequest, error) {
	var c checker
	c.req("funnelId", &p.FunnelID, id("funnelId"))
	c.req("stepId", &p.StepID, id("stepId"))
	c.req("pageUrl", &p.PageURL, PagePath)
	return p, c.errs.Err()
}
