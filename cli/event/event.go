package event

import (
	"context"
	"strings"

	"github.com/google/uuid"
	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/validate"
	"github.com/funnelsdev/funnels/ui/termtext"
)

func newCmdEvent(f *cmdutil.Factory) *cmdutil.Command {
	return cmdutil.Group(cmdutil.SectionBrowse, "event", "Send a test event (event conversion, event page-view)",
		newCmdEventConversion(f), newCmdEventPageView(f))
}

// EventConversionOptions are what `funnels event conversion` works from.
type EventConversionOptions struct {
	Payload  client.ConversionRequest
	Exporter cmdutil.Exporter
}

// conversionOutput is the --json shape of `funnels event conversion`.
type conversionOutput struct {
	EventID   string `json:"eventId"`
	EventName string `json:"eventName"`
	client.Result
}

func newCmdEventConversion(f *cmdutil.Factory) *cmdutil.Command {
	opts := &EventConversionOptions{}
	cmd := &cobra.Command{
		Use:   "conversion --event-name NAME",
		Short: "Send a conversion event (needs no login)",
		Long: `Sends a conversion event, as a tracking set-up would, to test it. The event needs
no login and is sent without a token. An event id is made when --event-id is not
given, and printed (piped, only the id). Values are checked first: an email must be an
address, the date of birth an ISO 8601 date, the value a decimal number and the
currency a 3-letter code.`,
		Example: `funnels event conversion --event-name Purchase --email jo@example.com --value 49.99 --currency USD`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return eventConversionRun(cmd.Context(), f, opts)
		},
	}
	cmd.Args = cmdutil.Positional(cmd)
	p, fl := &opts.Payload, cmd.Flags()
	for _, def := range []struct {
		target             *string
		name, usage, field string
	}{
		{&p.EventName, "event-name", "what happened: " + strings.Join(validate.EventNames(), ", "), "eventName"},
		{&p.Contact.Email, "email", "the contact's email address", "contact.email"},
		{&p.Contact.FirstName, "first-name", "the contact's first name", "contact.firstName"},
		{&p.Contact.LastName, "last-name", "the contact's last name", "contact.lastName"},
		{&p.Contact.Phone, "phone", "the contact's phone number", "contact.phone"},
		{&p.Contact.City, "city", "the contact's city", "contact.city"},
		{&p.Contact.State, "state", "the contact's state or region", "contact.state"},
		{&p.Contact.PostalCode, "postal-code", "the contact's postal code", "contact.postalCode"},
		{&p.Contact.Country, "country", "the contact's country (a 2-letter code such as US)", "contact.country"},
		{&p.Contact.DateOfBirth, "date-of-birth", "the contact's date of birth (ISO 8601: 1990-04-12)", "contact.dateOfBirth"},
		{&p.URL, "url", "the address where the event happened", "url"},
		{&p.Value, "value", "the amount of the transaction (49.99)", "value"},
		{&p.Currency, "currency", "the currency of the value (USD)", "currency"},
		{&p.EventID, "event-id", "the event's id (default: a new UUID)", "eventId"},
		{&p.Pxp, "pxp", "the ad platform's browser id", "pxp"},
		{&p.Pxc, "pxc", "the ad platform's click id", "pxc"},
		{&p.Pxclid, "pxclid", "the ad platform's click id, raw", "pxclid"},
		{&p.PxEventID, "px-event-id", "the ad platform's event id", "pxEventId"},
	} {
		fl.StringVar(def.target, def.name, "", def.usage)
		cmdutil.FieldFlag(cmd, def.name, def.field)
	}
	_ = cmd.RegisterFlagCompletionFunc("event-name", cmdutil.FixedValues(validate.EventNames()))
	cmdutil.AddJSONFlags(cmd, &opts.Exporter, cmdutil.FieldsOf(conversionOutput{}))
	return &cmdutil.Command{Cobra: cmd, Writes: client.FamilyConversion, SSH: cmdutil.Offered()}
}

