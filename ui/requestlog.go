package ui

import (
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/client"
)

// requestLogSize bounds the request log: the newest requests of the session.
const requestLogSize = 1000

// logEntry is one finished request, with its columns drawn once when it arrives.
type logEntry struct {
	rec                                                 client.RequestRecord
	num, at, method, path, status, latency, trace, rate string
	lane                                                string // "crawl" for the background lane's, else ""
	failed                                              bool
}

// requestLog keeps the last requestLogSize requests in a ring: adding never
// allocates past the first lap, and reading the newest n costs n.
type requestLog struct {
	ring  []logEntry
	next  int // where the next entry goes
	count int
	// the widest path, trace id and number logged in the session, for the columns
	pathW, traceW, numW int
	added               int  // requests logged in the session: the next one's number
	crawled             bool // a background request was logged: the lane column shows
}

// add records a finished request.
func (l *requestLog) add(rec client.RequestRecord) {
	if l.ring == nil {
		l.ring = make([]logEntry, requestLogSize)
	}
	l.added++
	e := newLogEntry(rec, l.added)
	l.pathW = max(l.pathW, ansi.StringWidth(e.path))
	l.traceW = max(l.traceW, ansi.StringWidth(e.trace))
	l.numW = max(l.numW, len(e.num))
	l.crawled = l.crawled || rec.Background
	l.ring[l.next] = e
	l.next = (l.next + 1) % len(l.ring)
	l.count = min(l.count+1, len(l.ring))
}

// len is how many requests the log holds.
func (l *requestLog) len() int { return l.count }

// at returns the i-th newest request (0 = the newest).
func (l *requestLog) at(i int) *logEntry {
	if i < 0 || i >= l.count {
		return nil
	}
	n := len(l.ring)
	return &l.ring[((l.next-1-i)%n+n)%n]
}

// newLogEntry draws the columns of the num-th request of the session: the number
// tells apart two requests that read alike.
func newLogEntry(rec client.RequestRecord, num int) logEntry {
	e := logEntry{rec: rec, num: strconv.Itoa(num), method: rec.Method, path: sanitize(displayPath(rec.Path)), trace: sanitize(rec.TraceID)}
	if rec.Background {
		e.lane = "crawl"
	}
	if !rec.Started.IsZero() {
		e.at = rec.Started.Format("15:04:05")
	}
	switch {
	case rec.Status != 0:
		e.status = strconv.Itoa(rec.Status)
		e.failed = rec.Status >= 400
	case rec.Err != "":
		e.status, e.failed = "—", true
	}
	e.latency = formatLatency(rec.Latency)
	if rec.Rate.Known() {
		num := func(n int) string {
			if n < 0 {
				return "?"
			}
			return strconv.Itoa(n)
		}
		e.rate = num(rec.Rate.Remaining) + "/" + num(rec.Rate.Limit)
	}
	if e.trace == "" {
		e.trace = "–"
	}
	return e
}

// displayPath is a path and query as the log's column shows it, so that what tells
// two requests apart survives a narrow column: the locationId left out (the same in
// every request of a location: the bar names it, the detail's address keeps it),
// long ids cut to their last characters, the paging (limit, offset) last.
func displayPath(p string) string {
	route, query, ok := strings.Cut(p, "?")
	if !ok {
		return p
	}
	var front, paging []string
	for part := range strings.SplitSeq(query, "&") {
		name, value, _ := strings.Cut(part, "=")
		switch {
		case name == "locationId":
		case name == "limit", name == "offset":
			paging = append(paging, part)
		case len(value) > 12:
			front = append(front, name+"=…"+value[len(value)-6:])
		default:
			front = append(front, part)
		}
	}
	if len(front)+len(paging) == 0 {
		return route
	}
	return route + "?" + strings.Join(append(front, paging...), "&")
}

// formatLatency writes 38ms, 1.2s.
func formatLatency(d time.Duration) string {
	switch {
	case d <= 0:
		return ""
	case d < time.Second:
		return strconv.FormatInt(d.Milliseconds(), 10) + "ms"
	}
	return strconv.FormatFloat(d.Seconds(), 'f', 1, 64) + "s"
}

