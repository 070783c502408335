package validate

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// fieldCase is one input of a per-field function: want is the normalized value, or
// with bad set a fragment the message must contain.
type fieldCase struct {
	in, want string
	bad      bool
}

func ok(in, want string) fieldCase { return fieldCase{in: in, want: want} }
func bad(in, msg string) fieldCase { return fieldCase{in: in, want: msg, bad: true} }
func same(in string) fieldCase     { return fieldCase{in: in, want: in} }
func required() fieldCase          { return bad("  ", "is required") }

// checkField runs the cases through fn and checks the field named in each error.
func checkField(t *testing.T, field string, fn func(string) (string, error), cases []fieldCase) {
	t.Helper()
	for _, c := range cases {
		got, err := fn(c.in)
		switch {
		case c.bad && err == nil:
			t.Errorf("%s(%q) = %q, want an error containing %q", field, c.in, got, c.want)
		case c.bad:
			var fe *FieldError
			if !errors.As(err, &fe) || !errors.Is(err, ErrInvalid) {
				t.Errorf("%s(%q): error %v is not a *FieldError matching ErrInvalid", field, c.in, err)
				continue
			}
			if fe.Field != field || fe.Value != c.in || !strings.Contains(fe.Message, c.want) {
				t.Errorf("%s(%q) = field %q value %q message %q, want field %q and %q", field, c.in, fe.Field, fe.Value, fe.Message, field, c.want)
			}
			if !strings.HasPrefix(err.Error(), field+" ") {
				t.Errorf("%s(%q): Error() %q does not name the field first", field, c.in, err)
			}
			if got != "" {
				t.Errorf("%s(%q) returned %q with its error", field, c.in, got)
			}
		case err != nil:
			t.Errorf("%s(%q): unexpected error %v", field, c.in, err)
		case got != c.want:
			t.Errorf("%s(%q) = %q, want %q", field, c.in, got, c.want)
		}
	}
}

func TestHostName(t *testing.T) {
	checkField(t, "domain", HostName, []fieldCase{
		same("example.com"), same("www.lakesidefit.com"), ok("  Shop.Example.COM.  ", "shop.example.com"),
		ok("bücher.example", "xn--bcher-kva.example"), same("xn--bcher-kva.example"),
		ok("münchen.de", "xn--mnchen-3ya.de"), same("a-b.co"), same("x1.io"),
		required(), bad("", "is required"),
		bad("https://shop.example.com/offer", "try shop.example.com"),
		bad("shop.example.com/offer", "without a path: try shop.example.com"),
		bad("shop.example.com:8443", "without a port: try shop.example.com"),
		bad("192.168.1.10", "not an IP address"), bad("::1", "not an IP address"), bad("[::1]", "not an IP address"),
		bad("localhost", "needs a dot"), bad("a..b.com", "empty parts"), bad("-a.com", "start or end a part with -"),
		bad("a-.com", "start or end a part with -"), bad("my_shop.com", "_"), bad("my shop.com", "spaces"),
		bad("foo.123", "not a number"), bad(strings.Repeat("a", 64)+".com", "longer than 63"),
		bad(strings.Repeat("abcdefghi.", 26)+"com", "at most 253"), bad("ex\x1bample.com", "control"),
		bad("ex\u202eample.com", "control"), bad("ex!ample.com", "letters, digits"), bad("\xff.com", "UTF-8"),
		bad("offers.lakesidefit.comoffers.lakesidefit.com", "typed twice: try offers.lakesidefit.com"),
		bad("offers.lakesidefit.com.offers.lakesidefit.com", "typed twice: try offers.lakesidefit.com"),
		bad("bücher.examplebücher.example", "typed twice: try bücher.example"),
		same("comcom.com"), same("ab.ab"), same("www.www.example.com"),
	})
	if DisplayHost("xn--bcher-kva.example") != "bücher.example" || DisplayHost("example.com") != "example.com" {
		t.Error("DisplayHost does not turn punycode back")
	}
}

func TestURL(t *testing.T) {
	checkField(t, "url", URL, []fieldCase{
		same("https://www.example.com/offer"), ok(" http://x.io/a?b=c ", "http://x.io/a?b=c"),
		required(), bad("www.example.com/offer", "full address"), bad("ftp://x.io/", "full address"),
		bad("https:///path", "full address"), bad("https://a b.com/", "spaces"), bad("https://u:p@x.io/", "password"),
		bad("mailto:jo@x.io", "full address"),
	})
}

func TestStepPath(t *testing.T) {
	checkField(t, "path", StepPath, []fieldCase{
		same("/offer"), ok("offer", "/offer"), ok(" /Offer/ ", "/offer"), same("/a/b_c-1"),
		required(), bad("/", "after the /"), bad("///", "not an address"), ok("/a/", "/a"), bad("/a//b", "//"),
		bad("/my offer", "try /my-offer"), bad("/Ängebot", "lowercase letters"), bad("/a?b", "lowercase letters"),
		bad("https://x.io/offer", "not an address"), bad("//x.io/offer", "not an address"),
		bad("/"+strings.Repeat("a", 300), "at most 255"), bad("/a\x00", "lowercase"),
	})
	if got := suggestPath("  --Big!! Sale 2025//now "); got != "/big-sale-2025/now" {
		t.Errorf("suggestPath = %q", got)
	}
	if got := suggestPath("!!!"); got != "/offer" {
		t.Errorf("suggestPath(!!!) = %q", got)
	}
}

