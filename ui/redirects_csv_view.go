package ui

import (
	"bytes"
	"context"
	"slices"
	"strconv"
	"strings"
	"sync"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/redirectplan"
)

// redirectsCSVView shows every redirect of the location as the CSV `funnels redirects
// export` writes, byte for byte: the header in the title, one record a row, read from
// the server when the view opens and on r. / filters the records; y copies the CSV
// whole — or, filtered, the header and the records kept — with OSC 52, which the
// terminal carries to the person's own machine. It is how an export reaches someone
// over the team server, where a file would be the server's; locally it is a quick
// copy without a file.
type redirectsCSVView struct {
	listBody
	c       *client.Client
	records []string // each record as the file holds it, its line break included
	rows    []string // the same, fit for the screen (one line, nothing a terminal acts on)
	cols    []column
}

// csvMsg is the CSV of the location's redirects, for the view that asked.
type csvMsg struct {
	view    *redirectsCSVView
	records []string
	err     error
}

func (csvMsg) forBody()   {}
func (m csvMsg) to() body { return m.view }

// largeCopy is the size of a copy past which some terminals keep only part of it
// (the OSC 52 sequence is cut or dropped).
const largeCopy = 64 << 10

// csvHeader is the first line of the CSV an export writes, made when a view first
// asks for it rather than at every command's start.
var csvHeader = sync.OnceValue(func() string {
	var b bytes.Buffer
	_ = redirectplan.Write(&b, redirectplan.CSV, nil)
	return b.String()
})

// openRedirectsCSV shows the location's redirects as CSV.
func openRedirectsCSV(h bodyHost) tea.Cmd {
	if !connected(h) {
		return nil
	}
	return pushRead(h, &redirectsCSVView{listBody: newListBody(h.common()), c: h.api()})
}

// readCSV reads every redirect from the server and writes each as a record of the
// export's CSV, in the export's order.
func readCSV(ctx context.Context, c *client.Client, v *redirectsCSVView) tea.Cmd {
	return func() tea.Msg {
		list, _, err := c.ListAllRedirects(ctx, client.ListRedirectsParams{})
		if err != nil {
			return csvMsg{view: v, err: err}
		}
		rows := redirectplan.RowsOf(list)
		redirectplan.Sort(rows)
		records := make([]string, len(rows))
		var b bytes.Buffer
		for i := range rows {
			b.Reset()
			if err := redirectplan.Write(&b, redirectplan.CSV, rows[i:i+1]); err != nil {
				return csvMsg{view: v, err: err}
			}
			records[i] = strings.TrimPrefix(b.String(), csvHeader())
		}
		return csvMsg{view: v, records: records}
	}
}

func (v *redirectsCSVView) update(_ bodyHost, msg bodyMsg) (tea.Cmd, bool) {
	return own(v, msg, v.fill)
}

func (v *redirectsCSVView) reload(bodyHost) tea.Cmd {
	v.status = stateLoading
	return readCSV(v.sh.loads, v.c, v)
}

// fill takes the records read.
func (v *redirectsCSVView) fill(msg csvMsg) {
	v.status, v.err = stateReady, msg.err
	if msg.err != nil {
		v.status = stateFailed
		return
	}
	v.records = msg.records
	v.rows = make([]string, len(msg.records))
	keys := make([]string, len(msg.records))
	widest := 0
	for i, r := range msg.records {
		v.rows[i] = sanitize(strings.TrimSuffix(r, "\n"))
		keys[i] = strings.ToLower(v.rows[i])
		widest = max(widest, textWidth(v.rows[i]))
	}
	v.cols = []column{{natural: widest, min: 10, fill: true}}
	v.setKeys(keys)
}

func (v *redirectsCSVView) key(h bodyHost, msg tea.KeyPressMsg) (tea.Cmd, keyResult) {
	cmd, res := v.listKey(msg, func() tea.Cmd { return v.reload(h) }, func() tea.Cmd { return nil })
	if res == keyPassed && key.Matches(msg, v.sh.keys.of(actCopyID)) {
		return v.copy(h), keyUsed
	}
	return cmd, res
}

// copy copies the CSV: whole, or the header and the records the filter keeps, in the
// file's order.
func (v *redirectsCSVView) copy(h host) tea.Cmd {
	if v.status != stateReady && len(v.records) == 0 {
		h.setWarn("the redirects are not read yet")
		return nil
	}
	kept := make([]int, v.list.Len())
	for i := range kept {
		kept[i] = v.list.At(i)
	}
	slices.Sort(kept)
	var b strings.Builder
	b.WriteString(csvHeader())
	for _, i := range kept {
		b.WriteString(v.records[i])
	}
	what := "the CSV of " + plural(len(kept), "redirect")
	if v.list.Filtering() {
		what += " (those /" + v.query + " keeps, of " + strconv.Itoa(len(v.records)) + ")"
	}
	note := ": paste it into a .csv file"
	if b.Len() > largeCopy {
		whole := pick(v.sh.remote, "ssh HOST redirects export > redirects.csv", "X")
		note = " — " + strconv.Itoa(b.Len()>>10) + " KiB, more than some terminals pass on whole: " + whole + " writes it to a file"
	}
	h.setInfo("copied " + what + " to your clipboard (OSC 52)" + note)
	return h.copyText(b.String())
}

func (v *redirectsCSVView) view() []string {
	w, h := v.width, v.height
	body := v.renderBody(w-2, h-2, v.status, v.err, "the redirects", "The location has no redirects: the CSV is its header alone", v.cols, v.row, true)
	pv := paneView{title: "Redirects as CSV", info: strings.TrimSuffix(csvHeader(), "\n"), body: body, pos: v.position()}
	return v.drawn.draw(v.sh, w, h, true, pv, v.filterView())
}

func (v *redirectsCSVView) row(i, width int, selected, focused bool, widths []int) string {
	return listRow(&v.sh.styles, width, selected, focused, widths, []cell{{text: v.rows[i], style: v.sh.styles.Row}})
}

func (v *redirectsCSVView) keys() []key.Binding {
	k := v.sh.keys
	if v.typing {
		return k.filterHelp()
	}
	return []key.Binding{k.Arrows, as(k.of(actCopyID), "copy CSV"), k.Filter, as(k.Cancel, "close"), as(k.Refresh, "reload"), k.Help}
}

func (v *redirectsCSVView) copyTarget(bool) (what, text, problem string) {
	return "", "", "y copies the CSV"
}
