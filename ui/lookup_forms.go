package ui

import (
	"encoding/json"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/validate"
	"github.com/funnelsdev/funnels/ui/form"
)

// The lookups and the rest of the API: each a small form (or none) whose answer
// shows in a scrollable view. Everything drawn from an answer is sanitised here, in
// the command.

// lookup is the command of a lookup: call asks, and describe turns the answer into
// the view's lines. A failure keeps the form open with the status code.
func lookup(from any, seq uint64, title string, call func() (*client.Response, error), describe func(d *doc)) tea.Cmd {
	return func() tea.Msg {
		resp, err := call()
		status := statusOf(resp, err)
		d := doc{title: title}
		msg := answerMsg{from: from, seq: seq, err: err, status: status, result: &d}
		if err != nil {
			d.bad(errorText(err))
			return msg
		}
		describe(&d)
		if resp != nil && resp.TraceID != "" {
			d.blank()
			d.pair("trace id", sanitize(resp.TraceID))
		}
		return msg
	}
}

// lookupForm opens a form whose submit sends a lookup.
func lookupForm(h host, title string, notes []string, fields []*form.Field, send func(f *form.Form, seq uint64) (tea.Cmd, error)) tea.Cmd {
	if !connected(h) {
		return nil
	}
	var f *form.Form
	f, cmd := newForm(h, title, []*form.Group{{Fields: fields}}, func(seq uint64) (tea.Cmd, error) {
		return send(f, seq)
	})
	f.Notes = notes
	return openForm(h, f, cmd)
}

// funnelByDomainForm lists the funnels that use an attached domain.
func funnelByDomainForm(h host) tea.Cmd {
	hostName := ""
	if f := h.selected().funnel; f != nil {
		hostName = f.domain
	}
	return lookupForm(h, "Funnel by domain", nil, []*form.Field{
		{Key: "domain", Title: "Domain", Hint: "An attached host name", Placeholder: "offers.example.com", Value: &hostName, Check: validate.HostName},
	}, func(f *form.Form, seq uint64) (tea.Cmd, error) {
		c, ctx := h.api(), h.common().ctx
		dom := form.Normalized(validate.HostName, hostName)
		var res *client.FunnelsWithDomain
		return lookup(f, seq, "Funnels on "+sanitize(dom), func() (*client.Response, error) {
			var resp *client.Response
			var err error
			res, resp, err = c.FunnelWithDomain(ctx, dom)
			return resp, err
		}, func(d *doc) {
			if res.Domain != nil {
				d.pair("domain", sanitize(validate.DisplayHost(res.Domain.URL)))
				d.pairIf("domain id", sanitize(res.Domain.ID))
			}
			d.blank()
			if len(res.Funnels) == 0 {
				d.text("No funnel uses this domain yet: a funnel's settings name the domain it uses.")
				return
			}
			d.heading(plural(len(res.Funnels), "funnel") + " on it")
			for i := range res.Funnels {
				fn := &res.Funnels[i]
				d.pair(displayName(fn.Name, fn.ID), plural(len(fn.Steps), "step")+" · "+client.PublicURL(sanitize(dom), firstStepPath(fn)))
			}
		}), nil
	})
}

// firstStepPath is the path of the funnel's first step, "" when it has none.
func firstStepPath(f *client.Funnel) string {
	if s := f.FirstStep(); s != nil {
		return sanitize(s.URL)
	}
	return ""
}

// regexRedirectsForm lists the pattern redirects, of one domain or all.
func regexRedirectsForm(h host) tea.Cmd {
	hostName := ""
	return lookupForm(h, "Regex redirects", nil, []*form.Field{
		{Key: "domain", Title: "Domain", Hint: "Leave empty for every domain", Placeholder: "offers.example.com",
			Value: &hostName, Check: validate.HostName, Optional: true},
	}, func(f *form.Form, seq uint64) (tea.Cmd, error) {
		c, ctx := h.api(), h.common().ctx
		dom := form.Normalized(validate.HostName, hostName)
		var rows []client.RegexRedirect
		title := "Regex redirects"
		if dom != "" {
			title += " of " + sanitize(dom)
		}
		return lookup(f, seq, title, func() (*client.Response, error) {
			var resp *client.Response
			var err error
			rows, resp, err = c.RegexRedirects(ctx, dom)
			return resp, err
		}, func(d *doc) {
			if len(rows) == 0 {
				d.text("No regex redirects.")
				return
			}
			d.heading(plural(len(rows), "redirect"))
			for _, r := range rows {
				kind := ""
				if r.Type != 0 {
					kind = " (" + strconv.Itoa(r.Type) + ")"
				}
				d.pair(sanitize(r.Domain), sanitize(r.Regex)+" → "+sanitize(r.Target)+kind)
			}
		}), nil
	})
}

// lookupMultipleTemplate is the body the lookup/multiple form starts with.
const lookupMultipleTemplate = `{"lookups": [{"target": "/spring-sale-opt-in", "action": "publish"}]}`

