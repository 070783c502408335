package ui

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/redirectplan"
	"github.com/funnelsdev/funnels/client/validate"
	"github.com/funnelsdev/funnels/ui/form"
)

// The Redirects view's bulk forms: import a file (its plan shown first, in a view of
// its own); the export is redirects_export.go's. What a file holds, what the plan is
// and how it is sent are package redirectplan's, the same as the command line's.

// planReady: a plan was made (an import's or a restore's); the root shows it.
type planReady struct {
	title   string
	wanted  redirectplan.Wanted
	plan    redirectplan.Plan
	current []client.Redirect
	restore bool // a saved version planned back, not a file
}

func (planReady) isEffect() {}

// importRedirectsForm asks for a file (tab completes its name), the domain of a
// file that lists paths only, and whether to delete the redirects it leaves out,
// then reads it and plans it.
func importRedirectsForm(h host) tea.Cmd {
	if !connected(h) {
		return nil
	}
	st := h.selected().redirectsState
	if st.Dir == "" {
		h.setWarn("imports need a state directory, which this session has not")
		return nil
	}
	name, domain, prune := "", "", false
	pathField := &form.Field{Key: "file", Title: "File",
		Hint:        "Ours (CSV, JSON, JSONL) or another platform's: Shopify, WordPress Redirection, _redirects, vercel.json (tab completes its name)",
		Placeholder: "moving.csv", Value: &name, Check: checkImportFile}
	fields := []*form.Field{pathField,
		{Key: "domain", Title: "Domain", Hint: "The domain of a file that lists paths only (Shopify, WordPress, _redirects, vercel.json); empty for ours",
			Placeholder: "offers.example.com", Value: &domain, Check: checkImportDomain},
		{Key: "prune", Title: "Also delete", Hint: "the location's redirects the file leaves out", Kind: form.Question,
			Flag: &prune, Yes: "Delete them", No: "Keep them"}}
	var f *form.Form
	f, cmd := newForm(h, "Import redirects from a file", []*form.Group{{Fields: fields}}, func(seq uint64) (tea.Cmd, error) {
		return prepareImport(h.common().loads, h.api(), name, redirectplan.ReadOptions{Domain: domain}, prune, f, seq), nil
	})
	fc := &fileCompletion{field: pathField}
	f.OnChange = func() tea.Cmd { return fc.changed(h) }
	f.OnMsg = func(msg tea.Msg) (tea.Cmd, bool) { return fc.message(f, h, msg) }
	f.Notes = []string{"The plan is shown first, nothing is sent until you confirm it. Location: " + h.selected().location + "."}
	return openForm(h, f, cmd)
}

// checkImportFile is the name of a file to read: its name or its content tells its
// format.
func checkImportFile(s string) (string, error) {
	if s == "" {
		return "", errors.New("name the file")
	}
	return s, nil
}

// checkImportDomain is a host name, or nothing.
func checkImportDomain(s string) (string, error) {
	if strings.TrimSpace(s) == "" {
		return "", nil
	}
	return validate.HostName(s)
}

// checkExportFile is a file name whose extension picks the format written.
func checkExportFile(s string) (string, error) {
	if s == "" {
		return "", errors.New("name the file")
	}
	if _, ok := redirectplan.FormatOf(s); !ok {
		return "", errors.New("name a .csv, .json or .jsonl file")
	}
	return s, nil
}

// prepareImport reads the file as o says and plans it against the location's
// redirects.
func prepareImport(ctx context.Context, c *client.Client, name string, o redirectplan.ReadOptions, prune bool, from *form.Form, seq uint64) tea.Cmd {
	return func() tea.Msg {
		rows, _, err := redirectplan.ReadFileWith(name, o)
		switch {
		case errors.Is(err, os.ErrNotExist):
			err = errors.New("no file " + name)
		case errors.Is(err, redirectplan.ErrUnknownFormat):
			err = errors.New(name + ": its name and content do not tell its format (" + strings.Join(redirectplan.ReadFormats(), ", ") + ")")
		case errors.Is(err, redirectplan.ErrNeedsDomain):
			err = fmt.Errorf("%s: %w (the Domain field)", name, err)
		case err != nil:
			err = fmt.Errorf("%s: %w", name, err)
		}
		if err != nil {
			return answerMsg{from: from, seq: seq, err: form.NothingSent(err)}
		}
		w := redirectplan.ImportOf(rows, prune, filepath.Base(name))
		plan, current, err := redirectplan.Prepare(ctx, c, w)
		if err != nil {
			return answerMsg{from: from, seq: seq, err: err, status: client.StatusCode(err)}
		}
		return answerMsg{from: from, seq: seq,
			after: planReady{title: "Import of " + sanitize(filepath.Base(name)), wanted: w, plan: plan, current: current}}
	}
}
