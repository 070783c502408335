package e2e

import (
	"sync"

	"charm.land/bubbles/v2/list"
	"charm.land/bubbles/v2/paginator"
	tea "charm.land/bubbletea/v2"
)

// The baseline of the render and filter figures: bubbles/list, the list component of
// the Bubble Tea family, holding the same items in a terminal of the same size, set
// up the way it is meant to be used (its default delegate, one line per item to show
// as many rows as our pane, its own filter: sahilm/fuzzy over every item in a
// command).

// bubblesItem is one funnel as a bubbles/list item.
type bubblesItem struct{ title, desc string }

func (i bubblesItem) Title() string       { return i.title }
func (i bubblesItem) Description() string { return i.desc }
func (i bubblesItem) FilterValue() string { return i.title }

// newBubblesList holds n items named as bigAPI names its funnels.
func newBubblesList(n, w, h int) list.Model {
	items := make([]list.Item, n)
	for i := range items {
		items[i] = bubblesItem{title: benchName(i), desc: "1 step"}
	}
	d := list.NewDefaultDelegate()
	d.ShowDescription = false
	d.SetSpacing(0)
	l := list.New(items, d, w, h)
	l.Title = "Funnels"
	fairPaginator(&l)
	// Our filter input does not blink either; a blink is a timer command per key.
	st := l.FilterInput.Styles()
	st.Cursor.Blink = false
	l.FilterInput.SetStyles(st)
	return l
}

// fairPaginator gives bubbles/list the paginator that says "3/120": its default
// draws a dot per page, a line that grows with the item count, which would make
// the baseline slow for a reason nobody would keep.
func fairPaginator(l *list.Model) { l.Paginator.Type = paginator.Arabic }

// bubblesKey is one key press in bubbles/list: Update, then, when the key changed the
// filter, the filter command run to completion and its result given to Update (as
// the program would), then View. Other commands (none that matter here) are not run.
func bubblesKey(l list.Model, msg tea.KeyPressMsg) list.Model {
	l, cmd := l.Update(msg)
	if l.FilterState() == list.Filtering || l.IsFiltered() {
		if res := runForFilterMatches(cmd); res != nil {
			l, _ = l.Update(res)
		}
	}
	_ = l.View()
	return l
}

// runForFilterMatches runs cmd and the commands of any batch it returns, each in its
// own goroutine as Bubble Tea runs them, until one answers with the filter's matches.
// It returns nil when none does.
func runForFilterMatches(cmd tea.Cmd) tea.Msg {
	if cmd == nil {
		return nil
	}
	found := make(chan tea.Msg, 1)
	var wg sync.WaitGroup
	var start func(c tea.Cmd)
	start = func(c tea.Cmd) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			switch msg := c().(type) {
			case list.FilterMatchesMsg:
				select {
				case found <- msg:
				default:
				}
			case tea.BatchMsg:
				for _, sub := range msg {
					if sub != nil {
						start(sub)
					}
				}
			}
		}()
	}
	start(cmd)
	allDone := make(chan struct{})
	go func() { wg.Wait(); close(allDone) }()
	select {
	case msg := <-found:
		return msg
	case <-allDone:
		select {
		case msg := <-found:
			return msg
		default:
			return nil
		}
	}
}
