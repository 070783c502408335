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
	funnels := make([]client.Funnel, n)
	for i := range funnels {
		name := fmt.Sprintf("%s %s %d · %s", benchWords[i%len(benchWords)], benchWords[(i/7)%len(benchWords)], 2000+i%30, benchWords[(i/13)%len(benchWords)])
		funnels[i] = client.Funnel{ID: "f" + strconv.Itoa(i), Name: name, StepsKnown: true, Steps: []client.Step{{
			ID: "s" + strconv.Itoa(i), Sequence: 1, Name: "Landing Page", URL: "/f" + strconv.Itoa(i) + "-landing",
			Type: "optin_funnel_page", Pages: []string{"p" + strconv.Itoa(i)},
		}}}
	}
	seq := m.next()
	m.entities.load(seq)
	m.Update(entitiesMsg{folderID: "", seq: seq, rows: entityRows(nil, funnels)})
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
