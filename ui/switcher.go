package ui

import (
	"context"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/index"
	"github.com/funnelsdev/funnels/client/redirectplan"
	"github.com/funnelsdev/funnels/ui/list"
)

// Switcher is what the browser needs to switch profile or sub-account: the list of
// what it can switch to, and a client for one of them. The caller implements it (the
// browser knows nothing of sign-ins); Options.Switcher nil means no switching.
type Switcher interface {
	// List returns every profile and sub-account. An error beside a list says what
	// could not be listed (an agency whose sub-accounts did not load).
	List(ctx context.Context) ([]Account, error)
	// Open returns a client of the account named. A client it handed out before for
	// the same name may be handed out again (it keeps its own rate-limit state).
	Open(ctx context.Context, name string) (Opened, error)
}

// Account is one entry of the switcher.
type Account struct {
	Name         string // what Open takes: a profile, or PROFILE/LOCATION for a sub-account of an agency
	Profile      string
	Location     string // the sub-account's id
	LocationName string // its name, when known
	Kind         string // "oauth", "pit", "agency", "minted", "demo", or "" (not signed in)
	Expiry       time.Time
	ReadOnly     bool // the profile is read-only
}

// Opened is an account made ready: its client (which says whether it is read-only)
// and what the status bar and new folders need.
type Opened struct {
	Client  *client.Client
	Profile string // shown in the status bar: the profile, or PROFILE/Location name
	UserID  string // the signed-in user ("" when not known)
	// Index is the account's own local index (nil: none): one per profile and
	// location, so a switch never shows one location's records in another.
	Index *index.Store
	// Redirects is where the account's bulk redirect journals and versions live
	// (package client/redirectplan); zero: imports and restores are not offered.
	Redirects redirectplan.State
}

// accountsMsg is the switcher's list, for the overlay that asked (seq).
type accountsMsg struct {
	seq      uint64
	accounts []Account
	err      error
}

// switchedMsg is the answer of Open for switch request seq.
type switchedMsg struct {
	seq    uint64
	name   string
	opened Opened
	err    error
}

// listAccounts asks the switcher for its list.
func listAccounts(ctx context.Context, sw Switcher, seq uint64) tea.Cmd {
	return func() tea.Msg {
		accounts, err := sw.List(ctx)
		sanitizeAccounts(accounts)
		return accountsMsg{seq: seq, accounts: accounts, err: err}
	}
}

// sanitizeAccounts makes the texts of accounts safe to draw.
func sanitizeAccounts(accounts []Account) {
	for i := range accounts {
		a := &accounts[i]
		a.Name, a.Profile, a.Location = sanitize(a.Name), sanitize(a.Profile), sanitize(a.Location)
		a.LocationName, a.Kind = sanitize(a.LocationName), sanitize(a.Kind)
	}
}

// openAccount asks the switcher for a client of name.
func openAccount(ctx context.Context, sw Switcher, name string, seq uint64) tea.Cmd {
	return func() tea.Msg {
		opened, err := sw.Open(ctx, name)
		return switchedMsg{seq: seq, name: name, opened: opened, err: err}
	}
}

// switcherView lists the accounts, filtered as you type; enter switches to the one
// under the cursor, esc closes.
type switcherView struct {
	sh       *shared
	seq      uint64 // the list request it waits for; 0 once answered
	current  string // the account shown now, marked in the list
	accounts []Account
	rows     [][]string // the cells of each account, drawn as they are
	err      string     // what could not be listed
	list     list.List
	input    textinput.Model
	cols     []column
	choose   func(Account) tea.Cmd // switches to the account chosen (the root's)
}

func newSwitcherView(sh *shared, current string, seq uint64, choose func(Account) tea.Cmd) *switcherView {
	in := newPickerInput(sh, "› ", "type a profile, sub-account or location id to filter", switcherWidth(sh.width)-8)
	return &switcherView{sh: sh, seq: seq, current: current, input: in, choose: choose}
}

