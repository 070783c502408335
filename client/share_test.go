package client_test

import (
	"errors"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// Two views of one client: the read-only one refuses a write before it is sent, the
// other sends it, and each view's subscribers hear only its own requests.
func TestSharedViewsKeepTheirOwnReadOnlyAndEvents(t *testing.T) {
	base, sb := newTestClient(t, sandbox.Options{})
	reader, writer := base.Share(true), base.Share(false)
	var mu sync.Mutex
	heard := map[string]int{}
	for name, c := range map[string]*client.Client{"reader": reader, "writer": writer} {
		stop := c.Subscribe(func(e client.Event) {
			if _, ok := e.(client.RequestFinished); ok {
				mu.Lock()
				heard[name]++
				mu.Unlock()
			}
		})
		t.Cleanup(stop)
	}
	req := client.CreateRedirectRequest{Domain: "join.lakesidefit.com", Path: "/shared", Target: "https://example.com", Action: "url"}
	sb.Server.ResetLog()
	if _, _, err := reader.CreateRedirect(ctxT(t), req); !errors.Is(err, client.ErrReadOnly) {
		t.Fatalf("the read-only view's write: %v, want ErrReadOnly", err)
	}
	if n := len(sb.Server.Requests()); n != 0 {
		t.Fatalf("the read-only view sent %d request(s)", n)
	}
	if _, _, err := writer.CreateRedirect(ctxT(t), req); err != nil {
		t.Fatalf("the writing view's write: %v", err)
	}
	if !writer.Share(true).ReadOnly() || base.ReadOnly() || writer.ReadOnly() {
		t.Fatal("read-only did not stay with the view it was asked for")
	}
	mu.Lock()
	defer mu.Unlock()
	if heard["writer"] != 1 || heard["reader"] != 0 {
		t.Fatalf("events heard: %v; want the writer's one request, none for the reader", heard)
	}
}

// Views share one pacer: callers on two views together stay within the server's
// limit, as callers of one client do.
func TestSharedViewsPaceTogether(t *testing.T) {
	base, sb := newTestClient(t, sandbox.Options{Limit: 10, Window: time.Second})
	views := []*client.Client{base.Share(false), base.Share(true)}
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 8 {
				if _, _, err := views[i%2].FolderEntities(ctxT(t), "", "", ""); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	if n := countStatus(sb, http.StatusTooManyRequests); n > 0 {
		t.Fatalf("two views of one client tripped %d 429s at the server", n)
	}
}

// countStatus counts the sandbox's answers with status.
func countStatus(sb *sandbox.Running, status int) (n int) {
	for _, r := range sb.Server.Requests() {
		if r.Status == status {
			n++
		}
	}
	return n
}
