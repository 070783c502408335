package form

import (
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
)

// testHost is a host without a browser: a terminal of a fixed size, the house keys,
// and what the form did to the status bar and the request numbers, recorded.
type testHost struct {
	look  Look
	seq   uint64
	infos []string
}

func newTestHost() *testHost {
	c := lipgloss.Color("#5fafff")
	colors := Colors{Dark: true, Text: c, Muted: c, Faint: c, Accent: c, OnAccent: c, BlurBg: c, OK: c, Error: c}
	n := lipgloss.NewStyle()
	return &testHost{look: Look{Huh: HuhStyles(colors, false), Hint: n, Error: n, Notice: n, Loading: n, Status: n}}
}

func (h *testHost) Width() int          { return 80 }
func (h *testHost) BodyHeight() int     { return 22 }
func (h *testHost) Look() *Look         { return &h.look }
func (h *testHost) Spinner() string     { return "⠋" }
func (h *testHost) Next() uint64        { h.seq++; return h.seq }
func (h *testHost) SetInfo(text string) { h.infos = append(h.infos, text) }

func (h *testHost) Keys() Keys {
	b := func(keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(keys[0], keys[0]))
	}
	return Keys{Cancel: b("esc"), Send: b("ctrl+s"), Yes: b("y", "Y"), No: b("n", "N", "esc")}
}

// press hands f the keys named, one by one, and reports whether the form said it is done.
func press(t *testing.T, f *Form, keys ...string) (done bool) {
	t.Helper()
	for _, k := range keys {
		var msg tea.KeyPressMsg
		switch k {
		case "enter":
			msg = tea.KeyPressMsg{Code: tea.KeyEnter}
		case "esc":
			msg = tea.KeyPressMsg{Code: tea.KeyEscape}
		case "ctrl+s":
			msg = tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl}
		case "backspace":
			msg = tea.KeyPressMsg{Code: tea.KeyBackspace}
		case "delete":
			msg = tea.KeyPressMsg{Code: tea.KeyDelete}
		case "up":
			msg = tea.KeyPressMsg{Code: tea.KeyUp}
		case "down":
			msg = tea.KeyPressMsg{Code: tea.KeyDown}
		case "left":
			msg = tea.KeyPressMsg{Code: tea.KeyLeft}
		case "end":
			msg = tea.KeyPressMsg{Code: tea.KeyEnd}
		case "home":
			msg = tea.KeyPressMsg{Code: tea.KeyHome}
		case "space":
			msg = tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
		default:
			r := []rune(k)[0]
			msg = tea.KeyPressMsg{Code: r, Text: k}
		}
		_, done = f.Update(msg)
	}
	return done
}

// typeText types s into f, key by key.
func typeText(t *testing.T, f *Form, s string) {
	t.Helper()
	for _, r := range s {
		press(t, f, string(r))
	}
}
