package validate

import (
	"errors"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/funnelsdev/funnels/client"
)

// The fuzz targets check, for any input, what every per-field function promises: no
// panic; an error is a *FieldError for the function's field with a message; a value
// is clean text that the function gives back unchanged (normalizing twice changes
// nothing) and has the shape the API wants. Their seeds are in testdata/fuzz, which
// `go test` replays.

func fuzzField(t *testing.T, field, in string, fn func(string) (string, error), shape *regexp.Regexp) {
	t.Helper()
	out, err := fn(in)
	if err != nil {
		var fe *FieldError
		if !errors.As(err, &fe) || !errors.Is(err, ErrInvalid) || fe.Field != field || fe.Message == "" || fe.Value != in || out != "" {
			t.Fatalf("%s(%q): bad error %#v (%v), out %q", field, in, fe, err, out)
		}
		if !strings.HasPrefix(err.Error(), field+" ") {
			t.Fatalf("%s(%q): Error() %q does not name the field", field, in, err)
		}
		return
	}
	if !utf8.ValidString(out) || strings.ContainsFunc(out, isHidden) {
		t.Fatalf("%s(%q) = %q: not clean text", field, in, out)
	}
	if out != strings.TrimSpace(out) {
		t.Fatalf("%s(%q) = %q: surrounding spaces", field, in, out)
	}
	if shape != nil && !shape.MatchString(out) {
		t.Fatalf("%s(%q) = %q: does not match %s", field, in, out, shape)
	}
	again, err := fn(out)
	if err != nil || again != out {
		t.Fatalf("%s(%q) = %q, but %s(%q) = %q, %v", field, in, out, field, out, again, err)
	}
}

var (
	hostShape     = regexp.MustCompile(`^[a-z0-9-]{1,63}(\.[a-z0-9-]{1,63})+$`)
	stepPathShape = regexp.MustCompile(`^(/[a-z0-9_-]+)+$`)
	currencyShape = regexp.MustCompile(`^[A-Z]{3}$`)
	valueShape    = regexp.MustCompile(`^(0|[1-9][0-9]{0,14})(\.[0-9]{1,6})?$`)
	phoneShape    = regexp.MustCompile(`^\+?[0-9]{5,15}$`)
	emailShape    = regexp.MustCompile(`^[^@\s]{1,64}@[a-z0-9-]{1,63}(\.[a-z0-9-]{1,63})+$`)
	idShape       = regexp.MustCompile(`^[A-Za-z0-9_.:-]{1,128}$`)
	uuidShape     = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)
	postalShape   = regexp.MustCompile(`^[A-Z0-9 -]{1,12}$`)
	noSpaceShape  = regexp.MustCompile(`^\S+$`)
)

func FuzzHostName(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) {
		fuzzField(t, "domain", s, HostName, hostShape)
		if out, err := HostName(s); err == nil && len(out) > 253 {
			t.Fatalf("HostName(%q) = %d bytes", s, len(out))
		}
		_ = DisplayHost(s)
	})
}

func FuzzURL(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) { fuzzField(t, "url", s, URL, regexp.MustCompile(`^(?i)https?://\S+$`)) })
}

func FuzzStepPath(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) {
		fuzzField(t, "path", s, StepPath, stepPathShape)
		if sug := suggestPath(s); !stepPathShape.MatchString(sug) || len(sug) > maxStepPath {
			t.Fatalf("suggestPath(%q) = %q, which StepPath would refuse", s, sug)
		}
	})
}

func FuzzPagePath(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) {
		fuzzField(t, "pageUrl", s, PagePath, regexp.MustCompile(`^/([^/]|$)\S*$`))
	})
}

func FuzzEventName(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) {
		fuzzField(t, "eventName", s, EventName, nil)
		if out, err := EventName(s); err == nil && !slices.Contains(EventNames(), out) {
			t.Fatalf("EventName(%q) = %q, not one of the spec's names", s, out)
		}
	})
}

func FuzzEmail(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) { fuzzField(t, "email", s, Email, emailShape) })
}

