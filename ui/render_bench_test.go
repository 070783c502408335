package ui

import (
	"fmt"
	"strconv"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/funnelsdev/funnels/client"
)

// The whole screen of one cursor move, as make bench measures it (render_1k …): the
// root model in a 120×40 terminal, the first pane holding n funnels of one step each,
// Update and View of a down (or up) key.

// benchModel is the root model showing n funnels, loaded.
func benchModel(n int) *Model {
	m := New(Options{Profile: "bench", Theme: "dark", Debounce: -1})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	rows := make([]entityRow, n)
	for i := range rows {
		name := fmt.Sprintf("%s %s %d · %s", benchWords[i%len(benchWords)], benchWords[(i/7)%len(benchWords)], 2000+i%30, benchWords[(i/13)%len(benchWords)])
		id := "f" + strconv.Itoa(i)
		rows[i] = entityRow{id: id, name: name, label: name, note: "1 step", steps: []stepRow{{
			id: "s" + strconv.Itoa(i), seq: 1, name: "Landing Page", path: "/f" + strconv.Itoa(i) + "-landing",
			kind: "opt-in", rec: client.Step{Pages: []string{"p" + strconv.Itoa(i)}}, funnel: name,
		}}}
	}
	seq := m.next()
	m.entities.load(seq)
	m.Update(entitiesMsg{folderID: "", seq: seq, rows: rows})
	return m
}

func BenchmarkScreenCursorMove(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(sizeName(n), func(b *testing.B) {
			m := benchModel(n)
			down, up := keyPress("down"), keyPress("up")
			_ = m.View()
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if (i/50)%2 == 0 {
					m.Update(down)
				} else {
					m.Update(up)
				}
				_ = m.View()
			}
		})
	}
}
