package ui

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client/index"
)

// bigKeptFolder is what the index keeps of a root of n funnels of steps steps each;
// the last funnel's last step has the longest name of all.
func bigKeptFolder(n, steps int) index.Listing {
	l := index.Listing{Known: true, At: time.Unix(1_700_000_000, 0), Funnels: make([]index.Funnel, n)}
	for i := range l.Funnels {
		f := index.Funnel{ID: "f" + strconv.Itoa(i), Name: fmt.Sprintf("Bulk Funnel %05d", i), StepsKnown: true,
			Steps: make([]index.Step, steps)}
		for s := range f.Steps {
			f.Steps[s] = index.Step{ID: fmt.Sprintf("s%d-%d", i, s), Name: "Step " + strconv.Itoa(s+1), Seq: s + 1,
				URL: fmt.Sprintf("/f%d-%d", i, s), Type: "optin_funnel_page"}
		}
		l.Funnels[i] = f
	}
	last := &l.Funnels[n-1].Steps[steps-1]
	last.Name = "The longest step name of the whole folder"
	return l
}

// widthsOf runs cmd and what it batches, and returns the widths message it brings.
func widthsOf(cmd tea.Cmd) (stepWidthsMsg, bool) {
	if cmd == nil {
		return stepWidthsMsg{}, false
	}
	switch msg := cmd().(type) {
	case stepWidthsMsg:
		return msg, true
	case tea.BatchMsg:
		for _, c := range msg {
			if w, ok := widthsOf(c); ok {
				return w, true
			}
		}
	default:
		if v := reflect.ValueOf(msg); v.Kind() == reflect.Slice && v.Type().Elem() == reflect.TypeOf(tea.Cmd(nil)) {
			for i := 0; i < v.Len(); i++ {
				if w, ok := widthsOf(v.Index(i).Interface().(tea.Cmd)); ok {
					return w, true
				}
			}
		}
	}
	return stepWidthsMsg{}, false
}

// A folder of 10,000 funnels of ten steps, painted from the index, makes the step
// rows of the one funnel it shows for its first frame: the widths of the steps pane
// are measured over the whole folder afterwards, in a command, and then fit the
// widest step of a funnel far below the screen.
func TestACachedBigFolderBuildsOnlyTheShownSteps(t *testing.T) {
	const funnels, steps = 10_000, 10
	m := New(Options{Profile: "lazy", LocationID: "loc1", Theme: "dark", Debounce: -1})
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 40})
	seq := m.next()
	m.entities.load(seq)
	_, cmd := m.Update(cachedFolderMsg{folderID: "", seq: seq, rows: keptRows(bigKeptFolder(funnels, steps)), at: time.Now()})
	v := m.View().Content
	if !strings.Contains(v, "Bulk Funnel 00000") {
		t.Fatalf("the first frame does not list the folder:\n%s", v)
	}
	fs := m.entities.current()
	if len(fs.rows) != funnels {
		t.Fatalf("%d rows, want %d", len(fs.rows), funnels)
	}
	if len(m.steps.rows) != steps || m.steps.funnelID != "f0" {
		t.Fatalf("the steps pane made %d step rows of %q for the first frame, want the %d of f0", len(m.steps.rows), m.steps.funnelID, steps)
	}
	if fs.stepWDone || fs.stepWSeq == 0 {
		t.Fatalf("the folder's widest steps were measured before the first frame (done %v, asked %d)", fs.stepWDone, fs.stepWSeq)
	}
	if strings.Contains(v, "The longest step name") {
		t.Fatalf("the first frame shows a step of a funnel not selected:\n%s", v)
	}
	wide := m.steps.cols[1].natural
	w, ok := widthsOf(cmd)
	if !ok {
		t.Fatal("no command measures the folder's steps")
	}
	m.Update(w)
	if !fs.stepWDone {
		t.Fatal("the measured widths were not taken")
	}
	if got, want := m.steps.cols[1].natural, textWidth("The longest step name of the whole folder"); got != want || got <= wide {
		t.Fatalf("the step name column is %d wide after the measure (%d before), want %d", got, wide, want)
	}
	if len(m.steps.rows) != steps {
		t.Fatalf("the measure left %d step rows in the steps pane, want %d", len(m.steps.rows), steps)
	}
}

// Widths measured for rows since replaced are not taken: the new rows are measured
// anew.
func TestStaleStepWidthsAreDropped(t *testing.T) {
	m := New(Options{Profile: "lazy", LocationID: "loc1", Theme: "dark", Debounce: -1})
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 40})
	seq := m.next()
	m.entities.load(seq)
	_, cmd := m.Update(cachedFolderMsg{folderID: "", seq: seq, rows: keptRows(bigKeptFolder(measureStepsAtOnce+20, 3)), at: time.Now()})
	old, ok := widthsOf(cmd)
	if !ok {
		t.Fatal("no command measures the folder's steps")
	}
	_, cmd = m.Update(entitiesMsg{folderID: "", seq: seq, rows: keptRows(bigKeptFolder(measureStepsAtOnce+5, 2))})
	m.Update(old)
	if fs := m.entities.current(); fs.stepWDone {
		t.Fatal("widths measured for the cached rows were taken for the server's")
	}
	fresh, ok := widthsOf(cmd)
	if !ok {
		t.Fatal("the server's rows are not measured")
	}
	m.Update(fresh)
	if fs := m.entities.current(); !fs.stepWDone || fs.stepW.name != textWidth("The longest step name of the whole folder") {
		t.Fatalf("the server's rows measured as %+v (done %v)", fs.stepW, fs.stepWDone)
	}
}

// A folder of a few hundred funnels is measured in the update that brings its rows:
// its first frame has the steps pane at the width of the folder's widest step, so the
// panes do not jump a moment after the start.
func TestASmallFolderIsMeasuredForItsFirstFrame(t *testing.T) {
	m := New(Options{Profile: "small", LocationID: "loc1", Theme: "dark", Debounce: -1})
	m.Update(tea.WindowSizeMsg{Width: 160, Height: 40})
	seq := m.next()
	m.entities.load(seq)
	_, cmd := m.Update(entitiesMsg{folderID: "", seq: seq, rows: keptRows(bigKeptFolder(measureStepsAtOnce, 3))})
	if _, ok := widthsOf(cmd); ok {
		t.Fatal("a small folder's steps were measured in a command, after its first frame")
	}
	fs := m.entities.current()
	if !fs.stepWDone || fs.stepWSeq != 0 {
		t.Fatalf("the folder's widest steps were not measured with its rows (done %v, asked %d)", fs.stepWDone, fs.stepWSeq)
	}
	m.View()
	if got, want := m.steps.cols[1].natural, textWidth("The longest step name of the whole folder"); got != want {
		t.Fatalf("the first frame's step name column is %d wide, want the folder's widest, %d", got, want)
	}
}
