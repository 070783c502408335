package serve

import (
	"context"
	"testing"
	"time"

	"charm.land/ssh"
)

// Sizes beyond a real terminal's, and nonsense, are clamped before use.
func TestClampWindow(t *testing.T) {
	for _, c := range []struct{ w, h, wantW, wantH int }{
		{80, 24, 80, 24},
		{65535, 65535, maxColumns, maxRows},
		{1<<32 - 1, 1<<32 - 1, maxColumns, maxRows},
		{0, 0, 1, 1},
		{-5, 3, 1, 3},
	} {
		got := clampWindow(ssh.Window{Width: c.w, Height: c.h})
		if got.Width != c.wantW || got.Height != c.wantH {
			t.Errorf("%d×%d → %d×%d, want %d×%d", c.w, c.h, got.Width, got.Height, c.wantW, c.wantH)
		}
	}
}

// A storm of changes is taken as fast as it comes, whether anyone follows or not and
// however slow the follower; the follower sees the latest size, not one per change.
func TestWindowsKeepOnlyTheLatest(t *testing.T) {
	ch := make(chan ssh.Window) // unbuffered, as a blocking sender meets it
	w := watchWindows(ssh.Window{Width: 1 << 20, Height: 3}, ch)
	if got := w.size(); got.Width != maxColumns || got.Height != 3 {
		t.Fatalf("first size %+v", got)
	}
	const storm = 100_000
	sent := make(chan struct{})
	go func() {
		for i := range storm {
			ch <- ssh.Window{Width: 10 + i%500, Height: 5 + i%100}
		}
		close(sent)
	}()
	select {
	case <-sent:
	case <-time.After(30 * time.Second):
		t.Fatal("the changes were not taken while nobody followed them")
	}

	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	got := make(chan ssh.Window, storm)
	go w.follow(ctx, func(win ssh.Window) {
		time.Sleep(time.Millisecond) // a busy browser
		got <- win
	})
	go func() {
		for i := range storm {
			ch <- ssh.Window{Width: 10 + i%500, Height: 5 + i%100}
		}
		ch <- ssh.Window{Width: 123, Height: 45}
		close(ch)
	}()
	last, n := ssh.Window{}, 0
	for deadline := time.After(30 * time.Second); last.Width != 123 || last.Height != 45; n++ {
		select {
		case last = <-got:
		case <-deadline:
			t.Fatalf("the last size never came; the follower saw %d, the last %+v", n, last)
		}
	}
	if n > storm/10 {
		t.Errorf("the follower was handed %d sizes for %d changes: they did not pile into one", n, storm)
	}
}
