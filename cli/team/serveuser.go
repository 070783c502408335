package team

import (
	"context"
	"errors"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	gossh "golang.org/x/crypto/ssh"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/cli/serve"
	"github.com/funnelsdev/funnels/client/validate"
)

// ServeUserOptions are what the `funnels serve user` verbs work from.
type ServeUserOptions struct {
	Data     string
	Key      string
	Location string
	All      bool
	Role     string
	Exporter cmdutil.Exporter
}

func NewCmdServeUser(f *cmdutil.Factory) *cmdutil.Command {
	return cmdutil.Group(cmdutil.SectionMore, "user", "Add, list, grant and remove the server's people",
		newCmdServeUserAdd(f), newCmdServeUserList(f), newCmdServeUserRemove(f), newCmdServeUserGrant(f))
}

func newCmdServeUserAdd(f *cmdutil.Factory) *cmdutil.Command {
	opts := &ServeUserOptions{}
	cmd := &cobra.Command{
		Use:   "add NAME --key FILE|KEY --data DIR",
		Short: "Add a person, or another key of theirs",
		Long: `Adds a person known by an ssh public key: the path of their .pub file, or its text.
A person has no sub-account until 'funnels serve user grant'.`,
		Example: `funnels serve user add ana --key ana.pub --data ~/funnels-serve`,
		RunE: func(_ *cobra.Command, args []string) error {
			return serveUserChange(f, opts, func(p *serve.People) error {
				key, err := keyText(f, opts.Key)
				if err != nil {
					return err
				}
				return p.Add(args[0], key)
			}, "Added %s.", args[0])
		},
	}
	cmd.Args = cmdutil.Positional(cmd, cmdutil.Arg{Name: "NAME", Field: "name"})
	AddDataFlag(cmd, &opts.Data)
	cmd.Flags().StringVar(&opts.Key, "key", "", "the person's public key: a .pub file or its text (required)")
	return &cmdutil.Command{Cobra: cmd, Files: []cmdutil.File{dataDirFile(), keyFile()}, SSH: cmdutil.AdminsOnly()}
}

// keyText is the public key given: the file's text when it names a file, else
// itself.
func keyText(f *cmdutil.Factory, given string) (string, error) {
	if strings.TrimSpace(given) == "" {
		return "", cmdutil.SyntaxError("--key is required: the path of a .pub file or its text")
	}
	if f.Gate == nil { // a session reads no file of the server
		if data, err := os.ReadFile(given); err == nil {
			return string(data), nil
		}
	}
	if _, _, _, _, err := gossh.ParseAuthorizedKey([]byte(given)); err != nil {
		return "", cmdutil.Usagef("--key %s: no such file, and not a public key (ssh-ed25519 AAAA…)", cmdutil.QuoteInput(given))
	}
	return given, nil
}

func newCmdServeUserRemove(f *cmdutil.Factory) *cmdutil.Command {
	opts := &ServeUserOptions{}
	cmd := &cobra.Command{
		Use:   "remove NAME --data DIR",
		Short: "Take a person off the server",
		Long: `Takes a person, their keys and their roles off the server: their next connection
is refused. Sessions already open run on until they end; the audit log keeps what
they did.`,
		Example: `funnels serve user remove ana --data ~/funnels-serve`,
		RunE: func(_ *cobra.Command, args []string) error {
			return serveUserChange(f, opts, func(p *serve.People) error { return p.Remove(args[0]) }, "Removed %s.", args[0])
		},
	}
	cmd.Args = cmdutil.Positional(cmd, cmdutil.Arg{Name: "NAME", Field: "name"})
	AddDataFlag(cmd, &opts.Data)
	return &cmdutil.Command{Cobra: cmd, Files: []cmdutil.File{dataDirFile()}, SSH: cmdutil.AdminsOnly()}
}

func newCmdServeUserGrant(f *cmdutil.Factory) *cmdutil.Command {
	opts := &ServeUserOptions{}
	cmd := &cobra.Command{
		Use:   "grant NAME --location ID|--all --role read|write|admin --data DIR",
		Short: "Give a person a role on a sub-account, or on all",
		Long: `Gives a person a role on one sub-account (--location) or on every one (--all):
read sees it and writes nothing, write also changes it, admin with --all also
manages people and reads the audit log over ssh.`,
		Example: `funnels serve user grant ana --location LOCATION_ID --role write --data ~/funnels-serve
funnels serve user grant lead --all --role admin --data ~/funnels-serve`,
		RunE: func(_ *cobra.Command, args []string) error {
			role, err := serve.ParseRole(opts.Role)
			if err != nil {
				return cmdutil.Usagef("--role: %w", err)
			}
			loc := serve.AllLocations
			switch {
			case opts.All == (opts.Location != ""):
				return cmdutil.SyntaxError("give --location ID or --all")
			case !opts.All:
				if loc, err = validate.ID("locationId", opts.Location); err != nil {
					return validate.Relabel(err, "--location")
				}
			}
			return serveUserChange(f, opts, func(p *serve.People) error { return p.Grant(args[0], loc, role) },
				"Granted %s %s on %s.", args[0], string(role), loc)
		},
	}
	cmd.Args = cmdutil.Positional(cmd, cmdutil.Arg{Name: "NAME", Field: "name"})
	AddDataFlag(cmd, &opts.Data)
	cmd.Flags().StringVar(&opts.Location, "location", "", "the sub-account (location) id")
	cmd.Flags().BoolVar(&opts.All, "all", false, "every sub-account")
	cmd.Flags().StringVar(&opts.Role, "role", "read", "read, write or admin")
	return &cmdutil.Command{Cobra: cmd, Files: []cmdutil.File{dataDirFile()}, SSH: cmdutil.AdminsOnly()}
}

