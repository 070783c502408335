package form

import (
	"reflect"

	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"
)

// Keys reach a form in the order they were typed, each to the field that has the
// focus when it is handled. A huh field asks for the focus to move by returning a
// command (huh.NextField, huh.PrevField); the program runs it only after the keys
// already queued behind the enter, so those would land in the field just left:
// "VIP⏎/vip-offer" arriving in one read would give the name "VIP/". settle takes
// those commands out of what huh returned and moves the focus at once, so the next
// key, or paste, finds the field it was typed for.

// settle moves the focus as the field changes asked for in cmd say, now, and returns
// the rest of cmd (and of what the moves returned) to run as usual.
func (f *Form) settle(cmd tea.Cmd) tea.Cmd {
	rest, moves := takeMoves(cmd)
	if len(moves) == 0 {
		return rest
	}
	cmds := []tea.Cmd{rest}
	for _, forward := range moves {
		if f.form.State != huh.StateNormal {
			break
		}
		cmds = append(cmds, f.settle(f.move(forward)))
	}
	return tea.Batch(cmds...)
}

// move applies one field change: the next or the previous field, or at the edge of a
// group the next or previous group (huh would take one more command for that), or,
// past the last field, completes the form.
func (f *Form) move(forward bool) tea.Cmd {
	cur := f.Focused()
	g := f.groupOf(cur)
	if cur == nil || g < 0 {
		return nil
	}
	fields := f.groups[g].Fields
	switch {
	case forward && fields[len(fields)-1] == cur:
		return f.leaveGroup(cur, f.form.NextGroup)
	case !forward && fields[0] == cur:
		if g == 0 {
			return nil // the first field of the form: huh stays there too
		}
		return f.leaveGroup(cur, f.form.PrevGroup)
	case forward:
		return f.form.NextField()
	}
	return f.form.PrevField()
}

// leaveGroup moves to another group as huh does, the field left blurred; when the
// group may not be left (a field of it is refused), the field keeps the focus, so
// what is typed next still goes into it.
func (f *Form) leaveGroup(cur *Field, to func() tea.Cmd) tea.Cmd {
	cmds := []tea.Cmd{cur.hf.Blur(), to()}
	if f.form.State == huh.StateNormal && f.Focused() == cur {
		cmds = append(cmds, cur.hf.Focus())
	}
	return tea.Batch(cmds...)
}

// takeMoves splits cmd into the field changes it holds (true: forward) and the rest.
// It looks into batches, whose command only hands back their list; any other command
// is left alone, never run here.
func takeMoves(cmd tea.Cmd) (tea.Cmd, []bool) {
	if cmd == nil {
		return nil, nil
	}
	switch reflect.ValueOf(cmd).Pointer() {
	case funcPC(huh.NextField):
		return nil, []bool{true}
	case funcPC(huh.PrevField):
		return nil, []bool{false}
	case funcPC(tea.Batch(huh.NextField, huh.PrevField)):
		batch, ok := cmd().(tea.BatchMsg)
		if !ok {
			return cmd, nil // a sequence: its order is its own
		}
		var rest []tea.Cmd
		var moves []bool
		for _, c := range batch {
			r, m := takeMoves(c)
			rest, moves = append(rest, r), append(moves, m...)
		}
		return tea.Batch(rest...), moves
	}
	return cmd, nil
}

// funcPC is the code a command runs: every batch shares the one of tea.Batch's
// closure, and huh.NextField is always the same function.
func funcPC(cmd tea.Cmd) uintptr { return reflect.ValueOf(cmd).Pointer() }
