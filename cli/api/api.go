package api

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/validate"
	"github.com/funnelsdev/funnels/ui/termtext"
)

// maxDataBytes bounds a request body read from a file or standard input.
const maxDataBytes = 8 << 20

// APIOptions are what `funnels api` works from.
type APIOptions struct {
	Method, Path string
	Data         string
	DataGiven    bool
	Query        []string
	Exporter     cmdutil.Exporter
	Set          cmdutil.SetOptions
}

func newCmdAPI(f *cmdutil.Factory) *cmdutil.Command {
	opts := &APIOptions{}
	cmd := &cobra.Command{
		Use:   "api METHOD PATH",
		Short: "Call any operation of the API and print its answer (like gh api)",
		Long: `Sends one request to the API with the profile's token, the Version header, pacing
and retries, and prints the body of the answer (indented when it is JSON). PATH is
relative to the base URL and may carry a query; {locationId} in PATH or a query value
is replaced by the profile's location. --data is the JSON body, or @FILE to read it
from a file (@- reads standard input). --jq and --template work on a JSON answer. An
error status prints the status and the server's message on standard error and exits 1
(3 when the token is refused).`,
		Example: `funnels api GET /funnels/funnel/list --query 'locationId={locationId}' --query limit=5
funnels api GET /funnels/funnel/list --query 'locationId={locationId}' --jq '.funnels[].name'
funnels api POST /funnels/lookup/multiple --data '{"lookups": []}'
funnels api POST /funnels/funnel/folder/create --data @folder.json`,
		ValidArgsFunction: func(_ *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			if len(args) == 0 {
				return cmdutil.WithPrefix(validate.Methods(), strings.ToUpper(toComplete)), cobra.ShellCompDirectiveNoFileComp
			}
			return nil, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Method, opts.Path = args[0], args[1]
			opts.DataGiven = cmd.Flags().Changed("data")
			return apiRun(cmd.Context(), f, opts)
		},
	}
	cmd.Args = cmdutil.Positional(cmd, cmdutil.Arg{Name: "METHOD", Field: "method"}, cmdutil.Arg{Name: "PATH", Field: "path"})
	fl := cmd.Flags()
	fl.StringVar(&opts.Data, "data", "", "the request body: JSON, @FILE or @- for standard input")
	fl.StringArrayVar(&opts.Query, "query", nil, "add a query parameter KEY=VALUE (repeatable)")
	cmdutil.FieldFlag(cmd, "data", "data")
	cmdutil.FieldFlag(cmd, "query", "query")
	fl.Var(&cmdutil.JQValue{E: &opts.Exporter}, "jq", "filter a JSON answer with a jq expression (built in)")
	fl.Var(&cmdutil.TemplateValue{E: &opts.Exporter}, "template", "format a JSON answer with a Go template")
	cmdutil.AddSetFlags(f, cmd, &opts.Set)
	return &cmdutil.Command{Cobra: cmd, Section: cmdutil.SectionBrowse, SSH: cmdutil.Offered(), Files: []cmdutil.File{dataFile()}, Set: apiSetOutput()}
}

func apiRun(ctx context.Context, f *cmdutil.Factory, opts *APIOptions) error {
	method, err := validate.Method(opts.Method)
	if err != nil {
		return err
	}
	path, err := validate.APIPath(opts.Path)
	if err != nil {
		return err
	}
	query := url.Values{}
	for _, pair := range opts.Query {
		k, v, err := validate.QueryParam(pair)
		if err != nil {
			return err
		}
		query.Add(k, v)
	}
	var body []byte
	if opts.DataGiven {
		text, err := readData(f.IO, opts.Data)
		if err != nil {
			return err
		}
		raw, err := validate.JSON("data", text)
		if err != nil {
			return err
		}
		body = raw
	}
	if opts.Set.Given(f) {
		if method != http.MethodGet {
			return cmdutil.Usagef("only GET goes across sub-accounts; a %s names one sub-account (--location ID)", method)
		}
		return apiSetRun(ctx, f, opts, path, query)
	}
	sess, err := f.Session(ctx, false)
	if err != nil {
		return err
	}
	c := sess.Client
	if usesLocation(path, query) {
		loc := c.LocationID()
		if loc == "" {
			return cmdutil.Usagef("%s needs a location: pass --location ID or set FUNNELS_LOCATION_ID", locationPlaceholder)
		}
		path, query = fillLocation(path, query, loc)
	}
	answer, resp, err := c.Raw(ctx, method, path, query, body)
	if err != nil {
		return err
	}
	if opts.Exporter.Enabled() {
		var v any
		if err := json.Unmarshal(answer, &v); err != nil {
			return cmdutil.Usagef("--jq and --template need a JSON answer, and this one is not JSON (%d bytes)", len(answer))
		}
		return opts.Exporter.Write(ctx, f.IO, v, v)
	}
	if pretty, ok := cmdutil.PrettyJSON(answer); ok {
		_, err = f.IO.Out.Write(pretty)
	} else if len(answer) > 0 {
		text := termtext.Block(string(answer))
		if !strings.HasSuffix(text, "\n") {
			text += "\n"
		}
		_, err = io.WriteString(f.IO.Out, text)
	} else if resp != nil {
		f.Notice("%d, no body", resp.StatusCode)
	}
	if err != nil {
		return fmt.Errorf("write the answer: %w", err)
	}
	return nil
}

