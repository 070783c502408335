package main

import (
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/validate"
	"github.com/funnelsdev/funnels/config"
)

func eventConversionSpec() cmdSpec {
	return cmdSpec{
		path:     "event conversion",
		summary:  "send a conversion event (needs no login)",
		synopsis: "funnels event conversion --event-name NAME [contact and tracking flags] [flags]",
		about: `Sends a conversion event, as a tracking set-up would, to test it. The event needs
no login and is sent without a token. An event id is made when --event-id is not
given, and printed. Values are checked first: an email must be an address, the date
of birth an ISO 8601 date, the value a decimal number and the currency a 3-letter code.`,
		example: `funnels event conversion --event-name Purchase --email jo@example.com --value 49.99 --currency USD`,
		flags: []flagDef{
			{name: "event-name", meta: "NAME", usage: "what happened", field: "eventName", values: validate.EventNames},
			{name: "email", meta: "EMAIL", usage: "the contact's email address", field: "contact.email"},
			{name: "first-name", meta: "NAME", usage: "the contact's first name", field: "contact.firstName"},
			{name: "last-name", meta: "NAME", usage: "the contact's last name", field: "contact.lastName"},
			{name: "phone", meta: "PHONE", usage: "the contact's phone number", field: "contact.phone"},
			{name: "city", meta: "CITY", usage: "the contact's city", field: "contact.city"},
			{name: "state", meta: "STATE", usage: "the contact's state or region", field: "contact.state"},
			{name: "postal-code", meta: "CODE", usage: "the contact's postal code", field: "contact.postalCode"},
			{name: "country", meta: "COUNTRY", usage: "the contact's country (a 2-letter code such as US)", field: "contact.country"},
			{name: "date-of-birth", meta: "DATE", usage: "the contact's date of birth (ISO 8601: 1990-04-12)", field: "contact.dateOfBirth"},
			{name: "url", meta: "URL", usage: "the address where the event happened", field: "url"},
			{name: "value", meta: "AMOUNT", usage: "the value of the transaction (49.99)", field: "value"},
			{name: "currency", meta: "CODE", usage: "the currency of the value (USD)", field: "currency"},
			{name: "event-id", meta: "ID", usage: "the event's id (default: a new UUID)", field: "eventId"},
			{name: "pxp", meta: "ID", usage: "advertising-platform browser id", field: "pxp"},
			{name: "pxc", meta: "ID", usage: "advertising-platform click id", field: "pxc"},
			{name: "pxclid", meta: "ID", usage: "advertising-platform click id, raw", field: "pxclid"},
			{name: "px-event-id", meta: "ID", usage: "advertising-platform event id", field: "pxEventId"},
			jsonFlag(),
		},
		api: true,
		run: runEventConversion,
	}
}

// conversionOutput is the --json shape of `funnels event conversion`.
type conversionOutput struct {
	EventID   string `json:"eventId"`
	EventName string `json:"eventName"`
	client.Result
}

func runEventConversion(in *invocation) int {
	eventID := in.str("event-id")
	if strings.TrimSpace(eventID) == "" {
		eventID = uuid.NewString()
	}
	p, err := validate.NormalizeConversion(client.ConversionPayload{
		EventID:   eventID,
		EventName: in.str("event-name"),
		Contact: client.ContactInfo{
			Email: in.str("email"), FirstName: in.str("first-name"), LastName: in.str("last-name"), Phone: in.str("phone"),
			City: in.str("city"), State: in.str("state"), PostalCode: in.str("postal-code"), Country: in.str("country"),
			DateOfBirth: in.str("date-of-birth"),
		},
		URL: in.str("url"), Value: in.str("value"), Currency: in.str("currency"),
		Pxp: in.str("pxp"), Pxc: in.str("pxc"), Pxclid: in.str("pxclid"), PxEventID: in.str("px-event-id"),
	})
	if err != nil {
		return in.fail(err)
	}
	c, code := in.anonymousClient()
	if code != exitOK {
		return code
	}
	res, _, err := c.SendConversion(in.ctx, p)
	if err != nil {
		return in.fail(err)
	}
	out := conversionOutput{EventID: p.EventID, EventName: p.EventName, Result: *res}
	if res.EventID != "" {
		out.EventID = res.EventID
	}
	if in.wantsJSON() {
		return in.printJSON(out)
	}
	verdict := "accepted"
	if !res.Success {
		verdict = "answered without success"
	}
	fmt.Fprintf(in.env.Stdout, "Sent %s event %s: %s", p.EventName, cleanLine(out.EventID), verdict)
	if res.Message != "" {
		fmt.Fprintf(in.env.Stdout, " (%s)", cleanLine(res.Message))
	}
	fmt.Fprintln(in.env.Stdout, ".")
	return exitOK
}

// anonymousClient is a client with no token, for the conversion: it works with no
// login at all. The base URL still comes from flags, environment, config file and
// a saved login, in that order.
func (in *invocation) anonymousClient() (*client.Client, int) {
	cfg, store, code := loadConfigAndStore(in.env, in.global)
	if code != exitOK {
		return nil, code
	}
	_ = auth.Complete(cfg, store) // a saved login may know the base URL; a broken one is no obstacle here
	if err := config.CheckBaseURL(cfg.Profile.BaseURL); err != nil {
		return nil, in.usageError("%v", err)
	}
	c, err := client.New(client.Options{
		BaseURL:    cfg.Profile.BaseURL,
		LocationID: cfg.Profile.LocationID,
		HTTPClient: &http.Client{Timeout: 30 * time.Second},
		UserAgent:  userAgent(),
		ReadOnly:   cfg.ReadOnly,
	})
	if err != nil {
		return nil, in.usageError("%v", err)
	}
	return c, exitOK
}

func eventPageViewSpec() cmdSpec {
	return cmdSpec{
		path:     "event page-view",
		summary:  "trigger the page-view workflows of a funnel step",
		synopsis: "funnels event page-view --funnel ID --step ID --page-url /PATH [flags]",
		about: `Triggers the workflows that run when a page of a funnel step is visited, to test
them without a browser.`,
		example: `funnels event page-view --funnel tKvx487I4yks06qt7ovC --step d8beadee-6139-4161-b7e0-93a42c093720 --page-url /free-trial-landing`,
		flags: []flagDef{
			{name: "funnel", meta: "ID", usage: "the funnel", field: "funnelId"},
			{name: "step", meta: "ID", usage: "the step whose page was visited", field: "stepId"},
			{name: "page-url", meta: "/PATH", usage: "the path of the page, within the funnel", field: "pageUrl"},
			jsonFlag(),
		},
		api: true,
		run: runEventPageView,
	}
}

func runEventPageView(in *invocation) int {
	p, err := validate.NormalizePageView(client.PageViewTrigger{FunnelID: in.str("funnel"), StepID: in.str("step"), PageURL: in.str("page-url")})
	if err != nil {
		return in.fail(err)
	}
	c, code := in.openAPI(true)
	if code != exitOK {
		return code
	}
	res, _, err := c.TriggerPageView(in.ctx, "", p)
	if err != nil {
		return in.fail(err)
	}
	if in.wantsJSON() {
		return in.printJSON(res)
	}
	fmt.Fprintf(in.env.Stdout, "Triggered the page-view workflows of %s (funnel %s, step %s)", cleanLine(p.PageURL), p.FunnelID, p.StepID)
	if res.Message != "" {
		fmt.Fprintf(in.env.Stdout, ": %s", cleanLine(res.Message))
	}
	fmt.Fprintln(in.env.Stdout, ".")
	return exitOK
}