// fill takes the list.
func (v *switcherView) fill(msg accountsMsg) {
	v.seq = 0
	v.accounts = msg.accounts
	if msg.err != nil {
		v.err = sanitize(errorText(msg.err))
	}
	now := v.sh.now()
	keys := make([]string, len(v.accounts))
	v.rows = make([][]string, len(v.accounts))
	var nameW, locW, kindW, expW int
	cur := -1
	for i, a := range v.accounts {
		name := a.Name
		if a.LocationName != "" {
			name = a.Profile + " / " + a.LocationName
		}
		kind := a.Kind
		if a.ReadOnly {
			kind += " · read-only"
		}
		row := []string{name, a.Location, strings.TrimPrefix(kind, " · "), expiryText(a, now)}
		v.rows[i] = row
		keys[i] = strings.ToLower(strings.Join(append(row[:3:3], a.Name), " "))
		nameW, locW = max(nameW, ansi.StringWidth(name)), max(locW, ansi.StringWidth(row[1]))
		kindW, expW = max(kindW, ansi.StringWidth(row[2])), max(expW, ansi.StringWidth(row[3]))
		if a.Name == v.current {
			cur = i
		}
	}
	v.cols = []column{{natural: nameW + 2, min: 12}, {natural: locW, min: 8, optional: true}, {natural: kindW, min: 5, optional: true}, {natural: expW, min: 7, optional: true}}
	v.list.SetKeys(keys)
	v.list.SetHeight(len(keys))
	if cur >= 0 {
		v.list.SelectItem(cur)
	}
}

// expiryText says when an account's token expires: "expires in 23h", "expired 5m
// ago", or nothing for a token that does not expire (or none yet).
func expiryText(a Account, now time.Time) string {
	switch {
	case a.Kind == "":
		return "not signed in"
	case a.Expiry.IsZero():
		return ""
	case a.Expiry.After(now):
		return "expires in " + shortDuration(a.Expiry.Sub(now))
	}
	if a.Kind == "minted" {
		return "expired: minted again on use"
	}
	return "expired " + shortDuration(now.Sub(a.Expiry)) + " ago"
}

// shortDuration is d in its largest whole unit: 3d, 5h, 12m, 40s.
func shortDuration(d time.Duration) string {
	switch {
	case d >= 48*time.Hour:
		return strconv.Itoa(int(d/(24*time.Hour))) + "d"
	case d >= time.Hour:
		return strconv.Itoa(int(d/time.Hour)) + "h"
	case d >= time.Minute:
		return strconv.Itoa(int(d/time.Minute)) + "m"
	}
	return strconv.Itoa(int(d/time.Second)) + "s"
}

func (v *switcherView) update(h host, msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case accountsMsg:
		if msg.seq == v.seq && v.seq != 0 {
			v.fill(msg)
		}
		return nil, false
	}
	out, cmd := pickerUpdate(&v.sh.keys, &v.input, &v.list, true, msg)
	switch {
	case out == pickerClosed:
		return nil, true
	case out == pickerChosen && v.seq == 0: // not while the list is still being read
		h.show(nil)
		return v.choose(v.accounts[v.list.Selected()]), true
	}
	return cmd, false
}

func (v *switcherView) keys() []key.Binding {
	k := v.sh.keys
	return []key.Binding{as(k.Arrows, "choose"), as(k.Accept, "switch"), k.Cancel}
}

// view draws the list in the upper part of the pane area.
func (v *switcherView) view(w, h int) (string, int, int) {
	st := &v.sh.styles
	bw := switcherWidth(w)
	inner := bw - 3
	l := v.list // a copy sized to this frame; View does not change the model
	l.SetHeight(max(1, min(len(v.accounts), h-6)))
	body := []string{v.input.View(), st.RowFaint.Render(strings.Repeat("─", inner-1))}
	switch {
	case v.seq != 0:
		body = append(body, st.Loading.Render(v.sh.spinner.View()+" listing profiles and sub-accounts…"))
	case l.Len() == 0 && len(v.accounts) == 0:
		body = append(body, st.Empty.Render("No profile to switch to: sign one in with funnels login"))
	case l.Len() == 0:
		body = append(body, st.Empty.Render("No profile or sub-account matches"))
	}
	if v.seq == 0 {
		widths := fitColumns(v.cols, rowAvail(inner-1))
		from, to := l.Visible()
		for i := from; i < to; i++ {
			idx := l.At(i)
			r := v.rows[idx]
			mark := "  "
			if v.accounts[idx].Name == v.current {
				mark = "● "
			}
			body = append(body, listRow(st, inner-1, i == l.Cursor(), true, widths, []cell{
				{text: mark + r[0], style: st.Row},
				{text: r[1], style: st.RowMuted},
				{text: r[2], style: st.RowMuted},
				{text: r[3], style: st.RowFaint, right: true},
			}))
		}
	}
	if v.err != "" {
		body = append(body, st.Error.Render(ansi.Truncate("✗ "+v.err, inner-1, "…")))
	}
	bh := min(h, len(body)+2)
	y := max(0, min(2, (h-bh)/3))
	return v.sh.box(bw, bh, "Switch profile or sub-account", body, ""), (w - bw) / 2, y
}

// switcherWidth is the switcher's width on a terminal w cells wide.
func switcherWidth(w int) int { return min(w, 96) }
