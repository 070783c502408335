package mcp

import (
	"context"
	"path"
	"slices"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/cli/export"
	"github.com/funnelsdev/funnels/client/funneltree"
	"github.com/funnelsdev/funnels/client/validate"
)

// exportSummaryOptions are what the export_summary tool works from: what `funnels
// export` would read, and nothing written.
type exportSummaryOptions struct {
	Format funneltree.Format
	From   export.TreeSource
	Funnel string // one funnel's file, by name, path or file ("" for none)
}

// ExportSummaryOutput is what `funnels export` would write, told rather than
// written: its manifest (counts, source, when the index was crawled), how old the
// index is, how many files it would make and, when one was asked for, a funnel as
// its file would hold it.
type ExportSummaryOutput struct {
	Manifest     funneltree.Manifest `json:"manifest"`
	IndexAgeSecs *int                `json:"indexAgeSeconds"` // null when no crawl ended whole
	Files        int                 `json:"files"`
	Funnel       *exportedFunnel     `json:"funnel,omitempty"`
}

// exportedFunnel is one funnel of an export: the path of its file and what it holds.
type exportedFunnel struct {
	File string `json:"file"`
	funneltree.Funnel
}

// exportOwnFiles are the files of an export beside its funnels': the manifest, the
// folders, the domains and the redirects.
const exportOwnFiles = 4

// exportSummaryRun reads the location as `funnels export` does and writes the
// summary of what the export would hold as JSON; it writes no file.
func exportSummaryRun(ctx context.Context, f *cmdutil.Factory, opts *exportSummaryOptions, e *cmdutil.Exporter) error {
	t, err := export.TreeOf(ctx, f, opts.From)
	if err != nil {
		return err
	}
	files := t.FunnelFiles(opts.Format)
	out := ExportSummaryOutput{Manifest: t.Manifest, Files: len(files) + exportOwnFiles}
	out.Manifest.Format, out.Manifest.FormatVersion, out.Manifest.Counts = string(opts.Format), funneltree.FormatVersion, t.Count()
	if at, err := time.Parse(time.RFC3339, t.Manifest.CrawledAt); err == nil {
		out.IndexAgeSecs = new(int(time.Since(at).Seconds()))
	}
	if opts.Funnel != "" {
		i, err := funnelNamed(t, files, opts.Funnel)
		if err != nil {
			return err
		}
		out.Funnel = &exportedFunnel{File: files[i], Funnel: t.Funnels[i]}
	}
	return e.Write(ctx, f.IO, out, out)
}

// funnelNamed is the place in t.Funnels of the one funnel want names: the path of its
// file in the export (with or without its extension), else its path (/spring-offer),
// else its name (case and spacing aside). None, or more than one, is a usage error
// naming their files.
func funnelNamed(t *funneltree.Tree, files []string, want string) (int, error) {
	key := strings.ToLower(strings.Join(strings.Fields(want), " "))
	pathKey := strings.TrimRight(key, "/")
	matchers := []func(i int) bool{
		func(i int) bool {
			return files[i] == want || strings.TrimSuffix(files[i], path.Ext(files[i])) == strings.TrimSuffix(want, path.Ext(want))
		},
		func(i int) bool {
			return strings.HasPrefix(key, "/") && strings.TrimRight(strings.ToLower(t.Funnels[i].Path), "/") == pathKey
		},
		func(i int) bool { return strings.ToLower(strings.Join(strings.Fields(t.Funnels[i].Name), " ")) == key },
	}
	for _, match := range matchers {
		var found []int
		for i := range t.Funnels {
			if match(i) {
				found = append(found, i)
			}
		}
		switch {
		case len(found) == 1:
			return found[0], nil
		case len(found) > 1:
			var names []string
			for _, i := range found[:min(len(found), 5)] {
				names = append(names, files[i])
			}
			return 0, cmdutil.Usagef("%s names %d funnels: give the file of one (%s)", cmdutil.QuoteInput(want), len(found), strings.Join(names, ", "))
		}
	}
	return 0, cmdutil.Usagef("no funnel of the export is named %s, has that path or is that file: the find tool finds funnels fuzzily", cmdutil.QuoteInput(want))
}

type exportSummaryArgs struct {
	Funnel string `json:"funnel,omitempty" jsonschema:"one funnel to show as its exported file holds it: its name, its path (/spring-offer) or its file (funnels/lead-generation/spring-offer.yaml)"`
	Format string `json:"format,omitempty" jsonschema:"yaml (the default) or json: the files' format, which names them"`
	Source string `json:"source,omitempty" jsonschema:"auto (the default: the local index when crawled whole within the hour, else crawled first), cached (the index as it is, no request) or fresh (crawled now)"`
}

// exportSources are the sources export_summary's source argument takes.
func exportSources() []string { return []string{"auto", "cached", "fresh"} }

func (s *mcpServer) exportSummary(ctx context.Context, in exportSummaryArgs) *mcp.CallToolResult {
	opts, err := in.options(s.f)
	if err != nil {
		return s.mcpArgError(err)
	}
	return s.call(ctx, func(ctx context.Context, f *cmdutil.Factory, e *cmdutil.Exporter) error {
		return exportSummaryRun(ctx, f, opts, e)
	})
}

// options are the arguments checked, as exportSummaryRun takes them.
func (in exportSummaryArgs) options(f *cmdutil.Factory) (*exportSummaryOptions, error) {
	opts := &exportSummaryOptions{Format: funneltree.YAML}
	if in.Format != "" {
		format, ok := funneltree.ParseFormat(in.Format)
		if !ok {
			return nil, cmdutil.Usagef("format must be %s, not %s", cmdutil.OrList(funneltree.Formats()), cmdutil.QuoteInput(in.Format))
		}
		opts.Format = format
	}
	switch i := slices.Index(exportSources(), in.Source); {
	case in.Source == "":
	case i < 0:
		return nil, cmdutil.Usagef("source must be %s, not %s", cmdutil.OrList(exportSources()), cmdutil.QuoteInput(in.Source))
	default:
		from, err := export.SourceFlags(f, in.Source == "cached", in.Source == "fresh")
		if err != nil {
			return nil, err
		}
		opts.From = from
	}
	if in.Funnel != "" {
		name, err := validate.Text("funnel", in.Funnel, 500)
		if err != nil {
			return nil, err
		}
		opts.Funnel = name
	}
	return opts, nil
}