func eventConversionRun(ctx context.Context, f *cmdutil.Factory, opts *EventConversionOptions) error {
	in := opts.Payload
	if strings.TrimSpace(in.EventID) == "" {
		in.EventID = uuid.NewString()
	}
	p, err := validate.NormalizeConversion(in)
	if err != nil {
		return err
	}
	c, err := f.AnonymousClient()
	if err != nil {
		return err
	}
	res, _, err := c.SendConversion(ctx, p)
	if err != nil {
		return err
	}
	out := conversionOutput{EventID: p.EventID, EventName: p.EventName, Result: *res}
	if res.EventID != "" {
		out.EventID = res.EventID
	}
	if opts.Exporter.Enabled() {
		return opts.Exporter.Write(ctx, f.IO, out, out)
	}
	verdict := "accepted"
	if !res.Success {
		verdict = "answered without success"
	}
	if res.Message != "" {
		verdict += " (" + termtext.Line(res.Message) + ")"
	}
	f.Prose("Sent %s event %s: %s.", p.EventName, termtext.Line(out.EventID), verdict)
	f.Data(out.EventID)
	return nil
}

// EventPageViewOptions are what `funnels event page-view` works from.
type EventPageViewOptions struct {
	Trigger  client.PageViewRequest
	Exporter cmdutil.Exporter
}

func newCmdEventPageView(f *cmdutil.Factory) *cmdutil.Command {
	opts := &EventPageViewOptions{}
	cmd := &cobra.Command{
		Use:   "page-view --funnel ID --step ID --page-url /PATH",
		Short: "Trigger the page-view workflows of a funnel step",
		Long: `Triggers the workflows that run when a page of a funnel step is visited, to test
them without a browser.`,
		Example: `funnels event page-view --funnel tKvx487I4yks06qt7ovC --step d8beadee-6139-4161-b7e0-93a42c093720 --page-url /free-trial-landing`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return eventPageViewRun(cmd.Context(), f, opts)
		},
	}
	cmd.Args = cmdutil.Positional(cmd)
	t, fl := &opts.Trigger, cmd.Flags()
	fl.StringVar(&t.FunnelID, "funnel", "", "the funnel (its id)")
	fl.StringVar(&t.StepID, "step", "", "the step whose page was visited (its id)")
	fl.StringVar(&t.PageURL, "page-url", "", "the /path of the page, within the funnel")
	cmdutil.FieldFlag(cmd, "funnel", "funnelId")
	cmdutil.FieldFlag(cmd, "step", "stepId")
	cmdutil.FieldFlag(cmd, "page-url", "pageUrl")
	_ = cmd.RegisterFlagCompletionFunc("funnel", cmdutil.CompleteFunnels(f))
	_ = cmd.RegisterFlagCompletionFunc("step", cmdutil.CompleteStepsOfFlag(f))
	cmdutil.AddJSONFlags(cmd, &opts.Exporter, cmdutil.FieldsOf(client.Result{}))
	return &cmdutil.Command{Cobra: cmd, Writes: client.FamilyWorkflowTrigger, SSH: cmdutil.Offered()}
}

func eventPageViewRun(ctx context.Context, f *cmdutil.Factory, opts *EventPageViewOptions) error {
	p, err := validate.NormalizePageView(opts.Trigger)
	if err != nil {
		return err
	}
	sess, err := f.Session(ctx, true)
	if err != nil {
		return err
	}
	c := sess.Client
	res, _, err := c.TriggerPageView(ctx, "", p)
	if err != nil {
		return err
	}
	if opts.Exporter.Enabled() {
		return opts.Exporter.Write(ctx, f.IO, res, res)
	}
	msg := "Triggered the page-view workflows of " + termtext.Line(p.PageURL) + " (funnel " + p.FunnelID + ", step " + p.StepID + ")"
	if res.Message != "" {
		msg += ": " + termtext.Line(res.Message)
	}
	f.Prose("%s.", msg)
	return nil
}

// Commands are the commands of events: `funnels event conversion` and `funnels event
// page-view`.
func Commands(f *cmdutil.Factory) []*cmdutil.Command {
	return []*cmdutil.Command{newCmdEvent(f)}
}