// lookupMultipleForm posts a JSON body to lookup/multiple.
func lookupMultipleForm(h host) tea.Cmd {
	body := lookupMultipleTemplate
	return lookupForm(h, "Lookup multiple", []string{"The body is a JSON object; the spec leaves its fields open. Each lookup names a target path and an action: publish, unpublish or redirect."}, []*form.Field{
		{Key: "body", Title: "Body (JSON)", Hint: "ctrl+j starts a new line; enter sends", Kind: form.TextArea, Height: 5, Value: &body,
			Check: func(s string) (string, error) {
				b, err := validate.JSONObject("body", s)
				return string(b), err
			}},
	}, func(f *form.Form, seq uint64) (tea.Cmd, error) {
		c, ctx := h.api(), h.common().ctx
		raw, err := validate.JSONObject("body", body)
		if err != nil {
			return nil, err
		}
		var rows []client.LookupRow
		return lookup(f, seq, "Lookup multiple", func() (*client.Response, error) {
			var resp *client.Response
			var err error
			rows, _, resp, err = c.LookupMultiple(ctx, raw)
			return resp, err
		}, func(d *doc) {
			d.heading(plural(len(rows), "lookup"))
			for _, r := range rows {
				d.pair(sanitize(r.Target), sanitize(strings.TrimSpace(r.Action+" · "+r.PublishStatus+" · "+r.Type))+" · id "+sanitize(r.LookupID))
			}
		}), nil
	})
}

// productsForm lists the public products of the order forms, or one.
func productsForm(h host) tea.Cmd {
	productID := ""
	return lookupForm(h, "Order-form products", nil, []*form.Field{
		{Key: "productId", Title: "Product id", Hint: "Leave empty for every product", Value: &productID, Check: form.ID("productId"), Optional: true},
	}, func(f *form.Form, seq uint64) (tea.Cmd, error) {
		c, ctx := h.api(), h.common().ctx
		pid := form.Normalized(form.ID("productId"), productID)
		var rows []client.Product
		return lookup(f, seq, "Order-form products", func() (*client.Response, error) {
			var resp *client.Response
			var err error
			rows, resp, err = c.OrderFormProducts(ctx, pid)
			return resp, err
		}, func(d *doc) {
			if len(rows) == 0 {
				d.text("No products.")
				return
			}
			d.heading(plural(len(rows), "product"))
			for _, p := range rows {
				price := strconv.FormatFloat(p.Price, 'f', 2, 64)
				d.pair(displayName(p.Name, p.ID), strings.TrimSpace(price+" "+sanitize(p.Currency))+" · "+sanitize(p.Type)+" · id "+sanitize(p.ID))
				if p.Description != "" {
					d.pair("", sanitize(p.Description))
				}
			}
		}), nil
	})
}

// pageByIDForm reads one page by its id, with every field the server sends.
func pageByIDForm(h host) tea.Cmd {
	pageID := ""
	if pg := h.selected().page; pg != nil {
		pageID = pg.id
	}
	return lookupForm(h, "Page by id", nil, []*form.Field{
		{Key: "pageId", Title: "Page id", Hint: "The selected page's id when there is one", Value: &pageID, Check: form.ID("pageId")},
	}, func(f *form.Form, seq uint64) (tea.Cmd, error) {
		c, ctx := h.api(), h.common().ctx
		pid := form.Normalized(form.ID("pageId"), pageID)
		var pg *client.Page
		return lookup(f, seq, "Page "+sanitize(pid), func() (*client.Response, error) {
			var resp *client.Response
			var err error
			pg, resp, err = c.Page(ctx, pid)
			return resp, err
		}, func(d *doc) {
			d.pair("name", displayName(pg.Name, pg.ID))
			d.pair("status", pick(pg.Deleted, "archived", "live"))
			d.pairIf("funnel", sanitize(pg.FunnelID))
			d.pairIf("step", sanitize(pg.StepID))
			d.pairIf("path", sanitize(pg.URL))
			if !pg.DateUpdated.IsZero() {
				d.pair("updated", pg.DateUpdated.Format("2006-01-02 15:04"))
			}
			d.blank()
			d.heading("As the server sent it")
			d.json(pg.Raw)
		}), nil
	})
}

// checkPathForm asks whether a step path is free in the selected funnel.
func checkPathForm(h host) tea.Cmd {
	path, funnelID, domain := "", "", ""
	if f := h.selected().funnel; f != nil {
		funnelID, domain = f.id, f.domain
	}
	return lookupForm(h, "Check step path", []string{"Paths are checked in the funnel (and on its domain) given here; leave the funnel empty to check every funnel."}, []*form.Field{
		{Key: "path", Title: "Path", Placeholder: "/spring-offer", Hint: "Lowercase letters, digits, -, _ and /", Value: &path, Check: validate.StepPath},
		{Key: "funnelId", Title: "Funnel id", Hint: "The selected funnel when there is one", Value: &funnelID, Check: form.ID("funnelId"), Optional: true},
	}, func(f *form.Form, seq uint64) (tea.Cmd, error) {
		c, ctx := h.api(), h.common().ctx
		p := form.Normalized(validate.StepPath, path)
		params := client.PathCheckParams{Path: p, FunnelID: form.Normalized(form.ID("funnelId"), funnelID)}
		if params.FunnelID != "" {
			params.Domain = domain
		}
		var check *client.PathCheck
		return lookup(f, seq, "Step path "+sanitize(p), func() (*client.Response, error) {
			var resp *client.Response
			var err error
			check, resp, err = c.CheckStepPath(ctx, params)
			return resp, err
		}, func(d *doc) {
			if check.Free() {
				d.ok(sanitize(check.Asked) + " is free")
				return
			}
			d.bad(sanitize(check.Asked) + " is taken — the service suggests " + sanitize(check.Suggestion()))
		}), nil
	})
}

