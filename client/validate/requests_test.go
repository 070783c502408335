package validate

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client"
)

func fields(err error) []string {
	var out []string
	for _, fe := range As(err) {
		out = append(out, fe.Field)
	}
	return out
}

func TestConversionNormalizesEveryField(t *testing.T) {
	in := client.ConversionRequest{
		EventName: "purchase", EventID: " evt-1 ", URL: " https://shop.example.com/thanks ",
		Contact: client.ContactInfo{
			Email: "Jo@Bücher.Example", FirstName: " Jo ", LastName: "Smith", Phone: "+1 (555) 123-4567",
			City: " Springfield", State: "IL ", PostalCode: "62704", Country: "us", DateOfBirth: "1990-04-12",
		},
		Pxp: "fb.1.2.3", Pxc: "fb.1.2.AbC", Pxclid: "AbC", PxEventID: "px-9", Currency: "usd", Value: "049.90",
	}
	got, err := NormalizeConversion(in)
	if err != nil {
		t.Fatal(err)
	}
	want := client.ConversionRequest{
		EventName: "Purchase", EventID: "evt-1", URL: "https://shop.example.com/thanks",
		Contact: client.ContactInfo{
			Email: "Jo@xn--bcher-kva.example", FirstName: "Jo", LastName: "Smith", Phone: "+15551234567",
			City: "Springfield", State: "IL", PostalCode: "62704", Country: "US", DateOfBirth: "1990-04-12T00:00:00Z",
		},
		Pxp: "fb.1.2.3", Pxc: "fb.1.2.AbC", Pxclid: "AbC", PxEventID: "px-9", Currency: "USD", Value: "49.90",
	}
	if got != want {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
	if err := errOf(NormalizeConversion(want)); err != nil {
		t.Errorf("a normalized payload is refused: %v", err)
	}
}

func TestConversionCollectsEveryFieldError(t *testing.T) {
	p := client.ConversionRequest{
		EventName: "Bought", Contact: client.ContactInfo{Email: "jo@", DateOfBirth: "12/04/1990", FirstName: "   "},
		Currency: "dollars", Value: "1,00", URL: "shop",
	}
	_, err := NormalizeConversion(p)
	if !errors.Is(err, ErrInvalid) {
		t.Fatalf("err = %v", err)
	}
	want := []string{"eventName", "contact.email", "contact.dateOfBirth", "url", "currency", "value"}
	if got := fields(err); !reflect.DeepEqual(got, want) {
		t.Errorf("fields %v, want %v", got, want)
	}
	var list FieldErrors
	if !errors.As(err, &list) || list.Message("currency") != "must be a 3-letter currency code such as USD" || list.Message("pxp") != "" {
		t.Errorf("Message lookups: %#v", list)
	}
	var first *FieldError
	if !errors.As(err, &first) || first.Field != "eventName" || first.Value != "Bought" {
		t.Errorf("errors.As finds %+v", first)
	}
	if msg := err.Error(); !strings.Contains(msg, "contact.email must be an email address") {
		t.Errorf("Error() = %q", msg)
	}
	if err := errOf(NormalizeConversion(client.ConversionRequest{EventName: "Lead"})); err != nil {
		t.Errorf("a bare Lead with an empty contact is refused: %v", err)
	}
	if err := errOf(NormalizeConversion(client.ConversionRequest{})); !reflect.DeepEqual(fields(err), []string{"eventName"}) {
		t.Errorf("an empty payload: %v", err)
	}
}

func TestCreateStep(t *testing.T) {
	got, err := NormalizeCreateStep(client.CreateStepRequest{
		FunnelID: " F1 ", DomainName: "Join.Example.com",
		Step: client.NewStep{Name: " Offer ", URL: "Offer", Type: "sales", Sequence: 3},
	})
	if err != nil {
		t.Fatal(err)
	}
	if got.FunnelID != "F1" || got.DomainName != "join.example.com" || got.Step.Name != "Offer" || got.Step.URL != "/offer" ||
		got.Step.Type != "sales_funnel_page" || got.Step.ID != "" || got.Step.Sequence != 3 {
		t.Errorf("normalized to %+v", got)
	}
	err = errOf(NormalizeCreateStep(client.CreateStepRequest{Step: client.NewStep{ID: "nope", URL: "/a b", Sequence: -1, Pages: []string{"a/b"}}, DomainName: "x"}))
	want := []string{"funnelId", "step.id", "step.name", "step.url", "step.type", "step.sequence", "step.pages", "domainName"}
	if got := fields(err); !reflect.DeepEqual(got, want) {
		t.Errorf("fields %v, want %v", got, want)
	}
}

func TestCreateFolderAttachDomainPageView(t *testing.T) {
	f, err := NormalizeCreateFolder(client.CreateFolderRequest{Name: " Spring ", Type: "Website", UserID: " u1 "})
	if err != nil || f.Name != "Spring" || f.Type != "website" || f.UserID != "u1" || f.LocationID != "" {
		t.Errorf("folder %+v %v", f, err)
	}
	if got := fields(errOf(NormalizeCreateFolder(client.CreateFolderRequest{Type: "folder", UserID: "a b", LocationID: "x/y"}))); !reflect.DeepEqual(got, []string{"locationId", "type", "name", "userId"}) {
		t.Errorf("folder fields %v", got)
	}
	d, err := NormalizeAttachDomain(client.AttachDomainRequest{Domain: "Bücher.example"})
	if err != nil || d.Domain != "xn--bcher-kva.example" {
		t.Errorf("domain %+v %v", d, err)
	}
	if got := fields(errOf(NormalizeAttachDomain(client.AttachDomainRequest{Domain: "https://x.io"}))); !reflect.DeepEqual(got, []string{"domain"}) {
		t.Errorf("domain fields %v", got)
	}
	p, err := NormalizePageView(client.PageViewRequest{FunnelID: "f", StepID: "s", PageURL: "offer"})
	if err != nil || p.PageURL != "/offer" {
		t.Errorf("page view %+v %v", p, err)
	}
	if got := fields(errOf(NormalizePageView(client.PageViewRequest{}))); !reflect.DeepEqual(got, []string{"funnelId", "stepId", "pageUrl"}) {
		t.Errorf("page view fields %v", got)
	}
}

func TestErrorsHelpers(t *testing.T) {
	var none FieldErrors
	if none.Err() != nil {
		t.Error("empty FieldErrors is a non-nil error")
	}
	_, err := HostName("x")
	r := Relabel(err, "--domain")
	if r.Error() != "--domain needs a dot, such as example.com" || !errors.Is(r, ErrInvalid) {
		t.Errorf("Relabel: %v", r)
	}
	plain := errors.New("plain")
	if Relabel(plain, "x") != plain || As(plain) != nil {
		t.Error("a plain error is changed")
	}
	if got := As(err); len(got) != 1 || got[0].Field != "domain" {
		t.Errorf("As(single) = %v", got)
	}
}

// errOf is the error of a Normalize function, for the checks that want only that.
func errOf[T any](_ T, err error) error { return err }