func TestPagePath(t *testing.T) {
	checkField(t, "pageUrl", PagePath, []fieldCase{
		same("/offer"), ok("offer", "/offer"), same("/Offer?utm_source=x"), same("/"),
		required(), bad("https://x.io/offer", "try /offer"), bad("//x.io/a", "not an address"),
		bad("/a b", "spaces"), bad("/a%zz", "a path within the funnel"), bad("/a\x1b[31m", "control"),
	})
}

func TestEventName(t *testing.T) {
	checkField(t, "eventName", EventName, []fieldCase{
		same("Lead"), ok("lead", "Lead"), ok(" purchase ", "Purchase"), same("Other"), same("PageView"),
		bad("", "is required: one of PageView"), bad("Bought", "must be one of PageView, Purchase"),
	})
	if n := len(EventNames()); n != 20 {
		t.Errorf("%d event names, want the spec's 20", n)
	}
	names := EventNames()
	names[0] = "changed"
	if EventNames()[0] != "PageView" {
		t.Error("EventNames hands out shared state")
	}
}

func TestEmail(t *testing.T) {
	checkField(t, "email", Email, []fieldCase{
		same("jo@example.com"), ok(" Jo.Smith+tag@Example.COM ", "Jo.Smith+tag@example.com"),
		ok("jo@bücher.example", "jo@xn--bcher-kva.example"), same("zoë@example.com"),
		required(), bad("jo", "email address"), bad("jo@", "email address"), bad("@x.com", "email address"),
		bad("jo@localhost", "email address"), bad("a..b@x.com", "email address"), bad(".a@x.com", "email address"),
		bad("Jo <jo@x.com>", "without a name"), bad("jo smith@x.com", "email address"), bad("jo@x_y.com", "email address"),
		bad(strings.Repeat("a", 65)+"@x.com", "email address"), bad("jo\u202e@x.com", "email address"),
	})
}

func TestPhone(t *testing.T) {
	checkField(t, "phone", Phone, []fieldCase{
		ok("+1 555 123 4567", "+15551234567"), ok("(555) 123-4567", "5551234567"), same("+4930123456"),
		required(), bad("555", "at least 5"), bad("+1234567890123456", "at most 15"),
		bad("555-CALL-NOW", "phone number"), bad("1+555123", "phone number"),
	})
}

func TestDateOfBirth(t *testing.T) {
	now := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	fn := func(s string) (string, error) { return dateOfBirth(s, now) }
	checkField(t, "dateOfBirth", fn, []fieldCase{
		ok("1990-04-12", "1990-04-12T00:00:00Z"), same("1990-04-12T10:30:00Z"), same("1990-04-12T10:30:00+02:00"),
		ok("1990-04-12T10:30:00.123Z", "1990-04-12T10:30:00Z"), ok("1990-04-12T10:30", "1990-04-12T10:30:00Z"),
		ok("1990-04-12 10:30:05", "1990-04-12T10:30:05Z"), ok("2026-06-01", "2026-06-01T00:00:00Z"),
		required(), bad("12/04/1990", "ISO 8601"), bad("1990-4-12", "ISO 8601"), bad("1990-02-30", "ISO 8601"),
		bad("1899-12-31", "1900"), bad("2026-06-03", "future"), bad("yesterday", "ISO 8601"),
	})
	if _, err := DateOfBirth("1990-04-12"); err != nil {
		t.Errorf("DateOfBirth with the real clock: %v", err)
	}
}

func TestPostalCodeAndCountry(t *testing.T) {
	checkField(t, "postalCode", PostalCode, []fieldCase{
		same("90210"), ok("sw1a 1aa", "SW1A 1AA"), same("12345-6789"), required(),
		bad("90210!", "letters, digits"), bad("1234567890123", "at most 12"),
	})
	checkField(t, "country", Country, []fieldCase{
		same("US"), ok(" de ", "DE"), same("United Kingdom"), required(), bad("U", "2-letter"),
		bad("Un\x00ited", "control"),
	})
}

func TestCurrencyAndValue(t *testing.T) {
	checkField(t, "currency", Currency, []fieldCase{
		same("USD"), ok(" eur ", "EUR"), required(), bad("US", "3-letter"), bad("US$", "3-letter"),
		bad("DOLLAR", "3-letter"), bad("ÜSD", "3-letter"),
	})
	checkField(t, "value", Value, []fieldCase{
		same("49.99"), same("0"), ok(" 007.50 ", "7.50"), ok(".5", "0.5"), ok("+12", "12"), same("0.000001"),
		required(), bad("-5", "negative"), bad("1,000.00", "no thousands separators"), bad("1e3", "number"),
		bad("5.", "number"), bad(".", "number"), bad("abc", "number"), bad("1.2.3", "number"),
		bad("1234567890123456", "too large"), bad("1.1234567", "6 decimal"), bad("NaN", "number"),
	})
}

