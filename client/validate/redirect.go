package validate

import (
	"fmt"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/funnelsdev/funnels/client"
)

// RedirectActions are what a redirect's target is: a funnel's step, a website's page,
// any address, or the whole domain.
func RedirectActions() []string { return []string{"funnel", "website", "url", "all"} }

// RedirectAction checks a redirect's action and returns it in lower case.
func RedirectAction(s string) (string, error) {
	return choice("action", s, RedirectActions())
}

// RedirectPath checks the path a redirect answers, such as /old-offer: a path on the
// domain, case kept (the service matches it without case), without a query or a
// fragment. A missing leading / is added.
func RedirectPath(s string) (string, error) {
	const field = "path"
	t := strings.TrimSpace(s)
	if t == "" {
		return "", fail(field, s, "is required, such as /old-offer")
	}
	if strings.Contains(t, "://") || strings.HasPrefix(t, "//") {
		msg := "must be a path such as /old-offer, not an address"
		if u, err := url.Parse(t); err == nil && u.Host != "" {
			msg += ": try " + orElse(u.EscapedPath(), "/")
		}
		return "", fail(field, s, msg)
	}
	if !utf8.ValidString(t) || strings.ContainsFunc(t, func(r rune) bool { return unicode.IsSpace(r) || isHidden(r) }) {
		return "", fail(field, s, "must not contain spaces or control characters")
	}
	if !strings.HasPrefix(t, "/") {
		t = "/" + t
	}
	if i := strings.IndexAny(t, "?#"); i >= 0 {
		return "", fail(field, s, fmt.Sprintf("must be a path without a ?query or #fragment: try %s", orElse(t[:i], "/")))
	}
	if len(t) > maxURLBytes {
		return "", fail(field, s, fmt.Sprintf("must be at most %d characters long", maxURLBytes))
	}
	if u, err := url.Parse(t); err != nil || u.Host != "" || u.Scheme != "" {
		return "", fail(field, s, "must be a path such as /old-offer")
	}
	return t, nil
}

// RedirectTarget checks where a redirect goes, for its action: with url, a full
// http(s) address; with the others, the address or path of the funnel step or website
// page, which the service resolves (not blank, no spaces, at most 2048 characters).
func RedirectTarget(action, s string) (string, error) {
	const field = "target"
	if strings.EqualFold(strings.TrimSpace(action), "url") {
		out, err := URL(s)
		return out, Relabel(err, field)
	}
	t := strings.TrimSpace(s)
	switch {
	case t == "":
		return "", fail(field, s, "is required")
	case !utf8.ValidString(t) || strings.ContainsFunc(t, func(r rune) bool { return unicode.IsSpace(r) || isHidden(r) }):
		return "", fail(field, s, "must not contain spaces or control characters")
	case len(t) > maxURLBytes:
		return "", fail(field, s, fmt.Sprintf("must be at most %d characters long", maxURLBytes))
	}
	return t, nil
}

// NormalizeCreateRedirect checks a new redirect (POST /funnels/lookup/redirect):
// domain, path, target and action are required, locationId optional (the client
// fills in its own). The domain comes back in punycode.
func NormalizeCreateRedirect(b client.CreateRedirectRequest) (client.CreateRedirectRequest, error) {
	var c checker
	c.opt("locationId", &b.LocationID, id("locationId"))
	c.req("domain", &b.Domain, HostName)
	c.req("path", &b.Path, RedirectPath)
	act, _ := RedirectAction(b.Action)
	c.req("target", &b.Target, func(s string) (string, error) { return RedirectTarget(act, s) })
	c.req("action", &b.Action, RedirectAction)
	return b, c.errs.Err()
}

// NormalizeUpdateRedirect checks a change of a redirect (PATCH
// /funnels/lookup/redirect/{id}): target and action are required.
func NormalizeUpdateRedirect(b client.UpdateRedirectRequest) (client.UpdateRedirectRequest, error) {
	var c checker
	act, _ := RedirectAction(b.Action)
	c.req("target", &b.Target, func(s string) (string, error) { return RedirectTarget(act, s) })
	c.req("action", &b.Action, RedirectAction)
	c.opt("locationId", &b.LocationID, id("locationId"))
	return b, c.errs.Err()
}

// RedirectID checks the id of a redirect.
func RedirectID(s string) (string, error) { return ID("id", s) }

// orElse returns s, or def when s is empty.
func orElse(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