func FuzzPhone(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) { fuzzField(t, "phone", s, Phone, phoneShape) })
}

func FuzzDateOfBirth(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) {
		fuzzField(t, "dateOfBirth", s, DateOfBirth, nil)
		if out, err := DateOfBirth(s); err == nil {
			if _, perr := time.Parse(time.RFC3339, out); perr != nil {
				t.Fatalf("DateOfBirth(%q) = %q, not RFC 3339: %v", s, out, perr)
			}
		}
	})
}

func FuzzPostalCode(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) { fuzzField(t, "postalCode", s, PostalCode, postalShape) })
}

func FuzzCountry(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) { fuzzField(t, "country", s, Country, nil) })
}

func FuzzCurrency(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) { fuzzField(t, "currency", s, Currency, currencyShape) })
}

func FuzzValue(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) { fuzzField(t, "value", s, Value, valueShape) })
}

func FuzzFolderName(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) {
		fuzzField(t, "name", s, FolderName, nil)
		fuzzField(t, "name", s, StepName, nil)
		if out, err := FolderName(s); err == nil && utf8.RuneCountInString(out) > maxNameRunes {
			t.Fatalf("FolderName(%q) is %d characters", s, utf8.RuneCountInString(out))
		}
	})
}

func FuzzText(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string, max int) {
		max %= 200
		fuzzField(t, "city", s, func(v string) (string, error) { return Text("city", v, max) }, nil)
	})
}

func FuzzOpaque(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) {
		fuzzField(t, "pxclid", s, func(v string) (string, error) { return Opaque("pxclid", v) }, noSpaceShape)
	})
}

func FuzzChoices(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) {
		for field, fn := range map[string]func(string) (string, error){"type": FolderType, "platform": Platform, "method": Method} {
			fuzzField(t, field, s, fn, nil)
		}
		fuzzField(t, "type", s, StepType, nil)
		if out, err := StepType(s); err == nil && !slices.Contains(StepTypes(), out) {
			t.Fatalf("StepType(%q) = %q", s, out)
		}
	})
}

func FuzzID(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) {
		fuzzField(t, "stepId", s, func(v string) (string, error) { return ID("stepId", v) }, idShape)
		fuzzField(t, "id", s, StepID, uuidShape)
	})
}

func FuzzJSON(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) {
		asString := func(fn func(string, string) ([]byte, error)) func(string) (string, error) {
			return func(v string) (string, error) { b, err := fn("data", v); return string(b), err }
		}
		fuzzFieldRaw(t, "data", s, asString(func(f, v string) ([]byte, error) { b, err := JSON(f, v); return b, err }))
		fuzzFieldRaw(t, "data", s, asString(func(f, v string) ([]byte, error) { b, err := JSONObject(f, v); return b, err }))
	})
}

// fuzzFieldRaw is fuzzField for values that may hold any text (a JSON body may carry
// control characters inside its strings, escaped or not).
func fuzzFieldRaw(t *testing.T, field, in string, fn func(string) (string, error)) {
	t.Helper()
	out, err := fn(in)
	if err != nil {
		if !errors.Is(err, ErrInvalid) || !strings.HasPrefix(err.Error(), field+" ") {
			t.Fatalf("%s(%q): bad error %v", field, in, err)
		}
		return
	}
	if again, err := fn(out); err != nil || again != out {
		t.Fatalf("%s(%q) = %q, then %q, %v", field, in, out, again, err)
	}
}

func FuzzAPIPath(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) { fuzzField(t, "path", s, APIPath, regexp.MustCompile(`^/[^/\s]?\S*$`)) })
}

func FuzzQueryParam(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) {
		k, v, err := QueryParam(s)
		if err != nil {
			if !errors.Is(err, ErrInvalid) || k != "" || v != "" {
				t.Fatalf("QueryParam(%q): %q %q %v", s, k, v, err)
			}
			return
		}
		if k == "" || strings.ContainsFunc(k+v, isHidden) {
			t.Fatalf("QueryParam(%q) = %q %q", s, k, v)
		}
		if k2, v2, err := QueryParam(k + "=" + v); err != nil || k2 != k || v2 != v {
			t.Fatalf("QueryParam(%q) = %q %q, not stable: %q %q %v", s, k, v, k2, v2, err)
		}
	})
}