func TestNamesAndText(t *testing.T) {
	checkField(t, "name", FolderName, []fieldCase{
		same("Spring Campaigns"), ok("  Q3 Launch ", "Q3 Launch"), same("Café Ünïcode 🎉"), required(),
		bad("a\nb", "line breaks"), bad("\x1b[2Jboom", "control"), bad("a\u202eb", "control"),
		bad(strings.Repeat("x", 101), "at most 100"), bad("\xff", "UTF-8"),
	})
	checkField(t, "name", StepName, []fieldCase{same("Order Form"), required()})
	checkField(t, "city", func(s string) (string, error) { return Text("city", s, 0) }, []fieldCase{
		same("Springfield"), bad(strings.Repeat("x", 101), "at most 100"),
	})
	checkField(t, "pxc", func(s string) (string, error) { return Opaque("pxc", s) }, []fieldCase{
		same("fb.1.1554763741205.AbCdEf"), required(), bad("a b", "spaces"), bad(strings.Repeat("x", 513), "at most 512"),
	})
}

func TestKinds(t *testing.T) {
	checkField(t, "type", FolderType, []fieldCase{same("funnel"), ok(" Website ", "website"), required(), bad("folder", "funnel or website")})
	checkField(t, "type", StepType, []fieldCase{
		same("optin_funnel_page"), ok("optin", "optin_funnel_page"), ok("Thankyou", "thankyou_funnel_page"),
		ok("sales_funnel_page", "sales_funnel_page"), required(), bad("checkout", "must be one of optin, sales"),
	})
	checkField(t, "platform", Platform, []fieldCase{same("facebook"), ok("TikTok", "tiktok"), required(), bad("myspace", "facebook, instagram")})
	checkField(t, "funnelId", func(s string) (string, error) { return ID("funnelId", s) }, []fieldCase{
		same("5n3BCYO90Tpw1TDRS8EK"), ok(" d8beadee-6139-4161-b7e0-93a42c093720 ", "d8beadee-6139-4161-b7e0-93a42c093720"),
		required(), bad("a/b", `(not '/')`), bad("a b", "letters, digits"), bad("..", "not . or .."),
		bad("ä", "letters, digits"), bad(strings.Repeat("a", 129), "at most 128"),
	})
	checkField(t, "id", StepID, []fieldCase{
		same("d8beadee-6139-4161-b7e0-93a42c093720"), ok("D8BEADEE-6139-4161-B7E0-93A42C093720", "d8beadee-6139-4161-b7e0-93a42c093720"),
		required(), bad("d8beadee-6139-1161-b7e0-93a42c093720", "version 4"), bad("{d8beadee-6139-4161-b7e0-93a42c093720}", "version 4"),
		bad("d8beadee61394161b7e093a42c093720", "version 4"),
	})
}

func TestJSONAndHTTP(t *testing.T) {
	asString := func(fn func(string, string) ([]byte, error)) func(string) (string, error) {
		return func(s string) (string, error) { b, err := fn("data", s); return string(b), err }
	}
	json := func(f, s string) ([]byte, error) { b, err := JSON(f, s); return b, err }
	object := func(f, s string) ([]byte, error) { b, err := JSONObject(f, s); return b, err }
	checkField(t, "data", asString(json), []fieldCase{
		same(`{"a":1}`), ok(` [1, 2] `, `[1, 2]`), same(`"x"`), required(), bad(`{`, "ends too early"),
		bad(`{"a":1} {}`, "more data"), bad(`{a:1}`, "at byte 2"),
	})
	checkField(t, "data", asString(object), []fieldCase{same(`{}`), bad(`[1]`, "JSON object"), bad(`nope`, "not valid JSON")})
	checkField(t, "method", Method, []fieldCase{same("GET"), ok("post", "POST"), required(), bad("FETCH", "GET, POST")})
	checkField(t, "path", APIPath, []fieldCase{
		same("/funnels/funnel/list"), same("/funnels/page/abc?locationId=x"), required(),
		bad("funnels/funnel/list", "single /"), bad("//evil.example/x", "single /"),
		bad("https://services.example.com/funnels/page?x=1", "try /funnels/page?x=1"), bad("/a b", "spaces"),
	})
	for in, want := range map[string][2]string{"a=b": {"a", "b"}, "a=": {"a", ""}, "a=b=c": {"a", "b=c"}, " k =v": {"k", "v"}} {
		k, v, err := QueryParam(in)
		if err != nil || k != want[0] || v != want[1] {
			t.Errorf("QueryParam(%q) = %q %q %v", in, k, v, err)
		}
	}
	for _, in := range []string{"ab", "=b", "a=\x1b"} {
		if _, _, err := QueryParam(in); !errors.Is(err, ErrInvalid) {
			t.Errorf("QueryParam(%q) = %v, want invalid", in, err)
		}
	}
}
