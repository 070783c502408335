package e2e

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/ui"
)

// The data of the benchmarks: a folder of n funnels and a step of n pages, served over
// real HTTP in the sandbox's wire shapes, and a driver that runs the browser the way
// Bubble Tea does. The seeded sandbox holds 25 funnels and 120 pages; the figures
// need tens of thousands, so this server makes them up on the fly (it keeps nothing
// large itself, so it does not count in the heap figures).

// benchWords make the names of the made-up funnels and pages; "spring sale 26" (the
// filter figures' query) matches a few percent of them, fuzzily many more.
var benchWords = []string{"Spring", "Summer", "Autumn", "Winter", "Sale", "Webinar", "Launch", "Trial",
	"Bootcamp", "Coaching", "Referral", "Kickstart", "Offer", "Masterclass", "Challenge", "Guide"}

// benchName is the name of item i: "Spring Summer 2026 · Sale".
func benchName(i int) string {
	w := benchWords
	return fmt.Sprintf("%s %s %d · %s", w[i%len(w)], w[(i/7)%len(w)], 2000+i%30, w[(i/13)%len(w)])
}

// benchID is a 20-character id like the service's, unique per kind and index.
func benchID(kind byte, i int) string {
	s := strconv.Itoa(i)
	return string(kind) + strings.Repeat("0", 19-len(s)) + s
}

// bigAPI serves GET /funnels/funnel/folder/entities (a root folder of Funnels funnels,
// one step each, after "Big Funnel" when there are Pages) and GET /funnels/page (Big
// Funnel's pages: one step of Pages pages, 20 or fewer per request, like the
// service). Funnels are kept lean (one step, few fields) because the entities route
// is not paginated and the client reads at most 32 MiB of one answer.
type bigAPI struct {
	Funnels int
	Pages   int
}

const (
	bigFunnelID = "big"
	bigStepID   = "bigstep0000000000000"
	benchLoc    = "BenchLoc000000000001"
	benchDate   = "2026-03-14T09:26:53.589Z"
)

type benchStep struct {
	ID       string   `json:"id"`
	Name     string   `json:"name"`
	URL      string   `json:"url"`
	Type     string   `json:"type"`
	Pages    []string `json:"pages"`
	Sequence int      `json:"sequence"`
}

type benchFunnel struct {
	ID          string      `json:"_id"`
	Name        string      `json:"name"`
	Type        string      `json:"type"`
	Category    string      `json:"category"`
	URL         string      `json:"url"`
	Steps       []benchStep `json:"steps"`
	DateUpdated string      `json:"dateUpdated"`
}

type benchPage struct {
	ID          string `json:"_id"`
	LocationID  string `json:"locationId"`
	FunnelID    string `json:"funnelId"`
	StepID      string `json:"stepId"`
	Name        string `json:"name"`
	URL         string `json:"url"`
	Deleted     bool   `json:"deleted"`
	DateAdded   string `json:"dateAdded"`
	DateUpdated string `json:"dateUpdated"`
	PageVersion int    `json:"pageVersion"`
}

func (a *bigAPI) funnel(i int) benchFunnel {
	id := benchID('f', i)
	return benchFunnel{
		ID: id, Name: benchName(i), Type: "funnel", Category: "funnel", URL: "/f" + strconv.Itoa(i),
		Steps: []benchStep{{ID: benchID('s', i), Name: "Landing Page", URL: "/f" + strconv.Itoa(i) + "-landing",
			Type: "optin_funnel_page", Pages: []string{benchID('p', i)}, Sequence: 1}},
		DateUpdated: benchDate,
	}
}

func (a *bigAPI) page(i int) benchPage {
	return benchPage{
		ID: benchID('p', i), LocationID: benchLoc, FunnelID: bigFunnelID, StepID: bigStepID,
		Name: benchName(i), URL: "/big-" + strconv.Itoa(i), Deleted: i%50 == 49,
		DateAdded: benchDate, DateUpdated: benchDate, PageVersion: 1 + i%9,
	}
}