// conversionFields are the JSON paths NormalizeConversion may name.
var conversionFields = []string{"eventName", "eventId", "contact.email", "contact.firstName", "contact.lastName",
	"contact.phone", "contact.city", "contact.state", "contact.postalCode", "contact.country", "contact.dateOfBirth",
	"url", "pxp", "pxc", "pxclid", "pxEventId", "currency", "value"}

func FuzzConversion(f *testing.F) {
	f.Fuzz(func(t *testing.T, event, email, phone, dob, currency, value, url, name string) {
		p := client.ConversionRequest{EventName: event, Currency: currency, Value: value, URL: url, Pxc: name,
			Contact: client.ContactInfo{Email: email, Phone: phone, DateOfBirth: dob, FirstName: name, Country: name, PostalCode: name}}
		out, err := NormalizeConversion(p)
		if err != nil {
			list := As(err)
			if len(list) == 0 || !errors.Is(err, ErrInvalid) {
				t.Fatalf("error %v carries no field errors", err)
			}
			for _, fe := range list {
				if !slices.Contains(conversionFields, fe.Field) || fe.Message == "" {
					t.Fatalf("field error %+v", fe)
				}
			}
			return
		}
		again, err := NormalizeConversion(out)
		if err != nil || again != out {
			t.Fatalf("normalizing %+v twice: %+v, %v", out, again, err)
		}
	})
}

func FuzzCreateStep(f *testing.F) {
	f.Fuzz(func(t *testing.T, funnel, id, name, path, typ, domain string, seq int) {
		b := client.CreateStepRequest{FunnelID: funnel, DomainName: domain, Step: client.NewStep{ID: id, Name: name, URL: path, Type: typ, Sequence: seq}}
		out, err := NormalizeCreateStep(b)
		if err != nil {
			if len(As(err)) == 0 {
				t.Fatalf("error %v carries no field errors", err)
			}
			return
		}
		again, err := NormalizeCreateStep(out)
		if err != nil || !reflectEqualStep(again, out) {
			t.Fatalf("normalizing %+v twice: %+v, %v", out, again, err)
		}
	})
}

func reflectEqualStep(a, b client.CreateStepRequest) bool {
	return a.FunnelID == b.FunnelID && a.DomainName == b.DomainName && a.Step.ID == b.Step.ID && a.Step.Name == b.Step.Name &&
		a.Step.URL == b.Step.URL && a.Step.Type == b.Step.Type && a.Step.Sequence == b.Step.Sequence
}

func FuzzFolderDomainPageView(f *testing.F) {
	f.Fuzz(func(t *testing.T, a, b, c string) {
		if out, err := NormalizeCreateFolder(client.CreateFolderRequest{Name: a, Type: b, UserID: c}); err == nil {
			if again, err := NormalizeCreateFolder(out); err != nil || again != out {
				t.Fatalf("folder %+v → %+v %v", out, again, err)
			}
		} else if len(As(err)) == 0 {
			t.Fatalf("folder error %v", err)
		}
		if out, err := NormalizeAttachDomain(client.AttachDomainRequest{Domain: a, LocationID: c}); err == nil {
			if again, err := NormalizeAttachDomain(out); err != nil || again != out {
				t.Fatalf("domain %+v → %+v %v", out, again, err)
			}
		} else if len(As(err)) == 0 {
			t.Fatalf("domain error %v", err)
		}
		if out, err := NormalizePageView(client.PageViewRequest{FunnelID: a, StepID: b, PageURL: c}); err == nil {
			if again, err := NormalizePageView(out); err != nil || again != out {
				t.Fatalf("page view %+v → %+v %v", out, again, err)
			}
		} else if len(As(err)) == 0 {
			t.Fatalf("page view error %v", err)
		}
	})
}