// logView lists the request log, newest first: enter shows one request whole, c copies
// it as a curl command (with $FUNNELS_TOKEN in place of the token).
type logView struct {
	sh     *shared
	log    *requestLog
	cursor int // index from the newest
	offset int
	newest uint64 // the id of the newest request when the cursor last moved: new ones push the list down
	fitted fittedColumns
}

func newLogView(sh *shared, log *requestLog) *logView {
	v := &logView{sh: sh, log: log}
	if e := log.at(0); e != nil {
		v.newest = e.rec.ID
	}
	return v
}

// follow keeps the cursor on the same request while newer ones arrive on top — or,
// on the newest, on the newest, as a log's tail does.
func (v *logView) follow() {
	if v.log.len() == 0 {
		return
	}
	if v.cursor > 0 {
		v.cursor, v.offset = v.shifted()
	}
	v.newest = v.log.at(0).rec.ID
	v.cursor = min(v.cursor, v.log.len()-1)
}

// shifted is the cursor and offset moved down by the requests that arrived since the
// cursor last moved.
func (v *logView) shifted() (cursor, offset int) {
	cursor, offset = v.cursor, v.offset
	if e := v.log.at(0); e == nil || e.rec.ID == v.newest || cursor == 0 {
		return cursor, offset
	}
	for i := 0; i < v.log.len(); i++ {
		if v.log.at(i).rec.ID == v.newest {
			return cursor + i, offset + i
		}
	}
	return cursor, offset
}

func (v *logView) rows() int { return max(1, v.sh.bodyHeight()-2-3) }

func (v *logView) update(h host, msg tea.Msg) (tea.Cmd, bool) {
	km, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil, false
	}
	v.follow()
	k := v.sh.keys
	n := v.log.len()
	switch {
	case key.Matches(km, k.Cancel, k.Back, k.Quit, k.of(actRequestLog)):
		return nil, true
	case key.Matches(km, k.Up):
		v.cursor--
	case key.Matches(km, k.Down):
		v.cursor++
	case key.Matches(km, k.PageUp):
		v.cursor -= v.rows()
	case key.Matches(km, k.PageDown):
		v.cursor += v.rows()
	case key.Matches(km, k.Top):
		v.cursor = 0
	case key.Matches(km, k.Bottom):
		v.cursor = n - 1
	case key.Matches(km, k.CopyCurl, k.of(actCopyID)):
		e := v.log.at(v.cursor)
		if e == nil {
			h.setWarn("no request to copy yet")
			return nil, false
		}
		return copyCurl(h, e.rec.Curl(), e.method+" "+trimQuery(e.path)), false
	case key.Matches(km, k.Open):
		if e := v.log.at(v.cursor); e != nil {
			tv := newTextView(v.sh, requestDoc(e))
			tv.back = v
			tv.curl, tv.curlOf = e.rec.Curl(), e.method+" "+trimQuery(e.path)
			h.show(tv)
			return nil, false
		}
	}
	v.cursor = max(0, min(v.cursor, n-1))
	rows := v.rows()
	if v.cursor < v.offset {
		v.offset = v.cursor
	}
	if v.cursor >= v.offset+rows {
		v.offset = v.cursor - rows + 1
	}
	return nil, false
}

func trimQuery(p string) string {
	path, _, _ := strings.Cut(p, "?")
	return path
}

func (v *logView) keys() []key.Binding {
	k := v.sh.keys
	return []key.Binding{as(k.Arrows, "move"), as(k.Open, "details"), as(k.CopyCurl, "copy as curl"), as(k.Cancel, "close")}
}

