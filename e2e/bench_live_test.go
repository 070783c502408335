package e2e

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/funnelsdev/funnels/client/index"
)

// What a person meets after a browser start: the browser lists the folders it shows
// from a live server and writes what it read into the index, and the next go to
// anything and `funnels find` read the catalog after that write. benchLive is that
// server for a bench index: it answers folder entities with what the index holds of
// each folder (as a server that changed nothing since the crawl would), on an address
// of its own, and can be switched off (nothing listens: a connection is refused, as at
// an address where no server is) for the figures that want none.

type benchLive struct {
	addr  string
	mu    sync.Mutex
	store *index.Store
	srv   *http.Server
}

// startBenchLive listens on a loopback port of its own, off until on is called.
func startBenchLive() (*benchLive, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	l := &benchLive{addr: ln.Addr().String()}
	_ = ln.Close()
	return l, nil
}

// url is the base URL the bench signs in with.
func (l *benchLive) url() string { return "http://" + l.addr }

// serve answers from store, listening again on the same address.
func (l *benchLive) serve(store *index.Store) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.store = store
	if l.srv != nil {
		return nil
	}
	var ln net.Listener
	var err error
	for range 50 { // the port a closed listener held is free again at once, or nearly
		if ln, err = net.Listen("tcp", l.addr); err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err != nil {
		return err
	}
	l.srv = &http.Server{Handler: l, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = l.srv.Serve(ln) }()
	return nil
}

// off stops listening: a request is refused.
func (l *benchLive) off() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.srv != nil {
		_ = l.srv.Close()
		l.srv = nil
	}
}

type liveEntity struct {
	ID          string      `json:"_id"`
	Name        string      `json:"name"`
	Type        string      `json:"type,omitempty"`
	Category    string      `json:"category,omitempty"`
	ParentID    string      `json:"parentId,omitempty"`
	URL         string      `json:"url,omitempty"`
	DomainName  string      `json:"domainName,omitempty"`
	Steps       []benchStep `json:"steps,omitempty"`
	DateUpdated string      `json:"dateUpdated,omitempty"`
}

