package serve

import (
	"context"
	"sync"

	"charm.land/ssh"
)

// The largest terminal a session is given, whatever its client asks for: the width
// of a 4K or ultrawide screen in a small font, and more rows than one shows. Every
// buffer the browser draws is sized by the window (a session at this size costs the
// server about 100 MB at its peak), so the size is clamped before anything is
// allocated by it.
const (
	maxColumns = 640
	maxRows    = 200
)

// clampWindow is w within what a session is given: at least one cell each way, at
// most maxColumns×maxRows.
func clampWindow(w ssh.Window) ssh.Window {
	w.Width = min(max(w.Width, 1), maxColumns)
	w.Height = min(max(w.Height, 1), maxRows)
	return w
}

// windows keeps the latest window size of a session with a terminal. The ssh
// server hands each change over synchronously on the connection's request loop, so
// a reader that stops or blocks wedges the whole connection — its input, its exit,
// its idle timeout. One goroutine takes every change as it comes and keeps only the
// last (clamped); whoever wants them is told that one changed, and reads the latest
// when it is ready: a storm of changes costs neither a goroutine nor a message each.
type windows struct {
	mu      sync.Mutex
	latest  ssh.Window
	changed chan struct{} // holds one token while a change is unread
}

// watchWindows starts taking the session's window changes, from the first size on,
// until the ssh server closes ch (when the session's channel closes).
func watchWindows(first ssh.Window, ch <-chan ssh.Window) *windows {
	w := &windows{latest: clampWindow(first), changed: make(chan struct{}, 1)}
	go func() {
		for win := range ch {
			w.mu.Lock()
			w.latest = clampWindow(win)
			w.mu.Unlock()
			select {
			case w.changed <- struct{}{}:
			default: // one is unread already: it will read this size
			}
		}
	}()
	return w
}

// size is the latest window size.
func (w *windows) size() ssh.Window {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.latest
}

// follow calls send with the latest size after each change, until ctx ends; a send
// that blocks (the browser busy) only lets changes pile into one.
func (w *windows) follow(ctx context.Context, send func(ssh.Window)) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-w.changed:
			send(w.size())
		}
	}
}
