package cli

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/config"
	"github.com/funnelsdev/funnels/ui/termtext"
)

func newCmdConfig(f *cmdutil.Factory) *cmdutil.Command {
	return cmdutil.Group(cmdutil.SectionAccount, "config", "Settings: config path, get, set, list",
		newCmdConfigPath(f), newCmdConfigGet(f), newCmdConfigSet(f), newCmdConfigList(f))
}

func newCmdConfigPath(f *cmdutil.Factory) *cmdutil.Command {
	cmd := &cobra.Command{
		Use:   "path",
		Short: "Where the config file lives",
		Long: `Prints where the config file lives ($XDG_CONFIG_HOME/funnels/config.toml); it may not
exist yet. See README.md for a commented example.`,
		Example: `$EDITOR "$(funnels config path)"`,
		RunE: func(*cobra.Command, []string) error {
			_, err := fmt.Fprintln(f.IO.Out, config.Path(f.Getenv))
			return err
		},
	}
	cmd.Args = cmdutil.Positional(cmd)
	return &cmdutil.Command{Cobra: cmd, Machine: cmdutil.Settings, SSH: cmdutil.NotOffered("it shows the settings of the server")}
}

// settingKeyArg completes the KEY of config get and set.
func settingKeyArg(_ *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	if len(args) > 0 {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	var out []cobra.Completion
	for _, k := range cmdutil.WithPrefix(config.SettingKeys(), toComplete) {
		where := "of the file"
		if config.IsProfileKey(k) {
			where = "of the profile"
		}
		out = append(out, cobra.CompletionWithDesc(k, where))
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// ConfigGetOptions are what `funnels config get` works from.
type ConfigGetOptions struct{ Key string }

func newCmdConfigGet(f *cmdutil.Factory) *cmdutil.Command {
	opts := &ConfigGetOptions{}
	cmd := &cobra.Command{
		Use:   "get KEY",
		Short: "Print the value a setting has for this run",
		Long: `Prints the value a setting has for this run, wherever it came from (flags beat the
environment, which beats the config file, which beats what 'funnels login' remembered).
A profile's setting is the one of --profile, FUNNELS_PROFILE or the default profile.
'funnels config list' shows every setting and where it came from.`,
		Example: `funnels config get base_url --profile staging
funnels config get ui.theme`,
		ValidArgsFunction: settingKeyArg,
		RunE: func(_ *cobra.Command, args []string) error {
			opts.Key = args[0]
			return configGetRun(f, opts)
		},
	}
	cmd.Args = cmdutil.Positional(cmd, cmdutil.Arg{Name: "KEY", Field: "key"})
	return &cmdutil.Command{Cobra: cmd, Machine: cmdutil.Settings, SSH: cmdutil.NotOffered("it shows the settings of the server")}
}

func configGetRun(f *cmdutil.Factory, opts *ConfigGetOptions) error {
	cfg, err := f.ResolvedConfig()
	if err != nil {
		return err
	}
	value, _, err := cfg.Setting(opts.Key)
	if err != nil {
		return settingError(err)
	}
	_, err = fmt.Fprintln(f.IO.Out, termtext.Line(value))
	return err
}

// settingError makes an unknown key a usage error.
func settingError(err error) error {
	var uk *config.UnknownKeyError
	if errors.As(err, &uk) {
		return cmdutil.Usagef("%w", err)
	}
	return err
}

// ConfigSetOptions are what `funnels config set` works from.
type ConfigSetOptions struct{ Key, Value string }

func newCmdConfigSet(f *cmdutil.Factory) *cmdutil.Command {
	opts := &ConfigSetOptions{}
	cmd := &cobra.Command{
		Use:   "set KEY VALUE",
		Short: "Write a setting into the config file",
		Long: `Writes a setting into the config file, keeping the rest of it (comments included).
A profile's setting goes into the [profiles.NAME] table of --profile, FUNNELS_PROFILE
or the default profile. The value is checked first; a file that would not load is not
written. The file is made 0600 if it did not exist.`,
		Example: `funnels config set default_profile acme
funnels config set location_id ve9EPM428h8vShlRW1KT --profile acme
funnels config set ui.theme light`,
		ValidArgsFunction: settingKeyArg,
		RunE: func(_ *cobra.Command, args []string) error {
			opts.Key, opts.Value = args[0], args[1]
			return configSetRun(f, opts)
		},
	}
	cmd.Args = cmdutil.Positional(cmd, cmdutil.Arg{Name: "KEY", Field: "key"}, cmdutil.Arg{Name: "VALUE", Field: "value"})
	return &cmdutil.Command{Cobra: cmd, Machine: cmdutil.Settings, SSH: cmdutil.NotOffered("it changes the settings of the server")}
}

func configSetRun(f *cmdutil.Factory, opts *ConfigSetOptions) error {
	cfg, err := f.Config()
	if err != nil {
		return err
	}
	if err := config.SetInFile(cfg.File, cfg.Profile.Name, opts.Key, opts.Value); err != nil {
		var uk *config.UnknownKeyError
		if errors.As(err, &uk) || !cmdutil.IsDiskError(err) {
			return cmdutil.Usagef("%w", err)
		}
		return err
	}
	where := cfg.File
	if config.IsProfileKey(opts.Key) {
		where = fmt.Sprintf("[profiles.%s] in %s", cfg.Profile.Name, cfg.File)
	}
	f.Notice("Set %s in %s.", opts.Key, where)
	if after, err := config.Load(f.Getenv, f.Flags); err == nil {
		if _, origin, err := after.Setting(opts.Key); err == nil && origin != "default" && !isFileOrigin(origin, cfg.File) {
			f.Notice("Note: %s still wins over the file for this setting.", origin)
		}
	}
	return nil
}

// isFileOrigin reports whether an origin names the config file.
func isFileOrigin(origin, file string) bool { return strings.HasSuffix(origin, file) }

// ConfigListOptions are what `funnels config list` works from.
type ConfigListOptions struct {
	Exporter cmdutil.Exporter
}

// settingRow is one line of `funnels config list`.
type settingRow struct {
	Key    string `json:"key"`
	Value  string `json:"value"`
	Source string `json:"source"`
}

func newCmdConfigList(f *cmdutil.Factory) *cmdutil.Command {
	opts := &ConfigListOptions{}
	cmd := &cobra.Command{
		Use:   "list",
		Short: "Every setting of this run and where it came from",
		Long: `Lists every setting this run uses — the file's and those of the profile — with its
value and where it came from: a flag, an environment variable, the config file
('funnels config path' prints where it is), what 'funnels login' remembered, or the
default. A client secret shows as "(set)"; ask for
it with 'funnels config get client_secret'.`,
		Example: `funnels config list --profile staging`,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return configListRun(cmd.Context(), f, opts)
		},
	}
	cmd.Args = cmdutil.Positional(cmd)
	cmdutil.AddJSONFlags(cmd, &opts.Exporter, cmdutil.FieldsOf(settingRow{}))
	return &cmdutil.Command{Cobra: cmd, Machine: cmdutil.Settings, SSH: cmdutil.NotOffered("it shows the settings of the server")}
}

func configListRun(ctx context.Context, f *cmdutil.Factory, opts *ConfigListOptions) error {
	cfg, err := f.ResolvedConfig()
	if err != nil {
		return err
	}
	var rows []settingRow
	for _, key := range config.SettingKeys() {
		value, origin, err := cfg.Setting(key)
		if err != nil {
			return err
		}
		if key == config.KeyClientSecret && value != "" {
			value = "(set)"
		}
		if where, ok := strings.CutSuffix(origin, " in "+cfg.File); ok {
			origin = where + " in the config file"
		}
		rows = append(rows, settingRow{Key: key, Value: value, Source: origin})
	}
	if opts.Exporter.Enabled() {
		return opts.Exporter.Write(ctx, f.IO, rows, rows)
	}
	t := cmdutil.NewTable(f.IO, cmdutil.NameColumn("KEY").Tells(), cmdutil.NameColumn("VALUE"), cmdutil.TextColumn("SOURCE"))
	for _, r := range rows {
		t.Row(r.Key, cmdutil.OrDash(r.Value), r.Source)
	}
	return t.Print()
}
