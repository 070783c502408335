package ui

import "context"

// loadCtx is the context of one load (a folder's listing, a step's pages, a page's
// record). It is made in Update when the load starts and cancelled there when the load
// is no longer wanted: the user left what it was for, a newer load replaced it, its
// answer arrived, or the program ended (it derives from the program's context). A
// cancelled load stops between pages and between retries instead of running on.
type loadCtx struct {
	ctx    context.Context
	cancel context.CancelFunc
}

// start cancels the load under way, if any, and begins a new one under parent.
func (l *loadCtx) start(parent context.Context) context.Context {
	l.stop()
	l.ctx, l.cancel = context.WithCancel(parent)
	return l.ctx
}

// stop cancels the load, if one is under way.
func (l *loadCtx) stop() {
	if l.cancel != nil {
		l.cancel()
	}
	l.ctx, l.cancel = nil, nil
}

// context is the load's context; a load never started gets one already cancelled, so a
// stray command sends nothing.
func (l *loadCtx) context() context.Context {
	if l.ctx == nil {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		return ctx
	}
	return l.ctx
}
