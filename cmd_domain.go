package main

import (
	"fmt"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/validate"
)

func domainAttachSpec() cmdSpec {
	return cmdSpec{
		path:     "domain attach",
		summary:  "attach a domain to the location",
		synopsis: "funnels domain attach --domain HOST [flags]",
		about: `Attaches a host name to the location, so funnels can be served on it. Give the
host name only (shop.example.com), without https:// or a path; international names
are sent in punycode.`,
		example: `funnels domain attach --domain offers.example.com`,
		flags: []flagDef{
			{name: "domain", meta: "HOST", usage: "the host name to attach", field: "domain"},
			jsonFlag(),
		},
		api: true,
		run: runDomainAttach,
	}
}

func runDomainAttach(in *invocation) int {
	body, err := validate.NormalizeAttachDomain(client.AttachDomain{Domain: in.str("domain")})
	if err != nil {
		return in.fail(err)
	}
	c, code := in.openAPI(true)
	if code != exitOK {
		return code
	}
	d, _, err := c.AttachDomain(in.ctx, body)
	if err != nil {
		return in.fail(err)
	}
	if in.wantsJSON() {
		return in.printJSON(d)
	}
	host := validate.DisplayHost(d.URL)
	if host != d.URL {
		host += " (" + d.URL + ")"
	}
	id := d.ID
	if id == "" {
		id = "not returned by the server"
	}
	fmt.Fprintf(in.env.Stdout, "Attached %s (id %s).\n", cleanLine(host), cleanLine(id))
	return exitOK
}