// geoLocation shows where the service places this connection; it asks nothing.
func geoLocation(h host) tea.Cmd {
	if !connected(h) {
		return nil
	}
	seq := h.next()
	v := newWaitingView(h.common(), "Geo-location", seq)
	h.show(v)
	c, ctx := h.api(), v.req.context()
	var g *client.GeoLocation
	return lookup(v, seq, "Geo-location", func() (*client.Response, error) {
		var resp *client.Response
		var err error
		g, resp, err = c.GeoLocation(ctx)
		return resp, err
	}, func(d *doc) {
		d.pair("country", strings.TrimSpace(sanitize(g.Country)+" "+paren(sanitize(g.CountryName))))
		d.pairIf("region", sanitize(g.Region))
		d.pairIf("city", sanitize(g.City))
		d.pairIf("time zone", sanitize(g.Timezone))
		d.pairIf("address", sanitize(g.IP))
	})
}

func paren(s string) string {
	if s == "" {
		return ""
	}
	return "(" + s + ")"
}

// customFonts lists the location's custom fonts; it asks nothing.
func customFonts(h host) tea.Cmd {
	if !connected(h) {
		return nil
	}
	seq := h.next()
	v := newWaitingView(h.common(), "Custom fonts", seq)
	h.show(v)
	c, ctx := h.api(), v.req.context()
	var fonts []client.Font
	return lookup(v, seq, "Custom fonts", func() (*client.Response, error) {
		var resp *client.Response
		var err error
		fonts, resp, err = c.CustomFonts(ctx)
		return resp, err
	}, func(d *doc) {
		if len(fonts) == 0 {
			d.text("No custom fonts.")
			return
		}
		d.heading(plural(len(fonts), "font"))
		for _, f := range fonts {
			d.pair(displayName(f.Name, f.ID), strings.TrimSpace(sanitize(f.FontFamily)+" · "+sanitize(f.Format)))
			d.pairIf("", sanitize(f.URL))
		}
	})
}

// socialAccountForm attaches an OAuth account of a social platform to a location.
func socialAccountForm(h host) tea.Cmd {
	platform, location, account, body := "facebook", "", "", "{}"
	if c := h.api(); c != nil {
		location = c.LocationID()
	}
	platforms := validate.Platforms()
	opts := make([]huh.Option[string], len(platforms))
	for i, p := range platforms {
		opts[i] = huh.NewOption(p, p)
	}
	jsonObject := func(s string) (string, error) {
		b, err := validate.JSONObject("body", s)
		return string(b), err
	}
	return lookupForm(h, "Attach social account", nil, []*form.Field{
		{Key: "platform", Title: "Platform", Hint: "The social network", Kind: form.Select, Value: &platform, Options: opts, Height: 5},
		{Key: "locationId", Title: "Location id", Hint: "The location the account is attached to", Value: &location, Check: form.ID("locationId")},
		{Key: "accountId", Title: "Account id", Hint: "The account's id from the platform's OAuth", Value: &account, Check: form.ID("accountId")},
		{Key: "body", Title: "Body (JSON)", Hint: "e.g. {\"name\": \"…\", \"originId\": \"…\"}; instagram needs pageId", Kind: form.TextArea, Height: 3,
			Value: &body, Check: jsonObject},
	}, func(f *form.Form, seq uint64) (tea.Cmd, error) {
		c, ctx := h.api(), h.common().ctx
		plat, err := validate.Platform(platform)
		if err != nil {
			return nil, validate.FieldErrors{{Field: "platform", Message: form.Message(err)}}
		}
		raw, err := validate.JSONObject("body", body)
		if err != nil {
			return nil, err
		}
		loc, acct := form.Normalized(form.ID("locationId"), location), form.Normalized(form.ID("accountId"), account)
		var res *client.Result
		return lookup(f, seq, "Social account", func() (*client.Response, error) {
			var resp *client.Response
			var err error
			res, resp, err = c.AttachSocialAccount(ctx, loc, plat, acct, json.RawMessage(raw))
			return resp, err
		}, func(d *doc) {
			d.ok("Attached the " + plat + " account " + sanitize(acct) + pick(res.Message != "", ": "+sanitize(res.Message), ""))
			d.blank()
			d.heading("Answer")
			d.json(res.Raw)
		}), nil
	})
}
