package export

import (
	"context"
	"fmt"
	"io"
	"path"
	"strings"
	"time"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/funneltree"
	"github.com/funnelsdev/funnels/ui/termtext"
)

// exportSummary is what `funnels export` would write, told rather than written (the
// --json of `export --dry-run`): its manifest (counts, source, when the index was
// crawled), how old the index is, how many files it would make and, when one was
// asked for, a funnel as its file would hold it.
type exportSummary struct {
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

// exportSummaryRun tells what an export of t in format would write, and writes
// nothing: with --json its summary, otherwise a sentence, and with --funnel that
// funnel's file as the export would hold it.
func exportSummaryRun(ctx context.Context, f *cmdutil.Factory, opts *ExportOptions, t *funneltree.Tree, format funneltree.Format) error {
	files, err := t.Files(format)
	if err != nil {
		return cmdutil.WithExitCode(cmdutil.ExitLocal, fmt.Errorf("export: encode: %w", err))
	}
	funnelFiles := t.FunnelFiles(format)
	out := exportSummary{Manifest: t.Manifest, Files: len(files)}
	out.Manifest.Format, out.Manifest.FormatVersion, out.Manifest.Counts = string(format), funneltree.FormatVersion, t.Count()
	if at, err := time.Parse(time.RFC3339, t.Manifest.CrawledAt); err == nil {
		out.IndexAgeSecs = new(int(time.Since(at).Seconds()))
	}
	var data []byte
	if opts.Funnel != "" {
		i, err := funnelNamed(t, funnelFiles, opts.Funnel)
		if err != nil {
			return err
		}
		out.Funnel = &exportedFunnel{File: funnelFiles[i], Funnel: t.Funnels[i]}
		for _, file := range files {
			if file.Path == funnelFiles[i] {
				data = file.Data
			}
		}
	}
	if opts.Exporter.Enabled() {
		return opts.Exporter.Write(ctx, f.IO, out, out)
	}
	c := out.Manifest.Counts
	f.Prose("Would export %s, %s, %s, %s and %s to %s as %s (%s, %s); nothing was written.", cmdutil.CountOf(c.Funnels, "funnel"),
		cmdutil.CountOf(c.Steps, "step"), cmdutil.CountOf(c.Pages, "page"), cmdutil.CountOf(c.Redirects, "redirect"),
		cmdutil.CountOf(c.Domains, "domain"), cmdutil.QuoteInput(opts.Output), cmdutil.CountOf(len(files), "file"), format, sourceWords(t.Manifest))
	if out.Funnel == nil {
		return nil
	}
	f.Prose("%s:", termtext.Line(out.Funnel.File))
	_, err = io.WriteString(f.IO.Out, termtext.Block(string(data)))
	return err
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
			return 0, cmdutil.Usagef("--funnel %s names %d funnels: give the file of one (%s)", cmdutil.QuoteInput(want), len(found), strings.Join(names, ", "))
		}
	}
	return 0, cmdutil.Usagef("--funnel %s: no funnel of the export is named so, has that path or is that file ('funnels find' finds funnels fuzzily)", cmdutil.QuoteInput(want))
}