// view draws the visible rows only: the log may hold a thousand requests.
func (v *logView) view(w, h int) (string, int, int) {
	st := &v.sh.styles
	bw := w
	inner := bw - 3
	// The number, the status and the latency are always there, and the lane once the
	// crawl sent anything; the path is cut in the middle, so two requests of one
	// route keep the query that tells them apart. The trace id is what a support
	// request quotes: whole before the time and the rate; the path asks for its
	// first 60 cells and takes the rest.
	cols := [...]column{
		{natural: max(1, v.log.numW), min: 1},                        // number
		{natural: 8, min: 8, optional: true, rank: 1},                // time
		{natural: pick(v.log.crawled, 5, 0), min: 5},                 // lane
		{natural: 6, min: 4},                                         // method
		{natural: max(4, min(v.log.pathW, 60)), min: 12, fill: true}, // path
		{natural: 6, min: 3},                                         // status
		{natural: 7, min: 5},                                         // latency
		{natural: 9, min: 7, optional: true, rank: 3},                // rate
		{natural: max(8, v.log.traceW), min: 8, optional: true},      // trace
	}
	widths := v.fitted.get(cols[:], rowAvail(inner-1))
	header := listRow(st, inner-1, false, false, widths, []cell{
		{text: "#", style: st.RowFaint, right: true}, {text: "time", style: st.RowFaint}, {text: "lane", style: st.RowFaint},
		{text: "method", style: st.RowFaint}, {text: "path", style: st.RowFaint},
		{text: "status", style: st.RowFaint, right: true}, {text: "latency", style: st.RowFaint, right: true},
		{text: "rate", style: st.RowFaint, right: true}, {text: "trace id", style: st.RowFaint},
	})
	body := []string{header}
	n := v.log.len()
	rows := max(1, h-2-1)
	if n == 0 {
		body = append(body, st.Empty.Render("No requests yet"))
	}
	// The log may have grown since the last key: keep the cursor on its request.
	cursor, offset := v.shifted()
	cursor, offset = scrollWindow(cursor, offset, n, rows)
	for i := offset; i < n && i < offset+rows; i++ {
		e := v.log.at(i)
		status, path := st.Status, st.Row
		if e.failed {
			status = st.Error
		}
		if e.lane != "" {
			path = st.RowMuted // the crawl's, not the user's
		}
		body = append(body, listRow(st, inner-1, i == cursor, true, widths, []cell{
			{text: e.num, style: st.RowFaint, right: true},
			{text: e.at, style: st.RowFaint},
			{text: e.lane, style: st.RowFaint},
			{text: e.method, style: st.Badge},
			{text: e.path, style: path, middle: true},
			{text: e.status, style: status, right: true},
			{text: e.latency, style: st.RowMuted, right: true},
			{text: e.rate, style: st.RowMuted, right: true},
			{text: e.trace, style: st.RowFaint},
		}))
	}
	pos := ""
	if n > 0 {
		pos = strconv.Itoa(cursor+1) + "/" + strconv.Itoa(n)
	}
	bh := min(h, len(body)+2)
	return v.sh.box(bw, bh, "Request log · newest first", body, pos), 0, 0
}

// requestDoc is one request of the log in full.
func requestDoc(e *logEntry) doc {
	r := e.rec
	d := doc{title: "Request " + e.method + " " + trimQuery(e.path)}
	d.pair("number", e.num+" of the session")
	if e.lane != "" {
		d.pair("lane", "background: the index's crawl")
	}
	d.pair("method", r.Method)
	d.pair("address", sanitize(r.URL))
	d.pair("status", pick(e.status != "", e.status, "no answer"))
	d.pairIf("error", sanitize(r.Err))
	d.pairIf("started", e.at)
	d.pairIf("latency", e.latency)
	d.pair("attempts", strconv.Itoa(r.Attempts))
	d.pair("trace id", e.trace)
	d.pairIf("rate limit", e.rate)
	d.pair("token", pick(r.Authorized, "sent (never logged)", "none"))
	if len(r.Body) > 0 {
		d.blank()
		d.heading("Body sent")
		d.json(r.Body)
	}
	d.blank()
	d.heading("As curl (c copies it)")
	for _, l := range strings.Split(r.Curl(), "\n") {
		d.muted(sanitize(l))
	}
	return d
}
