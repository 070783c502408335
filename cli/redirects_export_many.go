package cli

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/redirectplan"
	"github.com/funnelsdev/funnels/ui/termtext"
)

// exportSetRow is one sub-account of `funnels redirects export` across a set.
type exportSetRow struct {
	memberTag
	Redirects int    `json:"redirects"`
	File      string `json:"file"`
}

// exportSetOutput is the --json shape of an export across a set.
type exportSetOutput struct {
	Dir         string          `json:"dir"`
	SubAccounts []exportSetRow  `json:"subAccounts"`
	Failures    []memberFailure `json:"failures"`
}

// redirectsExportSetRun writes the redirects of every member of the set to a file of
// its own in the directory -o names: the sub-account's name made a file name
// (summit-strength.csv), with its location id added when two names would meet.
func redirectsExportSetRun(ctx context.Context, f *Factory, opts *RedirectsExportOptions) error {
	if opts.Output == "" {
		return usagef("across sub-accounts, export writes one file per sub-account: name a directory with -o DIR")
	}
	format := redirectplan.CSV
	if opts.Format != "" {
		fm, ok := redirectplan.ParseFormat(opts.Format)
		if !ok {
			return usagef("--format must be %s, not %s", orList(redirectplan.Formats()), quoteInput(opts.Format))
		}
		format = fm
	}
	if info, err := os.Stat(opts.Output); err == nil && !info.IsDir() {
		return usagef("%s is a file: across sub-accounts -o names a directory, one file per sub-account", quoteInput(opts.Output))
	}
	fo, err := f.startSet(ctx, &opts.Set, "funnels redirects export")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(opts.Output, 0o755); err != nil {
		return withExitCode(ExitLocal, fmt.Errorf("making the directory %s: %w", termtext.Line(opts.Output), err))
	}
	files := exportFileNames(fo.set.members, string(format))
	done, fails := runSet(ctx, fo, func(ctx context.Context, m *memberRun) (exportSetRow, error) {
		var list []client.Redirect
		var err error
		if opts.Cached {
			list, err = memberIndexRedirects(ctx, m)
		} else if list, _, err = m.Session.Client.ListAllRedirects(ctx, client.ListRedirectsParams{}); err != nil {
			err = fmt.Errorf("reading the redirects: %w", err)
		}
		if err != nil {
			return exportSetRow{}, err
		}
		rows := redirectplan.RowsOf(list)
		path := filepath.Join(opts.Output, files[m.at])
		if err := redirectplan.WriteFile(path, format, rows); err != nil {
			return exportSetRow{}, withExitCode(ExitLocal, err)
		}
		return exportSetRow{memberTag: tagOf(m.member), Redirects: len(rows), File: path}, nil
	})
	rows := make([]exportSetRow, len(done))
	for i, d := range done {
		rows[i] = d.Result
	}
	if opts.Exporter.Enabled() {
		if err := opts.Exporter.Write(ctx, f.IO, exportSetOutput{Dir: opts.Output, SubAccounts: rows, Failures: orEmpty(fails)}, rows); err != nil {
			return err
		}
	} else if len(rows) > 0 {
		t := newTable(f.IO, nameColumn("SUB-ACCOUNT"), textColumn("REDIRECTS"), nameColumn("FILE").tells())
		for _, r := range rows {
			t.row(r.LocationName, fmt.Sprint(r.Redirects), r.File)
		}
		if err := t.print(); err != nil {
			return err
		}
	}
	return setOutcome(f, len(fo.set.members), fails)
}

// memberIndexRedirects are the redirects of a member's local index.
func memberIndexRedirects(ctx context.Context, m *memberRun) ([]client.Redirect, error) {
	store, err := m.Session.OpenIndex()
	if err != nil {
		return nil, err
	}
	defer store.Close()
	return indexRedirects(ctx, store)
}

// exportFileNames names each member's file: its stem (memberFileStems) with ext.
func exportFileNames(members []member, ext string) []string {
	out := memberFileStems(members)
	for i := range out {
		out[i] += "." + ext
	}
	return out
}

// memberFileStems name each member's file or folder of an export across a set: its
// name as a file name, and where two members' names would meet (or a name leaves
// nothing), with the location id (or profile) added.
func memberFileStems(members []member) []string {
	count := map[string]int{}
	for _, m := range members {
		count[fileStem(m.Name)]++
	}
	out := make([]string, len(members))
	for i, m := range members {
		stem := fileStem(m.Name)
		if stem == "" || count[stem] > 1 {
			stem = strings.Trim(stem+"-"+fileStem(cmp.Or(m.Location, m.Profile)), "-")
		}
		out[i] = stem
	}
	return out
}

// fileStem is a name as a file name: lower-case letters and digits, words joined by
// hyphens ("Summit Strength" → "summit-strength").
func fileStem(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		default:
			dash = true
		}
		if b.Len() >= 80 {
			break
		}
	}
	return b.String()
}