// serveUserChange loads the people file, changes it and saves it, then says what
// was done. A name nobody has is a usage error.
func serveUserChange(f *cmdutil.Factory, opts *ServeUserOptions, change func(*serve.People) error, done string, a ...any) error {
	dir, err := cmdutil.DataDir(f, opts.Data)
	if err != nil {
		return err
	}
	people, err := serve.LoadPeople(dir)
	if err != nil {
		return cmdutil.WithExitCode(cmdutil.ExitLocal, err)
	}
	if err := change(people); err != nil {
		var ue *cmdutil.UsageError
		if errors.As(err, &ue) {
			return err
		}
		return cmdutil.Usagef("%w", err)
	}
	if err := people.Save(dir); err != nil {
		return cmdutil.WithExitCode(cmdutil.ExitLocal, err)
	}
	f.Prose(done, a...)
	return nil
}

// serveUserItem is one person as `user list` shows them.
type serveUserItem struct {
	Name   string            `json:"name"`
	Keys   []string          `json:"keys"` // SHA256 fingerprints
	Grants map[string]string `json:"grants"`
}

func newCmdServeUserList(f *cmdutil.Factory) *cmdutil.Command {
	opts := &ServeUserOptions{}
	cmd := &cobra.Command{
		Use:   "list --data DIR",
		Short: "The server's people, their keys and roles",
		Long: `Lists the server's people: their name, their roles (sub-account=role, * for every
sub-account) and their keys' SHA256 fingerprints, as ssh-keygen -l shows them.`,
		Example: `funnels serve user list --data ~/funnels-serve --json`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return serveUserListRun(cmd.Context(), f, opts)
		},
	}
	cmd.Args = cmdutil.Positional(cmd)
	AddDataFlag(cmd, &opts.Data)
	cmdutil.AddJSONFlags(cmd, &opts.Exporter, cmdutil.FieldsOf(serveUserItem{}))
	return &cmdutil.Command{Cobra: cmd, Files: []cmdutil.File{dataDirFile()}, SSH: cmdutil.AdminsOnly()}
}

func serveUserListRun(ctx context.Context, f *cmdutil.Factory, opts *ServeUserOptions) error {
	dir, err := cmdutil.DataDir(f, opts.Data)
	if err != nil {
		return err
	}
	people, err := serve.LoadPeople(dir)
	if err != nil {
		return cmdutil.WithExitCode(cmdutil.ExitLocal, err)
	}
	items := make([]serveUserItem, 0, len(people.People))
	for _, p := range people.People {
		it := serveUserItem{Name: p.Name, Grants: map[string]string{}}
		for _, k := range p.Keys {
			if pub, _, _, _, err := gossh.ParseAuthorizedKey([]byte(k)); err == nil {
				it.Keys = append(it.Keys, serve.Fingerprint(pub))
			}
		}
		for loc, r := range p.Grants {
			it.Grants[loc] = string(r)
		}
		items = append(items, it)
	}
	if opts.Exporter.Enabled() {
		return opts.Exporter.Write(ctx, f.IO, items, items)
	}
	if len(items) == 0 {
		f.Notice("Nobody yet: add a person with 'funnels serve user add NAME --key FILE --data %s'.", dir)
		return nil
	}
	t := cmdutil.NewTable(f.IO, cmdutil.NameColumn("NAME"), cmdutil.TextColumn("GRANTS"), cmdutil.IDColumn("KEYS"))
	for _, it := range items {
		var grants []string
		for loc, r := range it.Grants {
			grants = append(grants, loc+"="+r)
		}
		slices.Sort(grants)
		t.Row(it.Name, cmdutil.OrDash(strings.Join(grants, " ")), cmdutil.OrDash(strings.Join(it.Keys, " ")))
	}
	return t.Print()
}

// keyFile is --key when it names a .pub file rather than giving the key's text.
func keyFile() cmdutil.File {
	return cmdutil.File{Flag: "key", Names: func(v string) bool {
		_, _, _, _, err := gossh.ParseAuthorizedKey([]byte(v))
		return v != "" && err != nil
	}, Instead: "give the key's text (ssh-ed25519 AAAA…)"}
}