func (a *bigAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	bw := bufio.NewWriterSize(w, 64<<10)
	defer bw.Flush()
	enc := json.NewEncoder(bw)
	w.Header().Set("Content-Type", "application/json")
	switch r.URL.Path {
	case "/funnels/funnel/folder/entities":
		if q.Get("parentId") != "" {
			fmt.Fprint(bw, `{"count":0,"entities":[]}`)
			return
		}
		fmt.Fprintf(bw, `{"count":%d,"entities":[`, a.Funnels+min(a.Pages, 1))
		if a.Pages > 0 {
			_ = enc.Encode(benchFunnel{ID: bigFunnelID, Name: "Big Funnel", Type: "funnel", Category: "funnel", URL: "/big",
				Steps:       []benchStep{{ID: bigStepID, Name: "All Pages", URL: "/big", Type: "optin_funnel_page", Sequence: 1}},
				DateUpdated: benchDate})
		}
		for i := range a.Funnels {
			if i > 0 || a.Pages > 0 {
				bw.WriteByte(',')
			}
			_ = enc.Encode(a.funnel(i))
		}
		fmt.Fprint(bw, `]}`)
	case "/funnels/page":
		off, _ := strconv.Atoi(q.Get("offset"))
		limit, _ := strconv.Atoi(q.Get("limit"))
		if limit <= 0 || limit > 20 {
			limit = 20
		}
		n := 0
		if q.Get("funnelId") == bigFunnelID {
			n = a.Pages
		}
		bw.WriteByte('[')
		for i := off; i < min(n, off+limit); i++ {
			if i > off {
				bw.WriteByte(',')
			}
			_ = enc.Encode(a.page(i))
		}
		bw.WriteByte(']')
	default:
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprint(bw, `{"statusCode":404,"message":"not found"}`)
	}
}

// startBigAPI serves api on loopback and returns a client of it whose pacing never
// holds anything up (this server has no rate limit; pacing has its own figure).
func startBigAPI(api *bigAPI) (*httptest.Server, *client.Client, error) {
	srv := httptest.NewServer(api)
	c, err := client.New(client.Options{BaseURL: srv.URL, LocationID: benchLoc, Limit: 1 << 30, Window: time.Second})
	if err != nil {
		srv.Close()
		return nil, nil, err
	}
	return srv, c, nil
}

// driver runs the browser as Bubble Tea would, without a terminal: every message goes
// through Update and is followed by View; commands run in goroutines and their
// messages come back one at a time. Spinner ticks are dropped (they only animate and
// would tick forever).
type driver struct {
	m    *ui.Model
	msgs chan tea.Msg
	view string // the last View, without styles
}

func newDriver(opts ui.Options, w, h int) *driver {
	d := &driver{m: ui.New(opts), msgs: make(chan tea.Msg, 1024)}
	d.send(tea.WindowSizeMsg{Width: w, Height: h})
	d.run(d.m.Init())
	return d
}

// send gives msg to Update, runs what it returns and draws.
func (d *driver) send(msg tea.Msg) {
	_, cmd := d.m.Update(msg)
	d.run(cmd)
	d.view = ansi.Strip(d.m.View().Content)
}

// screen draws the model now, for a test that called Update itself.
func (d *driver) screen() string {
	d.view = ansi.Strip(d.m.View().Content)
	return d.view
}

// run executes cmd in the background.
func (d *driver) run(cmd tea.Cmd) {
	if cmd != nil {
		go func() { d.deliver(cmd()) }()
	}
}

// deliver splits batches and sequences and queues every other message.
func (d *driver) deliver(msg tea.Msg) {
	switch msg := msg.(type) {
	case nil, spinner.TickMsg:
		return
	case tea.BatchMsg:
		for _, c := range msg {
			d.run(c)
		}
		return
	}
	if v := reflect.ValueOf(msg); v.Kind() == reflect.Slice && v.Type().Elem() == reflect.TypeOf(tea.Cmd(nil)) {
		for i := 0; i < v.Len(); i++ { // tea.Sequence: in order
			if c := v.Index(i).Interface().(tea.Cmd); c != nil {
				d.deliver(c())
			}
		}
		return
	}
	d.msgs <- msg
}

// waitFor handles messages until the screen shows want.
func (d *driver) waitFor(want string, timeout time.Duration) error {
	return d.waitUntil(func(v string) bool { return strings.Contains(v, want) }, timeout)
}

// waitUntil hands the program what comes until the screen satisfies ok.
func (d *driver) waitUntil(ok func(screen string) bool, timeout time.Duration) error {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for !ok(d.view) {
		select {
		case msg := <-d.msgs:
			d.send(msg)
		case <-deadline.C:
			return fmt.Errorf("timed out after %v waiting for the screen; it shows:\n%s", timeout, d.view)
		}
	}
	return nil
}

// keyMsg is the message of one key press: a name ("down", "esc", "backspace") or a
// character.
func keyMsg(k string) tea.KeyPressMsg {
	switch k {
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "backspace":
		return tea.KeyPressMsg{Code: tea.KeyBackspace}
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	case " ":
		return tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	}
	r := []rune(k)[0]
	return tea.KeyPressMsg{Code: r, Text: k}
}
