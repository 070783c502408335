package ui

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/redirectplan"
	"github.com/funnelsdev/funnels/ui/form"
)

// The Redirects view's export to a file of this machine (X): every redirect of the
// location, read from the server, in the file the person names. It never writes over
// a file without asking first, gives a new file what the umask leaves (a replaced one
// keeps its own permissions, so a private file stays private), and writes nothing in
// funnels' own folders (Options.KeepOut: the settings, the sign-ins). Over the team
// server the file would be the server's: the action is off there (its declaration in
// the table) and the CSV view (V) brings the redirects to the person instead.

// exportThere: the file an export was to write is already there; the root asks
// whether to replace it with the rows read (askReplaceExport).
type exportThere struct {
	name    string // as typed
	where   string // where that is, for saying so: the absolute path when known
	format  redirectplan.Format
	rows    []redirectplan.Row
	keepOut []string
	size    int64
	changed time.Time
}

func (exportThere) isEffect() {}

// exportRedirectsForm asks for the file to write (its extension picks the format)
// and writes every redirect of the location to it.
func exportRedirectsForm(h host) tea.Cmd {
	if !connected(h) {
		return nil
	}
	sel := h.selected()
	name := "redirects-" + sel.location + ".csv"
	fields := []*form.Field{{Key: "file", Title: "File", Hint: "Its extension picks the format: .csv, .json or .jsonl",
		Placeholder: name, Value: &name, Check: checkExportFile}}
	var f *form.Form
	f, cmd := newForm(h, "Export redirects to a file", []*form.Group{{Fields: fields}}, func(seq uint64) (tea.Cmd, error) {
		return exportRedirects(h.common().loads, h.api(), name, sel.keepOut, f, seq), nil
	})
	f.Notes = []string{"Every redirect of the location, read from the server, in the columns 'funnels redirects import' reads. A file already there is asked about first."}
	return openForm(h, f, cmd)
}

// exportRedirects reads every redirect and writes a new file whole; a file already
// there is left as it is, to be asked about.
func exportRedirects(ctx context.Context, c *client.Client, name string, keepOut []string, from *form.Form, seq uint64) tea.Cmd {
	return func() tea.Msg {
		list, resp, err := c.ListAllRedirects(ctx, client.ListRedirectsParams{})
		if err != nil {
			return answerMsg{from: from, seq: seq, err: err, status: statusOf(resp, err)}
		}
		format, _ := redirectplan.FormatOf(name)
		return writeExport(exportThere{name: name, format: format, rows: redirectplan.RowsOf(list), keepOut: keepOut}, false, from, seq)
	}
}

// writeExport writes e's rows to its file: a new one, or with replace over the one
// there. A file found there without replace comes back as the effect that asks.
func writeExport(e exportThere, replace bool, from *form.Form, seq uint64) answerMsg {
	e.where = e.name
	if abs, err := filepath.Abs(e.name); err == nil {
		e.where = abs
	}
	err := redirectplan.WriteFileWith(e.name, e.format, e.rows, redirectplan.WriteOptions{Replace: replace, KeepOut: e.keepOut})
	if errors.Is(err, fs.ErrExist) && !replace {
		if fi, serr := os.Lstat(e.name); serr == nil {
			e.size, e.changed = fi.Size(), fi.ModTime()
		}
		return answerMsg{from: from, seq: seq, after: e}
	}
	if err != nil {
		return answerMsg{from: from, seq: seq, err: err}
	}
	return answerMsg{from: from, seq: seq, info: "wrote " + plural(len(e.rows), "redirect") + " to " + sanitize(e.where)}
}

// askReplaceExport asks whether the file an export found there is to be replaced by
// the rows it read (nothing is read again).
func askReplaceExport(h host, e exportThere) tea.Cmd {
	base := sanitize(filepath.Base(e.name))
	there := sanitize(e.where) + " is there already"
	if !e.changed.IsZero() {
		there += " (" + plural(int(e.size), "byte") + ", changed " + e.changed.Local().Format("Jan 2 15:04") + ")"
	}
	notes := []string{there + ".", "Replaced, it holds the " + plural(len(e.rows), "redirect") + " just read and keeps its permissions; kept, nothing is written."}
	return confirmForm(h, "Export redirects to a file", "Replace "+base+"?", "Replace it", notes,
		func(f *form.Form, seq uint64) tea.Cmd {
			return func() tea.Msg { return writeExport(e, true, f, seq) }
		})
}
