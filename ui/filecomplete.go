package ui

import (
	"os"
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/ui/form"
)

// fileCompletion completes a file name field from the directory typed so far: the
// directory is read in a command as the name changes, and tab takes the entry that
// starts as typed (tab moves on when nothing does).
type fileCompletion struct {
	field *form.Field
	dir   string   // the directory listed (or being listed)
	seq   uint64   // the listing awaited
	names []string // what it holds, as the field completes them (directories end in /)
}

// filesListedMsg is what a directory holds, for the completion that asked (seq).
type filesListedMsg struct {
	fc    *fileCompletion
	seq   uint64
	names []string
}

// dirOf is the directory part of a typed name, as typed ("" for the current one).
func dirOf(typed string) string {
	i := strings.LastIndex(typed, string(filepath.Separator))
	if i < 0 {
		return ""
	}
	return typed[:i+1]
}

// changed lists the directory of the name typed when it is another one.
func (fc *fileCompletion) changed(h host) tea.Cmd {
	dir := dirOf(fc.field.Current())
	if dir == fc.dir && fc.seq != 0 {
		return nil
	}
	fc.dir = dir
	fc.seq++
	seq := fc.seq
	return func() tea.Msg {
		ents, _ := os.ReadDir(dir + ".")
		names := make([]string, 0, len(ents))
		for _, e := range ents {
			n := dir + e.Name()
			if e.IsDir() {
				n += string(filepath.Separator)
			}
			names = append(names, n)
		}
		return filesListedMsg{fc: fc, seq: seq, names: names}
	}
}

// message takes a listing, and tab when it completes something.
func (fc *fileCompletion) message(f *form.Form, h host, msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case filesListedMsg:
		if msg.fc != fc || msg.seq != fc.seq {
			return nil, msg.fc == fc
		}
		fc.names = msg.names
		fc.field.SetSuggestions(msg.names)
		return nil, true
	case tea.KeyPressMsg:
		if msg.String() != "tab" || f.Focused() != fc.field || !fc.completes(fc.field.Current()) {
			return nil, false
		}
		return tea.Batch(f.CompleteWith(), fc.changed(h)), true
	}
	return nil, false
}

// completes reports whether a name listed starts as typed and is longer.
func (fc *fileCompletion) completes(typed string) bool {
	low := strings.ToLower(typed)
	for _, n := range fc.names {
		if len(n) > len(typed) && strings.HasPrefix(strings.ToLower(n), low) {
			return true
		}
	}
	return false
}