func (l *benchLive) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/funnels/funnel/folder/entities" {
		http.Error(w, "Cannot GET "+r.URL.Path, http.StatusNotFound)
		return
	}
	l.mu.Lock()
	store := l.store
	l.mu.Unlock()
	listing, err := store.Listing(r.Context(), r.URL.Query().Get("parentId"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	bw := bufio.NewWriterSize(w, 64<<10)
	defer bw.Flush()
	enc := json.NewEncoder(bw)
	fmt.Fprintf(bw, `{"count":%d,"traceId":"bench","entities":[`, len(listing.Folders)+len(listing.Funnels))
	n := 0
	put := func(e liveEntity) {
		if n > 0 {
			_ = bw.WriteByte(',')
		}
		n++
		_ = enc.Encode(e)
	}
	for _, f := range listing.Folders {
		put(liveEntity{ID: f.ID, Name: f.Name, Type: f.Type, Category: "folder", ParentID: f.ParentID})
	}
	for _, f := range listing.Funnels {
		e := liveEntity{ID: f.ID, Name: f.Name, Type: f.Type, ParentID: f.ParentID, URL: f.URL, DomainName: f.DomainName}
		if f.Updated > 0 {
			e.DateUpdated = time.UnixMilli(f.Updated).UTC().Format(time.RFC3339Nano)
		}
		e.Steps = make([]benchStep, len(f.Steps))
		for i, s := range f.Steps {
			e.Steps[i] = benchStep{ID: s.ID, Name: s.Name, URL: s.URL, Type: s.Type, Pages: s.Pages, Sequence: s.Seq}
		}
		put(e)
	}
	fmt.Fprint(bw, `]}`)
}

// browserStart runs the binary in a terminal against the server at baseURL for the
// index under dir, lets it list the root from the server and, with openFolder, open the
// first folder (as a person starting the browser does), waits until what it read is
// written into the index, and quits.
func browserStart(dir, baseURL string, store *index.Store, tag string, openFolder bool, tokenAndLocation ...string) error {
	ctx := context.Background()
	before, err := store.State(ctx)
	if err != nil {
		return err
	}
	env := append(benchEnv(dir), "TERM=xterm-256color")
	br, err := startTmux(fmt.Sprintf("bench-%d-%s-start", os.Getpid(), tag), env, termW, termH, "exec "+shellCommand(benchSignIn(baseURL, tokenAndLocation...)...))
	if err != nil {
		return err
	}
	defer br.close()
	written := func(writes uint64) error {
		deadline := time.Now().Add(2 * time.Minute)
		for {
			st, err := store.State(ctx)
			if err == nil && st.Gen >= before.Gen+writes {
				return nil
			}
			if time.Now().After(deadline) {
				scr, _ := br.screen()
				return fmt.Errorf("the browser wrote %d of %d listings into the index in 2 minutes:\n%s", st.Gen-before.Gen, writes, scr)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	if err := br.waitFor(time.Minute, "Funnels"); err != nil {
		return err
	}
	if err := written(1); err != nil {
		return err
	}
	if openFolder {
		if err := br.keys("Enter", false); err != nil {
			return err
		}
		if err := written(2); err != nil {
			return err
		}
	}
	pid, err := br.panePID()
	if err != nil {
		return err
	}
	if err := br.keys("q", true); err != nil {
		return err
	}
	waitGone(pid)
	return nil
}

// waitGone waits, up to ten seconds, for the process pid to end, so that what is
// measured next does not share the machine with it.
func waitGone(pid string) {
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if _, err := os.Stat("/proc/" + pid); err != nil {
			return
		}
	}
}

// gotoOpenInBinary starts the binary in a terminal on the index under dir (nothing
// answers at baseURL, so it writes nothing), presses ctrl+p once its first frame shows
// and times the key sent to the screen listing all items items; then it quits.
func gotoOpenInBinary(dir, baseURL string, items int, tag string) (time.Duration, error) {
	env := append(benchEnv(dir), "TERM=xterm-256color")
	br, err := startTmux(fmt.Sprintf("bench-%d-%s-open", os.Getpid(), tag), env, termW, termH, "exec "+shellCommand(benchSignIn(baseURL)...))
	if err != nil {
		return 0, err
	}
	defer br.close()
	if err := br.waitFor(time.Minute, "Funnels", "folder"); err != nil {
		return 0, err
	}
	pid, err := br.panePID()
	if err != nil {
		return 0, err
	}
	start := time.Now()
	if err := br.keys("C-p", false); err != nil {
		return 0, err
	}
	if err := br.waitFor(time.Minute, " "+strconv.Itoa(items)+" items", gotoPlaceholder); err != nil {
		return 0, err
	}
	d := time.Since(start)
	if err := br.keys("Escape", false); err != nil {
		return 0, err
	}
	if err := br.keys("q", true); err != nil {
		return 0, err
	}
	waitGone(pid)
	return d, nil
}

// afterStartFigure is NAME_after_start: a figure measured again right after a browser
// start (browserStart), against the same figure measured before it.
func afterStartFigure(before, after benchFigure, what string) benchFigure {
	f := after
	f.Name = strings.TrimSuffix(before.Name, "_"+lastPart(before.Name)) + "_after_start_" + lastPart(before.Name)
	f.Baseline = before.Value
	if before.Quiet != nil { // measured as the machine was, as this one is
		f.Baseline = *before.Quiet
	}
	f.BaselineIs = "the same " + what + " before the browser start (the catalog current)"
	f.Note = "right after the binary, started against a live server answering what the index holds, listed the root and opened a folder, writing what it read into the index; " + after.Note
	return f
}

// lastPart is the size label at the end of a figure's name ("100k").
func lastPart(name string) string {
	if i := strings.LastIndexByte(name, '_'); i >= 0 {
		return name[i+1:]
	}
	return name
}

// forgetCatalog removes the catalog kept beside an index, so the next reader makes it
// from the records: the baseline of the catalog figures, what every open and every
// find did before there was one.
func forgetCatalog(store *index.Store) error {
	if err := os.Remove(store.Path() + ".catalog"); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}