// locationPlaceholder in a path or query value stands for the location.
const locationPlaceholder = "{locationId}"

// usesLocation reports whether path or query holds locationPlaceholder.
func usesLocation(path string, query url.Values) bool {
	return strings.Contains(path, locationPlaceholder) || strings.Contains(fmt.Sprint(query), locationPlaceholder)
}

// fillLocation is path and a copy of query with locationPlaceholder replaced by loc.
func fillLocation(path string, query url.Values, loc string) (string, url.Values) {
	out := make(url.Values, len(query))
	for k, vs := range query {
		for _, v := range vs {
			out.Add(k, strings.ReplaceAll(v, locationPlaceholder, loc))
		}
	}
	return strings.ReplaceAll(path, locationPlaceholder, url.PathEscape(loc)), out
}

// readData is --data: the text itself, or what @FILE (or @- for standard input)
// holds.
func readData(ios *cmdutil.IOStreams, arg string) (string, error) {
	name, fromFile := strings.CutPrefix(arg, "@")
	if !fromFile {
		return arg, nil
	}
	var r io.Reader
	if name == "-" {
		r = ios.In
	} else {
		file, err := os.Open(name)
		if err != nil {
			return "", cmdutil.Usagef("--data: %w", err)
		}
		defer file.Close()
		r = file
	}
	b, err := io.ReadAll(io.LimitReader(r, maxDataBytes+1))
	if err != nil {
		return "", cmdutil.Usagef("--data: reading %s: %w", arg, err)
	}
	if len(b) > maxDataBytes {
		return "", cmdutil.Usagef("--data: %s is larger than %d MiB", arg, maxDataBytes>>20)
	}
	return string(b), nil
}

// dataFile is --data @FILE, a body read from a file; @- reads standard input.
func dataFile() cmdutil.File {
	return cmdutil.File{Flag: "data", Names: func(v string) bool { return strings.HasPrefix(v, "@") && v != "@-" },
		Instead: "give the body itself, or --data @- and send it on standard input"}
}

// Commands are the commands of api: `funnels api`.
func Commands(f *cmdutil.Factory) []*cmdutil.Command {
	return []*cmdutil.Command{newCmdAPI(f)}
}

// apiSetAnswer is one sub-account's answer to `funnels api GET` across a set.
type apiSetAnswer struct {
	Status int `json:"status"`
	Answer any `json:"answer"` // the JSON body; a body that is not JSON as a string
}

// apiSetOutput is how `funnels api GET` across a set prints its answers: always as
// JSON, under answers.
func apiSetOutput() *cmdutil.SetOutput { return &cmdutil.SetOutput{Key: "answers"} }

// apiSetRun sends the one GET to every member ({locationId} its own location) and
// prints the answers together as JSON.
func apiSetRun(ctx context.Context, f *cmdutil.Factory, opts *APIOptions, path string, query url.Values) error {
	fo, err := f.StartSet(ctx, &opts.Set, "funnels api")
	if err != nil {
		return err
	}
	done, fails := cmdutil.RunSet(ctx, fo, func(ctx context.Context, m *cmdutil.MemberRun) (apiSetAnswer, error) {
		p, q := fillLocation(path, query, m.Session.Client.LocationID())
		answer, resp, err := m.Session.Client.Raw(ctx, http.MethodGet, p, q, nil)
		if err != nil {
			return apiSetAnswer{}, err
		}
		out := apiSetAnswer{}
		if resp != nil {
			out.Status = resp.StatusCode
		}
		if err := json.Unmarshal(answer, &out.Answer); err != nil {
			out.Answer = string(answer)
		}
		return out, nil
	})
	answers := cmdutil.TagAll(cmdutil.Each(done))
	out := cmdutil.SetJSON(apiSetOutput().Key, answers, fails)
	if opts.Exporter.Enabled() {
		err = opts.Exporter.Write(ctx, f.IO, out, answers)
	} else {
		err = cmdutil.PrintJSON(f.IO.Out, out)
	}
	if err != nil {
		return err
	}
	return cmdutil.SetOutcome(f, len(fo.Set.Members), fails)
}
