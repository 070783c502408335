package domain

import (
	"context"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/validate"
	"github.com/funnelsdev/funnels/ui/termtext"
)

func newCmdDomain(f *cmdutil.Factory) *cmdutil.Command {
	return cmdutil.Group(cmdutil.SectionBrowse, "domain", "Attach a domain to the location (domain attach)", newCmdDomainAttach(f))
}

// DomainAttachOptions are what `funnels domain attach` works from.
type DomainAttachOptions struct {
	Domain   string
	Exporter cmdutil.Exporter
}

func newCmdDomainAttach(f *cmdutil.Factory) *cmdutil.Command {
	opts := &DomainAttachOptions{}
	cmd := &cobra.Command{
		Use:   "attach --domain HOST",
		Short: "Attach a domain to the location",
		Long: `Attaches a host name to the location, so funnels can be served on it. Give the
host name only (shop.example.com), without https:// or a path; international names
are sent in punycode. Piped, it prints only the domain's id.`,
		Example: `funnels domain attach --domain offers.example.com`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return domainAttachRun(cmd.Context(), f, opts)
		},
	}
	cmd.Args = cmdutil.Positional(cmd)
	cmd.Flags().StringVar(&opts.Domain, "domain", "", "the host name to attach")
	cmdutil.FieldFlag(cmd, "domain", "domain")
	cmdutil.AddJSONFlags(cmd, &opts.Exporter, cmdutil.FieldsOf(client.Domain{}))
	return &cmdutil.Command{Cobra: cmd, Writes: client.FamilyAttachDomain, SSH: cmdutil.Offered()}
}

func domainAttachRun(ctx context.Context, f *cmdutil.Factory, opts *DomainAttachOptions) error {
	body, err := validate.NormalizeAttachDomain(client.AttachDomainRequest{Domain: opts.Domain})
	if err != nil {
		return err
	}
	sess, err := f.Session(ctx, true)
	if err != nil {
		return err
	}
	c := sess.Client
	d, _, err := c.AttachDomain(ctx, body)
	if err != nil {
		return err
	}
	if opts.Exporter.Enabled() {
		return opts.Exporter.Write(ctx, f.IO, d, d)
	}
	host := validate.DisplayHost(d.URL)
	if host != d.URL {
		host += " (" + d.URL + ")"
	}
	id := d.ID
	if id == "" {
		id = "not returned by the server"
	}
	f.Prose("Attached %s (id %s).", termtext.Line(host), termtext.Line(id))
	f.Data(d.ID)
	return nil
}

// Commands are the commands of domains: `funnels domain attach`.
func Commands(f *cmdutil.Factory) []*cmdutil.Command {
	return []*cmdutil.Command{newCmdDomain(f)}
}
