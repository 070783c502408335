// Command keycounter is the smallest Bubble Tea program the bench measures a key
// against: it counts the keys pressed and shows the count, nothing else.
package main

import (
	"fmt"
	"os"
	"strconv"

	tea "charm.land/bubbletea/v2"
)

type counter struct{ n int }

func (c counter) Init() tea.Cmd { return nil }

func (c counter) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		if k.String() == "ctrl+c" {
			return c, tea.Quit
		}
		c.n++
	}
	return c, nil
}

func (c counter) View() tea.View { return tea.NewView("keys " + strconv.Itoa(c.n) + ".") }

func main() {
	if _, err := tea.NewProgram(counter{}).Run(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
